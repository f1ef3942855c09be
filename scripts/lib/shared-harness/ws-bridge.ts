import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';

/** A running WebSocket-to-TCP bridge for the Neon driver (see startWsBridge). */
export type WsBridge = {
  /** What NEON_WS_PROXY should hold: `127.0.0.1:PORT/SECRET`, no protocol. */
  address: string;
  port: number;
  stop(): Promise<void>;
};

/**
 * The one database server a bridge tunnels to: a TCP server, or a Unix socket that only this bridge is told about
 * (the embedded database's). A socket target is named to the driver by the bridge's own address (DATABASE_URL
 * `postgres://postgres@127.0.0.1:<bridge port>/postgres`), since nothing else listens for it.
 */
export type BridgeTarget = { host: string; port: number } | { path: string };

/** Options of startWsBridge. */
export type WsBridgeOptions = {
  /** The database server every tunnel goes to; requests naming any other address are refused. */
  target: BridgeTarget;
  /** Port of the bridge; 0 or absent picks a free one. */
  port?: number;
  /** The path secret; absent makes a new random one (reuse it only to come back on the same address). */
  secret?: string;
};

/** Largest WebSocket message the bridge accepts from a client; larger ones close that connection (1009). */
export const MAX_FRAME_BYTES = 1024 * 1024;
/**
 * Largest Postgres message length the bridge believes. The functions send at most a 16 KB body as parameters, so a
 * longer message is a broken or hostile client, not a query.
 */
export const MAX_MESSAGE_BYTES = 16 * 1024 * 1024;
/** Postgres' own limit for the untyped start-up messages (MAX_STARTUP_PACKET_LENGTH). */
const MAX_STARTUP_BYTES = 10_000;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);
const SECRET_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

function toBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}

/** Whether `a` and `b` are the same text, compared in constant time. */
function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Why an upgrade request is refused (an HTTP status line), or undefined to accept it. */
function refusal(request: IncomingMessage, secret: string, target: { host: string; port: number }): string | undefined {
  // A web page's WebSocket always carries Origin; the Neon driver in Node sends none.
  if (request.headers.origin !== undefined) return '403 Forbidden';
  let url: URL;
  try {
    url = new URL(request.url ?? '', 'ws://bridge');
  } catch {
    return '400 Bad Request';
  }
  const [, given = '', rest = ''] = /^\/([^/]*)(\/.*)?$/.exec(url.pathname) ?? [];
  if (!sameSecret(given, secret) || rest !== '/v2') return '404 Not Found';
  const match = /^(.+):(\d{1,5})$/.exec(url.searchParams.get('address') ?? '');
  const sameTarget =
    match !== null &&
    Number(match[2]) === target.port &&
    (match[1] === target.host || (LOOPBACK_HOSTS.has(match[1]!) && LOOPBACK_HOSTS.has(target.host)));
  return sameTarget ? undefined : '403 Forbidden';
}

const SSL_REQUEST_CODE = 80_877_103;
const GSSENC_REQUEST_CODE = 80_877_104;

/** What a client's bytes showed: nothing yet, a Terminate ('X') message, or a broken length field. */
type Inspection = 'more' | 'terminate' | 'protocol-error';

/**
 * Follows the frontend side of the Postgres wire protocol just far enough to see a Terminate ('X') message and to
 * check every length field. The Neon driver never closes its WebSocket after Terminate (it relies on the server
 * hanging up), and PGlite's socket server keeps the connection open, so without this every finished client would
 * leak a connection. A length that cannot be (under 4, or absurdly large) is a protocol error, never a loop.
 */
