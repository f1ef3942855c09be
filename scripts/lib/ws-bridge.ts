import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';

/** A running WebSocket-to-TCP bridge for the Neon driver (see startWsBridge). */
export type WsBridge = {
  /** What NEON_WS_PROXY should hold: host:port of the bridge, no protocol. */
  address: string;
  port: number;
  stop(): Promise<void>;
};

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

function targetOf(url: string | undefined): { host: string; port: number } | undefined {
  const address = new URL(url ?? '/', 'ws://bridge').searchParams.get('address');
  const match = address?.match(/^(.+):(\d{1,5})$/);
  if (!match) return undefined;
  const host = match[1]!;
  const port = Number(match[2]);
  // Loopback only: the bridge must never become an open proxy to other hosts.
  if (!LOOPBACK_HOSTS.has(host) || port < 1 || port > 65_535) return undefined;
  return { host: host === '[::1]' ? '::1' : host, port };
}

function toBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}

const SSL_REQUEST_CODE = 80_877_103;
const GSSENC_REQUEST_CODE = 80_877_104;

/**
 * Follows the frontend side of the Postgres wire protocol just far enough to see a Terminate ('X') message.
 * The Neon driver never closes its WebSocket after Terminate (it relies on the server hanging up), and PGlite's
 * socket server keeps the connection open, so without this every finished client would leak a connection.
 */
function createTerminateDetector(): (chunk: Buffer) => boolean {
  let pending = Buffer.alloc(0);
  let startupDone = false;
  let skip = 0;
  return (chunk) => {
    let data = Buffer.concat([pending, chunk]);
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
        const code = data.readInt32BE(4);
        if (length !== 8 || (code !== SSL_REQUEST_CODE && code !== GSSENC_REQUEST_CODE)) startupDone = true;
        skip = length;
        continue;
      }
      if (data.length < 5) break;
      if (data[0] === 0x58) return true;
      skip = 1 + data.readInt32BE(1);
    }
    pending = Buffer.from(data);
    return false;
  };
}

function bridge(ws: WebSocket, tcp: Socket): void {
  const closeBoth = () => {
    tcp.destroy();
    if (ws.readyState === ws.OPEN || ws.readyState === ws.CONNECTING) ws.close();
  };
  const isTerminate = createTerminateDetector();
  ws.on('message', (data) => {
    const chunk = toBuffer(data);
    tcp.write(chunk);
    if (isTerminate(chunk)) {
      // The client said goodbye: hang up once the Terminate is delivered, as a real Postgres server would.
      tcp.end();
      ws.close(1000);
    }
  });
  ws.on('close', closeBoth);
  ws.on('error', closeBoth);
  tcp.on('data', (chunk) => {
    if (ws.readyState === ws.OPEN) ws.send(chunk, { binary: true });
  });
  tcp.on('close', closeBoth);
  tcp.on('error', closeBoth);
}

/**
 * Starts a WebSocket-to-TCP bridge on 127.0.0.1 so @neondatabase/serverless can reach a plain Postgres
 * (or PGlite's socket server): each WebSocket `?address=host:port` becomes one TCP connection to that loopback
 * host. Port 0 (the default) picks a free port.
 */
export async function startWsBridge({ port = 0 }: { port?: number } = {}): Promise<WsBridge> {
  const server = new WebSocketServer({ host: '127.0.0.1', port });
  server.on('connection', (ws, request) => {
    const target = targetOf(request.url);
    if (!target) {
      ws.close(1008, 'address must be a loopback host:port');
      return;
    }
    bridge(ws, connect(target.port, target.host));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { port: actualPort } = server.address() as AddressInfo;
  return {
    address: `127.0.0.1:${actualPort}`,
    port: actualPort,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const client of server.clients) client.terminate();
        server.close(() => resolve());
      }),
  };
}
