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

/** Waits for every one of `work` (so that the teardown finds all it started), then throws the first failure if any. */
async function allOrFirstError<T>(work: Promise<T>[]): Promise<T[]> {
  const settled = await Promise.allSettled(work);
  const failed = settled.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((outcome) => (outcome as PromiseFulfilledResult<T>).value);
}

/** Starts and migrates one worker's databases; pushes what it started onto `started` (for the teardown). */
async function workerDatabases(started: DatabaseHandle[]): Promise<TestDatabase[]> {
  const serverUrl = process.env.TEST_DATABASE_URL?.trim();
  const ready = async (start: Promise<DatabaseHandle>, name: string): Promise<TestDatabase> => {
    const handle = await start;
    started.push(handle);
    const database = { name, url: handle.url, wsProxy: handle.wsProxy ?? '' };
    await migrate({ config: { url: database.url, wsProxy: database.wsProxy || undefined } });
    return database;
  };
  return allOrFirstError([
    ready(embeddedDatabase(), 'embedded PGlite'),
    ...(serverUrl ? [ready(newDatabaseOn(serverUrl, 'lone_star_api'), 'PostgreSQL')] : []),
  ]);
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
    // All at once: PostgreSQL creates and migrates in its own processes while PGlite (on this thread) does its share.
    const workers = Array.from({ length: Math.max(1, project.config.maxWorkers) }, () => workerDatabases(started));
    const byWorker = await allOrFirstError(workers);
    project.provide('apiDatabasesByWorker', byWorker);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
