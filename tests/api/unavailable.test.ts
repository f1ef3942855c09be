import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import availability from '../../netlify/functions/availability';
import bookings from '../../netlify/functions/bookings';
import contact from '../../netlify/functions/contact';
import { REQUEST_DEADLINE_MS } from '../../netlify/lib/deadline';
import { UNAVAILABLE, booking, clock, inquiry } from '../fixtures';
import { EXPECTED_HEADERS, bridgeTo, call, get, headersOf, postJson } from './support';

const date = clock.day(20);
const sentInquiry = inquiry();
const requests: Array<[string, () => Promise<Response>]> = [
  ['GET /api/availability', () => call(availability, get(`/api/availability/${date}`))],
  [
    'POST /api/bookings',
    () =>
      call(
        bookings,
        postJson('/api/bookings', booking({ date, timeSlot: 'morning' })),
      ),
  ],
  [
    'POST /api/contact',
    () =>
      call(
        contact,
        postJson('/api/contact', sentInquiry),
      ),
  ],
];

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

async function closedPort(): Promise<number> {
  const server = createServer();
  const port = await listen(server);
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeEach(() => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('when nothing listens on the database port', () => {
  let bridge: Awaited<ReturnType<typeof bridgeTo>>;
  beforeEach(async () => {
    const url = `postgres://postgres@127.0.0.1:${await closedPort()}/postgres`;
    bridge = await bridgeTo(url);
    vi.stubEnv('DATABASE_URL', url);
    vi.stubEnv('NEON_WS_PROXY', bridge.wsProxy);
  });
  afterEach(async () => {
    await bridge.stop();
  });

  // How soon (well under the request deadline) is a figure of `npm run bench:timing`: a busy machine bends it.
  test.each(requests)('%s answers 503 with Retry-After', async (_label, send) => {
    const response = await send();
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('30');
    expect(headersOf(response)).toMatchObject(EXPECTED_HEADERS);
    expect(await response.json()).toEqual(UNAVAILABLE);
  });
});

describe('when the database accepts connections but never answers', () => {
  const sockets = new Set<Socket>();
  const silent = createServer((socket) => {
    // Swallow everything, answer nothing: a hung server or a black-holed network.
    sockets.add(socket);
    socket.on('data', () => {});
  });

  let url = '';
  let bridge: Awaited<ReturnType<typeof bridgeTo>>;
  beforeAll(async () => {
    url = `postgres://postgres@127.0.0.1:${await listen(silent)}/postgres`;
    bridge = await bridgeTo(url);
  });
  beforeEach(() => {
    vi.stubEnv('DATABASE_URL', url);
    vi.stubEnv('NEON_WS_PROXY', bridge.wsProxy);
  });
  afterAll(async () => {
    await bridge.stop();
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  // Side by side: each waits the whole deadline.
  test.concurrent.each(requests)('%s gives up at the request deadline with 503', async (_label, send) => {
    const started = Date.now();
    const response = await send();
    const elapsed = Date.now() - started;
    expect(response.status).toBe(503);
    // It waited for the connection until the deadline (a load-proof floor); how soon after it gave up is a figure of
    // bench:timing.
    expect(elapsed).toBeGreaterThanOrEqual(REQUEST_DEADLINE_MS - 100);
    expect(await response.json()).toEqual(UNAVAILABLE);
  });
});

describe('when the database settings are missing or unusable', () => {
  test.each([
    ['no DATABASE_URL', '', ''],
    ['a URL that is not postgres', 'mysql://root@127.0.0.1/db', ''],
    ['a local URL without the bridge address', 'postgres://postgres@127.0.0.1:5432/postgres', ''],
  ])('with %s every endpoint answers 503, not 500', async (_label, url, proxy) => {
    vi.stubEnv('DATABASE_URL', url);
    vi.stubEnv('NEON_WS_PROXY', proxy);
    for (const [, send] of requests) {
      const response = await send();
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual(UNAVAILABLE);
    }
  });

  test('logs the failure kind and the variable at fault with the request id, never its details', async () => {
    vi.stubEnv('DATABASE_URL', '');
    const log = vi.mocked(console.log);
    log.mockClear();
    await requests[2]![1]();
    const entry = JSON.parse(String(log.mock.calls[0]![0])) as Record<string, unknown>;
    expect(entry).toMatchObject({ endpoint: 'contact', status: 503, failure: 'ConfigError DATABASE_URL: is not set' });
    for (const personal of [sentInquiry.firstName, sentInquiry.email, sentInquiry.phone]) expect(JSON.stringify(entry)).not.toContain(personal);
  });
});
