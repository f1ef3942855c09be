import { createServer, type AddressInfo, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { WebSocket } from 'ws';
import { startWsBridge, type WsBridge } from './ws-bridge';

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

describe('startWsBridge', () => {
  let bridge: WsBridge;
  let target: Server;
  let received: Buffer[] = [];
  let closedByBridge = 0;

  beforeAll(async () => {
    target = createServer((socket) => {
      socket.on('data', (chunk) => {
        received.push(chunk);
        socket.write(Buffer.from(`echo:${chunk.length}`));
      });
      socket.on('end', () => {
        closedByBridge += 1;
        socket.end();
      });
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    bridge = await startWsBridge();
  });
  afterAll(async () => {
    await bridge.stop();
    await new Promise((resolve) => target.close(resolve));
  });

  function open(address: string): Promise<WebSocket> {
    const ws = new WebSocket(`ws://${bridge.address}/v2?address=${address}`);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(ws));
      ws.once('error', reject);
    });
  }

  test('listens on 127.0.0.1 and reports host:port', () => {
    expect(bridge.address).toMatch(/^127\.0\.0\.1:\d+$/);
  });

  test('relays bytes both ways and hangs up after the client sends Terminate', async () => {
    received = [];
    const port = (target.address() as AddressInfo).port;
    const ws = await open(`127.0.0.1:${port}`);
    const answered = new Promise<string>((resolve) => ws.once('message', (data) => resolve(String(data))));
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
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
    const port = (target.address() as AddressInfo).port;
    const ws = await open(`127.0.0.1:${port}`);
    const text = Buffer.from('SELECT \'X\0\0\0\x04\'\0');
    ws.send(STARTUP);
    ws.send(Buffer.concat([Buffer.from('Q'), int32(4 + text.length), text]));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(ws.readyState).toBe(WebSocket.OPEN);
    ws.close();
  });

  test.each([['example.com:5432'], ['10.0.0.1:5432'], ['127.0.0.1'], ['']])(
    'refuses to connect anywhere but loopback: %j',
    async (address) => {
      const ws = await open(address);
      const code = await new Promise<number>((resolve) => ws.once('close', (closeCode) => resolve(closeCode)));
      expect(code).toBe(1008);
    },
  );
});
