/**
 * Preloaded into `netlify dev` by `npm start` (`NODE_OPTIONS=--import …`), because netlify dev has no host option and
 * listens on every network interface: a server told to listen without a host listens on LISTEN_HOST instead
 * (127.0.0.1 unless the operator chose otherwise with HOST, see docs/security-and-data.md, "Local runs stay local"). Servers that name their host,
 * and Unix sockets, are left alone.
 */
import net from 'node:net';

const host = process.env.LISTEN_HOST || '127.0.0.1';
const listen = net.Server.prototype.listen;

net.Server.prototype.listen = function listenOnChosenHost(...args) {
  const [first] = args;
  if (args.length === 0 || typeof first === 'function') {
    args.unshift(0, host);
  } else if (typeof first === 'number' || (typeof first === 'string' && /^\d+$/.test(first))) {
    if (typeof args[1] !== 'string') args.splice(1, 0, host);
  } else if (first === undefined || first === null) {
    args.splice(0, 1, 0, host);
  } else if (typeof first === 'object' && first.path === undefined && first.fd === undefined && first.handle === undefined && !first._handle && first.host === undefined) {
    args[0] = { ...first, host };
  }
  return listen.apply(this, args);
};
