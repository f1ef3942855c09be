import { Agent, createServer, request as forward, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect, isIP, type AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';

/**
 * Largest request body `npm start` passes on to netlify dev: netlify dev's own limit (6e6 bytes, in its
 * create-stream-promise.js), over which it does not answer but exits, taking the whole stack with it.
 */
export const MAX_FORWARDED_BODY_BYTES = 6_000_000;
/** How long a request body may take to arrive in full: well under the 30 s after which netlify dev exits. */
export const BODY_TIMEOUT_MS = 10_000;

/** How long the guard's "starting" answer asks a client to wait before it tries again (`Retry-After`), in seconds. */
export const STARTING_RETRY_AFTER_S = 2;

/**
 * A running guard in front of netlify dev (see startRequestGuard). Until ready() it answers every request itself: 503
 * with `Retry-After` and a short page that says the site is starting.
 */
export type RequestGuard = { port: number; ready(): void; stop(): Promise<void> };

/** Options of startRequestGuard. */
export type RequestGuardOptions = {
  /** Where the guard listens: the address and port visitors use. */
  host: string;
  port: number;
  /** The port of netlify dev on 127.0.0.1, which only the guard talks to. */
  targetPort: number;
  maxBodyBytes?: number;
  bodyTimeoutMs?: number;
};

// Hop-by-hop headers (RFC 9110 7.6.1) and the framing the guard redoes itself.
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer', 'expect']);

function endToEnd(headers: IncomingHttpHeaders): Record<string, string | string[]> {
  const kept: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name) && name !== 'content-length') kept[name] = value;
  }
  return kept;
}

/** Answers `status`; a 408 or 502 also closes the connection. */
function refuse(response: ServerResponse, status: 408 | 413 | 502): void {
  if (response.headersSent) {
    response.destroy();
    return;
  }
  const body =
    status === 413
      ? JSON.stringify({ error: { code: 'payload_too_large', message: 'The request body is too large.' } })
      : '';
  const close = status !== 413;
  if (close) response.shouldKeepAlive = false;
  response.writeHead(status, {
    ...(close ? { Connection: 'close' } : {}),
    'Content-Length': Buffer.byteLength(body),
    ...(body ? { 'Content-Type': 'application/json' } : {}),
  });
  response.end(body);
}

