import { createServer, request, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { STARTING_RETRY_AFTER_S, startRequestGuard, type RequestGuard } from './request-guard';

const LIMIT = 1000;
const TIMEOUT_MS = 500;

/** Sends `body` to `port` with node:http: the status and the answer's body. */
function post(port: number, body: Buffer, headers: Record<string, string> = {}): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const sent = request({ host: '127.0.0.1', port, method: 'POST', path: '/echo?x=1', headers }, (answer) => {
      let text = '';
      answer.on('data', (chunk) => (text += chunk));
      answer.on('end', () => resolve({ status: answer.statusCode ?? 0, text }));
    });
    sent.on('error', reject);
    sent.end(body);
  });
}

describe('startRequestGuard', () => {
  let upstream: Server;
  let guard: RequestGuard;
  const seen: number[] = [];
  beforeAll(async () => {
    // Stands in for netlify dev: echoes what it got, and counts every request that reached it.
    upstream = createServer((incoming, answer) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => {
        seen.push(Buffer.concat(chunks).length);
        answer.setHeader('Set-Cookie', ['a=1', 'b=2']);
        answer.end(`${incoming.method} ${incoming.url} ${Buffer.concat(chunks).toString()}`);
      });
    });
    new WebSocketServer({ server: upstream }).on('connection', (socket) => socket.on('message', (data) => socket.send(`echo ${data}`)));
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const targetPort = (upstream.address() as AddressInfo).port;
    guard = await startRequestGuard({ host: '127.0.0.1', port: 0, targetPort, maxBodyBytes: LIMIT, bodyTimeoutMs: TIMEOUT_MS });
    guard.ready();
  });
  afterAll(async () => {
    await guard?.stop();
    await new Promise((resolve) => upstream?.close(resolve));
  });

  test('passes a body up to the limit, and the answer with every header, through', async () => {
    const answer = await post(guard.port, Buffer.from('x'.repeat(LIMIT)));
    expect(answer).toEqual({ status: 200, text: `POST /echo?x=1 ${'x'.repeat(LIMIT)}` });
    const res = await fetch(`http://127.0.0.1:${guard.port}/page`);
    expect(res.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(await res.text()).toBe('GET /page ');
  });

  test('answers 413 to a declared or streamed body over the limit, and never passes it on', async () => {
    const before = seen.length;
    const declared = await post(guard.port, Buffer.alloc(LIMIT + 1, 0x20));
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.text)).toEqual({ error: { code: 'payload_too_large', message: 'The request body is too large.' } });
    const chunked = await post(guard.port, Buffer.alloc(3 * LIMIT, 0x20), { 'Transfer-Encoding': 'chunked' });
    expect(chunked.status).toBe(413);
    expect(seen.length).toBe(before);
  });

  test('answers 408 to a body that does not arrive in time, and never passes it on', async () => {
    const before = seen.length;
    const started = Date.now();
    const line = await new Promise<string>((resolve) => {
      const socket = connect(guard.port, '127.0.0.1');
      let received = '';
      socket.on('data', (chunk) => (received += chunk));
      socket.on('close', () => resolve(received.split('\r\n')[0]!));
      socket.write('POST /echo HTTP/1.1\r\nHost: localhost\r\nContent-Length: 10\r\n\r\n{');
    });
    expect(line).toBe('HTTP/1.1 408 Request Timeout');
    expect(Date.now() - started).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(seen.length).toBe(before);
  });

  test('passes WebSocket upgrades (hot reload) through', async () => {
    const socket = new WebSocket(`ws://127.0.0.1:${guard.port}/hmr`);
    const echoed = await new Promise<string>((resolve, reject) => {
      socket.once('open', () => socket.send('ping'));
      socket.once('message', (data) => resolve(String(data)));
      socket.once('error', reject);
    });
    socket.close();
    expect(echoed).toBe('echo ping');
  });
});

describe('startRequestGuard before the site is up', () => {
  let upstream: Server;
  let guard: RequestGuard;
  let seen = 0;
  beforeAll(async () => {
    upstream = createServer((incoming, answer) => {
      seen += 1;
      incoming.resume();
      answer.end('the site');
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    guard = await startRequestGuard({ host: '127.0.0.1', port: 0, targetPort: (upstream.address() as AddressInfo).port });
  });
  afterAll(async () => {
    await guard?.stop();
    await new Promise((resolve) => upstream?.close(resolve));
  });

  test('answers 503 with Retry-After and a page that says it is starting, and passes nothing on until ready()', async () => {
    const early = await fetch(`http://127.0.0.1:${guard.port}/admin`);
    expect(early.status).toBe(503);
    expect(early.headers.get('retry-after')).toBe(String(STARTING_RETRY_AFTER_S));
    expect(early.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(early.headers.get('cache-control')).toBe('no-store');
    expect(await early.text()).toContain('The site is starting');
    const posted = await post(guard.port, Buffer.from('{"a":1}'), { 'Content-Type': 'application/json' });
    expect(posted.status).toBe(503);
    const socket = new WebSocket(`ws://127.0.0.1:${guard.port}/hmr`);
    socket.on('error', () => undefined);
    const refused = await new Promise<number>((resolve) =>
      socket.once('unexpected-response', (request, answer) => {
        request.destroy();
        resolve(answer.statusCode ?? 0);
      }),
    );
    expect(refused).toBe(503);
    expect(seen).toBe(0);

    guard.ready();
    const later = await fetch(`http://127.0.0.1:${guard.port}/admin`);
    expect(later.status).toBe(200);
    expect(await later.text()).toBe('the site');
    expect(seen).toBe(1);
  });
});