export function createMessageInspector(): (chunk: Buffer) => Inspection {
  let pending = Buffer.alloc(0);
  let startupDone = false;
  let skip = 0;
  return (chunk) => {
    let data = pending.length > 0 ? Buffer.concat([pending, chunk]) : chunk;
    pending = Buffer.alloc(0);
    while (data.length > 0) {
      if (skip > 0) {
        const skipped = Math.min(skip, data.length);
        skip -= skipped;
        data = data.subarray(skipped);
        continue;
      }
      if (!startupDone) {
        // Untyped messages: SSLRequest / GSSENCRequest (8 bytes, more untyped may follow) or the StartupMessage.
        if (data.length < 8) break;
        const length = data.readInt32BE(0);
        if (length < 8 || length > MAX_STARTUP_BYTES) return 'protocol-error';
        const code = data.readInt32BE(4);
        if (length !== 8 || (code !== SSL_REQUEST_CODE && code !== GSSENC_REQUEST_CODE)) startupDone = true;
        skip = length;
        continue;
      }
      if (data.length < 5) break;
      const length = data.readInt32BE(1);
      if (length < 4 || length > MAX_MESSAGE_BYTES) return 'protocol-error';
      if (data[0] === 0x58) return 'terminate';
      skip = 1 + length;
    }
    pending = Buffer.from(data);
    return 'more';
  };
}

function tunnel(ws: WebSocket, tcp: Socket): void {
  const closeBoth = (code?: number) => {
    tcp.destroy();
    if (ws.readyState === ws.OPEN || ws.readyState === ws.CONNECTING) ws.close(code);
  };
  const inspect = createMessageInspector();
  ws.on('message', (data) => {
    if (tcp.destroyed) return;
    const chunk = toBuffer(data);
    const seen = inspect(chunk);
    if (seen === 'protocol-error') {
      closeBoth(1002);
      return;
    }
    tcp.write(chunk);
    if (seen === 'terminate') {
      // The client said goodbye: hang up once the Terminate is delivered, as a real Postgres server would.
      tcp.end();
      ws.close(1000);
    }
  });
  ws.on('close', () => closeBoth());
  ws.on('error', () => closeBoth());
  tcp.on('data', (chunk) => {
    if (ws.readyState === ws.OPEN) ws.send(chunk, { binary: true });
  });
  tcp.on('close', () => closeBoth());
  tcp.on('error', () => closeBoth());
}

function refuse(socket: Duplex, status: string): void {
  if (socket.writable) socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  socket.destroy();
}

/**
 * Starts a WebSocket-to-TCP bridge on 127.0.0.1 so @neondatabase/serverless can reach a plain Postgres (or PGlite's
 * socket server) at `target`. Locked down for a developer's machine: an upgrade is accepted only on the path
 * `/SECRET/v2` (a random secret per run, part of `address`), only without an `Origin` header (so no web page can use
 * it) and only for `?address=` naming the target; messages over MAX_FRAME_BYTES and broken Postgres lengths close
 * that one connection; a malformed request is answered 400. Nothing a client sends can end the process.
 */
export async function startWsBridge({ target, port = 0, secret }: WsBridgeOptions): Promise<WsBridge> {
  const pathSecret = secret ?? randomBytes(24).toString('base64url');
  if (!SECRET_PATTERN.test(pathSecret)) throw new Error('The bridge secret must be 16-128 URL-safe characters.');
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  const server = createServer((_request, response) => {
    response.writeHead(426, { Connection: 'close', 'Content-Length': '0' }).end();
  });
  server.on('clientError', (_error, socket) => refuse(socket, '400 Bad Request'));
  server.on('upgrade', (request, socket, head) => {
    socket.on('error', () => socket.destroy());
    const named = 'path' in target ? { host: '127.0.0.1', port: (server.address() as AddressInfo).port } : target;
    const refused = refusal(request, pathSecret, named);
    if (refused) return refuse(socket, refused);
    wss.handleUpgrade(request, socket, head, (ws) =>
      tunnel(ws, 'path' in target ? connect(target.path) : connect(target.port, target.host)),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  // After start-up, a server error (say, out of file descriptors) must not end the process either.
  server.on('error', (error) => console.error(`WebSocket bridge: ${error.message}`));
  const { port: actualPort } = server.address() as AddressInfo;
  return {
    address: `127.0.0.1:${actualPort}/${pathSecret}`,
    port: actualPort,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const client of wss.clients) client.terminate();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
