import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { withDatabase } from '../../netlify/lib/db';
import { migrate } from '../../netlify/lib/migrations';
import { startEmbeddedDatabase } from '../../scripts/lib/embedded-db';

/** A migrated database the API tests run against. */
export type TestDatabase = {
  /** Shown in test names: "embedded PGlite" or "PostgreSQL". */
  name: string;
  /** DATABASE_URL for the functions. */
  url: string;
  /** NEON_WS_PROXY for the functions (the bridge serves every loopback server). */
  wsProxy: string;
};

declare module 'vitest' {
  export interface ProvidedContext {
    apiDatabases: TestDatabase[];
  }
}

/**
 * Starts, once for the api project, a fresh embedded PGlite (temporary directory) behind its WebSocket bridge and,
 * when TEST_DATABASE_URL is set, a new randomly named database on that server. Both are migrated and handed to the
 * tests through `inject('apiDatabases')`; everything is removed afterwards.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), 'lone-star-api-'));
  const embedded = await startEmbeddedDatabase({ dataDir: join(dir, 'pgdata') });
  const cleanups: Array<() => Promise<void>> = [
    async () => {
      await embedded.stop();
      await rm(dir, { recursive: true, force: true });
    },
  ];
  const teardown = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };

  try {
    const databases: TestDatabase[] = [
      { name: 'embedded PGlite', url: embedded.databaseUrl, wsProxy: embedded.wsProxy },
    ];
    const serverUrl = process.env.TEST_DATABASE_URL?.trim();
    if (serverUrl) {
      const admin = { config: { url: serverUrl, wsProxy: embedded.wsProxy } };
      const name = `lone_star_api_${Date.now()}_${process.pid}`;
      await withDatabase(undefined, (db) => db.query(`CREATE DATABASE ${name}`), admin);
      cleanups.push(async () => {
        await withDatabase(undefined, (db) => db.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`), admin);
      });
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      databases.push({ name: 'PostgreSQL', url: url.href, wsProxy: embedded.wsProxy });
    }
    for (const database of databases) {
      await migrate({ config: { url: database.url, wsProxy: database.wsProxy } });
    }
    project.provide('apiDatabases', databases);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
