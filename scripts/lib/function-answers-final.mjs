/**
 * Preloaded into `netlify dev` by `npm start` (`NODE_OPTIONS=--import …`): a function's 404 or 403 is its answer.
 * netlify dev treats such an answer like a missing static file and asks the same function four times more, at
 * `<path>.html`, `<path>.htm`, `<path>/index.html` and `<path>/index.htm` (`alternativePathsFor` in netlify-cli's
 * utils/proxy.js), with the same body: a mistyped cancel token cost five database lookups, a refused owner request
 * five runs. Netlify itself returns a function's answer as it is. netlify dev keeps those paths on the request
 * (`req.alternativePaths`, right after `req.proxyOptions`); for a request it has routed to a function (the
 * `x-nf-function-name` header it adds) this keeps none. Pages and files keep netlify dev's fallbacks.
 */
import { IncomingMessage } from 'node:http';

const paths = Symbol('alternativePaths');

Object.defineProperty(IncomingMessage.prototype, 'alternativePaths', {
  configurable: true,
  get() {
    return this[paths];
  },
  set(value) {
    this[paths] = this.proxyOptions?.headers?.['x-nf-function-name'] ? [] : value;
  },
});