// Reloads itself every STARTING_RETRY_AFTER_S seconds, so a browser opened early shows the site once it answers.
const STARTING_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="${STARTING_RETRY_AFTER_S}"><title>Starting…</title>
<style>body{margin:0;min-height:100vh;display:grid;place-items:center;font:1.125rem/1.5 system-ui,sans-serif;
color:#3b2a1a;background:#f7f1e6}main{padding:1.5rem;text-align:center}h1{font-size:1.5rem;margin:0 0 .5rem}</style>
</head><body><main><h1>The site is starting</h1><p>npm start is bringing up the pages and the functions. This page
reloads by itself.</p></main></body></html>
`;

/** Answers a request that came before the site was up: 503, Retry-After and STARTING_PAGE; its body is dropped. */
function answerStarting(request: IncomingMessage, response: ServerResponse): void {
  request.resume();
  response.shouldKeepAlive = false;
  response.writeHead(503, {
    Connection: 'close',
    'Retry-After': String(STARTING_RETRY_AFTER_S),
    'Cache-Control': 'no-store',
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
    'Content-Length': Buffer.byteLength(STARTING_PAGE),
  });
  response.end(request.method === 'HEAD' ? undefined : STARTING_PAGE);
}

/**
 * Answers 413 at once, then reads and drops the rest of the body, so that the client, still sending, gets to read the
 * answer instead of a reset connection; at most DISCARD_FACTOR times the limit, within `timeoutMs`, then it hangs up.
 */
function refuseTooLarge(request: IncomingMessage, response: ServerResponse, maxBytes: number, timeoutMs: number): void {
  refuse(response, 413);
  let dropped = 0;
  const hangUp = () => request.socket.destroy();
  const timer = setTimeout(hangUp, timeoutMs);
  request.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > DISCARD_FACTOR * maxBytes) hangUp();
  });
  request.on('close', () => clearTimeout(timer));
  request.resume();
}

/** How much of a refused body the guard reads and drops before hanging up, as a multiple of the limit. */
const DISCARD_FACTOR = 4;

/**
 * Reads the whole body of `request` into memory, at most `maxBytes` and within `timeoutMs`: undefined when it was
 * answered (413 / 408) or the client went away.
 */
function readBody(
  request: IncomingMessage,
  response: ServerResponse,
  maxBytes: number,
  timeoutMs: number,
): Promise<Buffer | undefined> {
  return new Promise((resolve) => {
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes) {
      refuseTooLarge(request, response, maxBytes, timeoutMs);
      return resolve(undefined);
    }
    const chunks: Buffer[] = [];
    let length = 0;
    let settled = false;
    const settle = (body: Buffer | undefined) => {
      settled = true;
      clearTimeout(timer);
      request.removeListener('data', onData);
      resolve(body);
    };
    const timer = setTimeout(() => {
      if (settled) return;
      settle(undefined);
      refuse(response, 408);
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      length += chunk.length;
      if (length <= maxBytes) {
        chunks.push(chunk);
        return;
      }
      settle(undefined);
      refuseTooLarge(request, response, maxBytes, timeoutMs);
    };
    request.on('data', onData);
    request.on('end', () => !settled && settle(Buffer.concat(chunks)));
    request.on('error', () => !settled && settle(undefined));
    request.on('close', () => !settled && settle(undefined));
  });
}

/**
 * Starts a small HTTP proxy on `host:port` in front of netlify dev on 127.0.0.1:`targetPort`. netlify dev reads a
 * request body itself before routing it, and exits (with the functions, astro dev and, through `npm start`, the
 * database and the inbox) on a body over 6e6 bytes or one that has not arrived after 30 s; any web page could end
 * the stack with one `fetch(..., { mode: 'no-cors' })`. The guard reads every body first: over MAX_FORWARDED_BODY_BYTES is a
 * 413, not complete within BODY_TIMEOUT_MS a 408, and netlify dev only ever sees whole bodies, sent at once. Answers
 * and WebSocket upgrades (astro dev's hot reload) pass through as they come. Until ready() is called (npm start calls
 * it once netlify dev answers), every request gets 503 with `Retry-After` and a page that says the site is starting:
 * a 502 would say something is broken.
 */
export async function startRequestGuard({
  host,
  port,
  targetPort,
  maxBodyBytes = MAX_FORWARDED_BODY_BYTES,
  bodyTimeoutMs = BODY_TIMEOUT_MS,
}: RequestGuardOptions): Promise<RequestGuard> {
  const agent = new Agent({ keepAlive: true });
  let isReady = false;
  const server = createServer(async (request, response) => {
    if (!isReady) return answerStarting(request, response);
    const body = await readBody(request, response, maxBodyBytes, bodyTimeoutMs);
    if (body === undefined) return;
    const headers = endToEnd(request.headers);
    if (body.length > 0 || request.headers['content-length'] !== undefined || request.headers['transfer-encoding']) {
      headers['content-length'] = String(body.length);
    }
    const upstream = forward({ host: '127.0.0.1', port: targetPort, method: request.method, path: request.url, headers, agent });
    upstream.on('response', (answer) => {
      const passed = endToEnd(answer.headers);
      if (answer.headers['content-length'] !== undefined) passed['content-length'] = answer.headers['content-length'];
      response.writeHead(answer.statusCode ?? 502, answer.statusMessage, passed);
      answer.pipe(response);
      answer.on('error', () => response.destroy());
    });
    upstream.on('error', () => refuse(response, 502));
    // A visitor who leaves mid-answer: stop reading it. The body itself was sent whole, never cut off.
    response.on('close', () => {
      if (!response.writableFinished) upstream.destroy();
    });
    upstream.end(body);
  });
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (!isReady) {
      socket.on('error', () => socket.destroy());
      socket.end(`HTTP/1.1 503 Service Unavailable\r\nRetry-After: ${STARTING_RETRY_AFTER_S}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      return;
    }
    const target = connect(targetPort, '127.0.0.1');
    const closeBoth = () => {
      socket.destroy();
      target.destroy();
    };
    socket.on('error', closeBoth);
    target.on('error', closeBoth);
    target.on('connect', () => {
      const lines = [`${request.method} ${request.url} HTTP/${request.httpVersion}`];
      for (let index = 0; index < request.rawHeaders.length; index += 2) {
        lines.push(`${request.rawHeaders[index]}: ${request.rawHeaders[index + 1]}`);
      }
      target.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) target.write(head);
      socket.pipe(target).pipe(socket);
    });
  });
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host === 'localhost' || isIP(host) !== 0 ? host : '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', (error) => console.error(`Request guard: ${error.message}`));
  return {
    port: (server.address() as AddressInfo).port,
    ready: () => {
      isReady = true;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        agent.destroy();
        server.close(() => resolve());
      }),
  };
}
