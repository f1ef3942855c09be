import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import contact from '../../netlify/functions/contact';
import { migrate } from '../../netlify/lib/migrations';
import { DataDirInUseError, startEmbeddedDatabase } from '../../scripts/lib/shared-harness/embedded-db';
import { inquiry } from '../fixtures';
import { call, postJson, query } from './support';

// Each test starts PGlite twice (about 10 s on a quiet machine, three times that on a busy 2-core one).
const START_TWICE_MS = 90_000;

describe('the embedded database across a restart', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'lone-star-restart-'));
    vi.spyOn(console, 'log').mockImplementation(() => {});
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
    await rm(dir, { recursive: true, force: true });
  });

  test('keeps an acknowledged inquiry after PGlite is closed and reopened on the same directory', async () => {
    const dataDir = join(dir, 'pgdata');
    const first = await startEmbeddedDatabase({ dataDir });
    const sent = inquiry({ guestCount: 200 });
    let id: string;
    try {
      await migrate({ config: { url: first.databaseUrl, wsProxy: first.wsProxy } });
      vi.stubEnv('DATABASE_URL', first.databaseUrl);
      vi.stubEnv('NEON_WS_PROXY', first.wsProxy);
      const response = await call(contact, postJson('/api/contact', sent));
      expect(response.status).toBe(201);
      ({ id } = (await response.json()) as { id: string });
    } finally {
      await first.stop();
    }

    const second = await startEmbeddedDatabase({ dataDir });
    try {
      const database = { name: 'reopened', url: second.databaseUrl, wsProxy: second.wsProxy };
      expect(await query(database, 'SELECT id, first_name, guest_count FROM contact_inquiries')).toEqual([
        { id, first_name: sent.firstName, guest_count: '200' },
      ]);
      // Migrations were recorded too: nothing is applied twice.
      expect((await migrate({ config: { url: database.url, wsProxy: database.wsProxy } })).applied).toEqual([]);
    } finally {
      await second.stop();
    }
  }, START_TWICE_MS);

  test('refuses to open a directory another live instance has open', async () => {
    const dataDir = join(dir, 'shared');
    const owner = await startEmbeddedDatabase({ dataDir });
    try {
      await expect(startEmbeddedDatabase({ dataDir })).rejects.toBeInstanceOf(DataDirInUseError);
    } finally {
      await owner.stop();
    }
    const next = await startEmbeddedDatabase({ dataDir });
    await next.stop();
  }, START_TWICE_MS);
});
