import type { TestProject } from 'vitest/node';
import { migrate } from '../../netlify/lib/migrations';
import { embeddedDatabase, newDatabaseOn, type DatabaseHandle } from '../../scripts/lib/shared-harness/database';

/** A migrated database the API tests run against. */
export type TestDatabase = {
  /** Shown in test names: "embedded PGlite" or "PostgreSQL". */
  name: string;
  /** DATABASE_URL for the functions. */
  url: string;
  /** NEON_WS_PROXY for the functions (the bridge in front of this database's server). */
  wsProxy: string;
};

declare module 'vitest' {
  export interface ProvidedContext {
    /** One list of databases per worker of the project (index: VITEST_POOL_ID - 1). */
    apiDatabasesByWorker: TestDatabase[][];
  }
}

/** Starts and migrates one worker's databases; pushes what it started onto `started` (for the teardown). */
async function workerDatabases(started: DatabaseHandle[]): Promise<TestDatabase[]> {
  const embedded = await embeddedDatabase();
  started.push(embedded);
  const databases: TestDatabase[] = [{ name: 'embedded PGlite', url: embedded.url, wsProxy: embedded.wsProxy ?? '' }];
  const serverUrl = process.env.TEST_DATABASE_URL?.trim();
  if (serverUrl) {
    const server = await newDatabaseOn(serverUrl, 'lone_star_api');
    started.push(server);
    databases.push({ name: 'PostgreSQL', url: server.url, wsProxy: server.wsProxy ?? '' });
  }
  for (const database of databases) {
    await migrate({ config: { url: database.url, wsProxy: database.wsProxy || undefined } });
  }
  return databases;
}

/**
 * Starts, for each worker of the project, a fresh embedded PGlite (in memory) behind its WebSocket bridge
 * and, when TEST_DATABASE_URL is set, a new randomly named database on that server, so that files empty their tables
 * side by side without meeting. All are migrated and handed to the tests through `inject('apiDatabasesByWorker')`
 * (tests/api/support.ts picks the worker's own); everything is removed afterwards.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started: DatabaseHandle[] = [];
  const teardown = async () => {
    for (const database of started.reverse()) await database.stop();
  };
  try {
    const byWorker: TestDatabase[][] = [];
    for (let worker = 0; worker < Math.max(1, project.config.maxWorkers); worker += 1) {
      byWorker.push(await workerDatabases(started));
    }
    project.provide('apiDatabasesByWorker', byWorker);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
