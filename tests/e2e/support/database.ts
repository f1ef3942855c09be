import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { withDatabase } from '../../../netlify/lib/db';
import { migrate } from '../../../netlify/lib/migrations';
import { startEmbeddedDatabase } from '../../../scripts/lib/embedded-db';
import { startWsBridge } from '../../../scripts/lib/ws-bridge';

/** The database the functions under test use, and how to get rid of it. */
export interface E2eDatabase {
  /** What the functions need to reach it (see netlify/lib/env.ts): DATABASE_URL and NEON_WS_PROXY. */
  env: { DATABASE_URL: string; NEON_WS_PROXY: string };
  description: string;
  stop(): Promise<void>;
}

/**
 * A fresh, migrated database for one e2e run: a new database on TEST_DATABASE_URL's server when that is set
 * (dropped afterwards), otherwise an embedded PGlite in a temporary directory (deleted afterwards).
 */
export async function startE2eDatabase(): Promise<E2eDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL?.trim();
  if (serverUrl) {
    const bridge = await startWsBridge();
    const admin = { config: { url: serverUrl, wsProxy: bridge.address } };
    const name = `e2e_${Date.now()}_${process.pid}`;
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const env = { DATABASE_URL: url.href, NEON_WS_PROXY: bridge.address };
    try {
      await withDatabase(undefined, (db) => db.query(`CREATE DATABASE ${name}`), admin);
      await migrate({ config: { url: env.DATABASE_URL, wsProxy: env.NEON_WS_PROXY } });
    } catch (error) {
      await bridge.stop();
      throw error;
    }
    return {
      env,
      description: `database ${name} on ${url.host}`,
      async stop() {
        await withDatabase(undefined, (db) => db.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`), admin).catch(
          (error: unknown) => console.warn(`e2e: could not drop database ${name}:`, error),
        );
        await bridge.stop();
      },
    };
  }

  const dataDir = await mkdtemp(join(tmpdir(), 'lone-star-e2e-'));
  const database = await startEmbeddedDatabase({ dataDir: join(dataDir, 'pgdata') });
  const env = { DATABASE_URL: database.databaseUrl, NEON_WS_PROXY: database.wsProxy };
  try {
    await migrate({ config: { url: env.DATABASE_URL, wsProxy: env.NEON_WS_PROXY } });
  } catch (error) {
    await database.stop();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    env,
    description: 'embedded PGlite',
    async stop() {
      await database.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
