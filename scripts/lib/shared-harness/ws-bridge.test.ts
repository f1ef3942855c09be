import { createServer as createHttpServer, type IncomingHttpHeaders } from 'node:http';
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { Client } from '@neondatabase/serverless';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { WebSocket } from 'ws';
import { MAX_FRAME_BYTES, MAX_MESSAGE_BYTES, startWsBridge, type WsBridge } from './ws-bridge';

function int32(value: number): Buffer {
  const buffer = Buffer.alloc(4);
  buffer.writeInt32BE(value);
  return buffer;
}

// A StartupMessage, one Query('SELECT 1') and a Terminate, as a Postgres client sends them.
const STARTUP = (() => {
  const params = Buffer.from('user\0postgres\0\0');
  return Buffer.concat([int32(8 + params.length), int32(196_608), params]);
})();
const QUERY = (() => {
  const text = Buffer.from('SELECT 1\0');
  return Buffer.concat([Buffer.from('Q'), int32(4 + text.length), text]);
})();
const TERMINATE = Buffer.concat([Buffer.from('X'), int32(4)]);

/** Resolves with the close code, or with 'open' if the connection is still open after `ms`. */
function closeCode(ws: WebSocket, ms = 2000): Promise<number | 'open'> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve('open'), ms);
    ws.once('close', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

/** Sends raw bytes to the bridge's port and resolves with everything it answers before hanging up. */
function raw(port: number, bytes: string): Promise<string> {
  return new Promise((resolve) => {
    let answer = '';
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('error', () => {});
    socket.on('close', () => resolve(answer));
    socket.setTimeout(3000, () => socket.destroy());
  });
}

describe('startWsBridge', () => {
  let bridge: WsBridge;
  let target: Server;
  let other: Server;
  let received: Buffer[] = [];
  let connections = 0;
  let closedByBridge = 0;
  const sockets = new Set<Socket>();

  beforeAll(async () => {
    target = createServer((socket) => {
      connections += 1;
      sockets.add(socket);
      socket.on('data', (chunk) => {
        received.push(chunk);
        socket.write(Buffer.from(`echo:${chunk.length}`));
      });
      socket.on('error', () => {});
      socket.on('end', () => {
        closedByBridge += 1;
        socket.end();
      });
    });
    other = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    bridge = await startWsBridge({ target: { host: '127.0.0.1', port: targetPort() } });
  });
  afterAll(async () => {
    await bridge.stop();
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => target.close(resolve));
    await new Promise((resolve) => other.close(resolve));
  });
  beforeEach(() => {
    received = [];
  });

  const targetPort = () => (target.address() as AddressInfo).port;
  const secret = () => bridge.address.split('/')[1]!;

  function open(
    address = `127.0.0.1:${targetPort()}`,
    { path = `/${secret()}/v2`, origin }: { path?: string; origin?: string } = {},
  ): Promise<WebSocket> {
    const ws = new WebSocket(`ws://127.0.0.1:${bridge.port}${path}?address=${address}`, origin ? { origin } : {});
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(ws));
      ws.once('unexpected-response', (_request, response) => reject(new Error(`HTTP ${response.statusCode}`)));
      ws.once('error', reject);
    });
  }

  /** Proves the bridge still serves: a full round trip through a new connection. */
  async function stillServes(): Promise<void> {
    const ws = await open();
    const answered = new Promise<string>((resolve) => ws.once('message', (data) => resolve(String(data))));
    ws.send(STARTUP);
    expect(await answered).toMatch(/^echo:\d+$/);
    ws.close();
  }

  test('listens on 127.0.0.1 under a random secret of its own run', async () => {
    expect(bridge.address).toMatch(/^127\.0\.0\.1:\d+\/[A-Za-z0-9_-]{32}$/);
    const second = await startWsBridge({ target: { host: '127.0.0.1', port: targetPort() } });
    try {
      expect(second.address.split('/')[1]).not.toBe(secret());
    } finally {
      await second.stop();
    }
  });

  test('relays bytes both ways and hangs up after the client sends Terminate', async () => {
    closedByBridge = 0;
    const ws = await open();
    const answered = new Promise<string>((resolve) => ws.once('message', (data) => resolve(String(data))));
    const closed = closeCode(ws);
    ws.send(Buffer.concat([STARTUP, QUERY]));
    expect(await answered).toMatch(/^echo:\d+$/);
    // Terminate split across two messages: the bridge must still recognise it.
    ws.send(TERMINATE.subarray(0, 2));
    ws.send(TERMINATE.subarray(2));
    expect(await closed).toBe(1000);
    expect(Buffer.concat(received)).toEqual(Buffer.concat([STARTUP, QUERY, TERMINATE]));
    await expect.poll(() => closedByBridge).toBe(1);
  });

  test('does not mistake an X inside a message for Terminate', async () => {
    const ws = await open();
    const text = Buffer.from("SELECT 'X\0\0\0\x04'\0");
    ws.send(STARTUP);
    ws.send(Buffer.concat([Buffer.from('Q'), int32(4 + text.length), text]));
    expect(await closeCode(ws, 200)).toBe('open');
    ws.close();
  });

  test('refuses an upgrade that carries an Origin header: no web page can use it', async () => {
    const before = connections;
    await expect(open(undefined, { origin: 'http://localhost:8888' })).rejects.toThrow('HTTP 403');
    await expect(open(undefined, { origin: 'null' })).rejects.toThrow('HTTP 403');
    expect(connections).toBe(before);
  });

  test.each([
    ['no secret', '/v2'],
    ['a wrong secret', '/wrong-secret-of-the-same-shape-000000/v2'],
    ['the secret with another path', '/SECRET/v1'],
    ['the secret alone', '/SECRET'],
  ])('refuses %s with 404', async (_label, path) => {
    const before = connections;
    await expect(open(undefined, { path: path.replace('SECRET', secret()) })).rejects.toThrow('HTTP 404');
    expect(connections).toBe(before);
  });

  test.each([
    ['another loopback port', () => `127.0.0.1:${(other.address() as AddressInfo).port}`],
    ['another host', () => `example.com:${targetPort()}`],
    ['a private address', () => `10.0.0.1:${targetPort()}`],
    ['no port', () => '127.0.0.1'],
    ['nothing', () => ''],
  ])('tunnels only to its own database: refuses %s with 403', async (_label, address) => {
    const before = connections;
    await expect(open(address())).rejects.toThrow('HTTP 403');
    expect(connections).toBe(before);
  });

  test('accepts the target under another loopback name', async () => {
    const ws = await open(`localhost:${targetPort()}`);
    ws.close();
  });

  test(`closes a connection whose message is over ${MAX_FRAME_BYTES} bytes (1009) and forwards none of it`, async () => {
    const ws = await open();
    const closed = closeCode(ws);
    ws.send(Buffer.alloc(MAX_FRAME_BYTES + 1));
    expect(await closed).toBe(1009);
    expect(Buffer.concat(received).length).toBe(0);
    await stillServes();
  });

  test.each([
    ['a start-up length of 0', int32(0)],
    ['a negative start-up length', Buffer.concat([int32(-1), int32(196_608)])],
    ['an absurd start-up length', Buffer.concat([int32(2 ** 31 - 1), int32(196_608)])],
    ['a message length of 0', Buffer.concat([STARTUP, Buffer.from('Q'), int32(0)])],
    ['a negative message length', Buffer.concat([STARTUP, Buffer.from('Q'), int32(-5)])],
    ['an absurd message length', Buffer.concat([STARTUP, Buffer.from('Q'), int32(MAX_MESSAGE_BYTES + 1)])],
    ['a Terminate with a broken length', Buffer.concat([STARTUP, Buffer.from('X'), int32(-1)])],
  ])('treats %s as a protocol error: closes that connection (1002), no spin', async (_label, bytes) => {
    const ws = await open();
    const closed = closeCode(ws);
    // Padding so the broken header is complete (an 8-byte start-up header, a 5-byte message header).
    ws.send(Buffer.concat([bytes, Buffer.alloc(8)]));
    expect(await closed).toBe(1002);
    await stillServes();
  });

  test.each([
    ['garbage', 'GARBAGE\r\n\r\n'],
    ['a request line without a version', 'GET /\r\n\r\n'],
    ['an unparseable upgrade target', 'GET //[ HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n'],
    ['a header without a colon', 'GET / HTTP/1.1\r\nbroken header\r\n\r\n'],
    ['a NUL in the request line', 'GET /\0 HTTP/1.1\r\n\r\n'],
  ])('answers %s with a 4xx and keeps running', async (_label, bytes) => {
    // Node reads a request line without a version as HTTP/0.9 and it is no upgrade: 426; the rest are 400.
    expect(await raw(bridge.port, bytes)).toMatch(/^HTTP\/1\.1 4(00|26) /);
    await stillServes();
  });

  test('answers a plain HTTP request 426 and survives clients that vanish mid-handshake or mid-stream', async () => {
    const response = await fetch(`http://127.0.0.1:${bridge.port}/`);
    expect(response.status).toBe(426);
    // Half an upgrade request, then gone.
    const half = connect(bridge.port, '127.0.0.1', () => {
      half.write(`GET /${secret()}/v2?address=127.0.0.1:${targetPort()} HTTP/1.1\r\nUpgrade: websocket\r\n`);
      half.destroy();
    });
    half.on('error', () => {});
    // A tunnel whose client resets while the database is still talking.
    const ws = await open();
    ws.send(STARTUP);
    ws.terminate();
    await stillServes();
  });
});

describe('the Neon driver in Node', () => {
  test('sends no Origin header when it opens its WebSocket (so the bridge can refuse every request that has one)', async () => {
    let headers: IncomingHttpHeaders | undefined;
    const spy = createHttpServer();
    spy.on('upgrade', (request, socket) => {
      headers = request.headers;
      socket.destroy();
    });
    await new Promise<void>((resolve) => spy.listen(0, '127.0.0.1', resolve));
    const proxy = `127.0.0.1:${(spy.address() as AddressInfo).port}/secret-secret-secret`;
    const client = new Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres', connectionTimeoutMillis: 2000 });
    client.neonConfig.wsProxy = (host, port) => `${proxy}/v2?address=${host}:${port}`;
    client.neonConfig.useSecureWebSocket = false;
    client.on('error', () => {});
    await client.connect().catch(() => {});
    await new Promise((resolve) => spy.close(resolve));
    expect(headers).toBeDefined();
    expect(headers!.upgrade?.toLowerCase()).toBe('websocket');
    expect(headers!.origin).toBeUndefined();
  });
});
