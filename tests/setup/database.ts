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
    apiDatabases: TestDatabase[];
  }
}

/**
 * Starts, once for the api project, a fresh embedded PGlite (temporary directory) behind its WebSocket bridge and,
 * when TEST_DATABASE_URL is set, a new randomly named database on that server. Both are migrated and handed to the
 * tests through `inject('apiDatabases')`; everything is removed afterwards.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started: DatabaseHandle[] = [];
  const teardown = async () => {
    for (const database of started.reverse()) await database.stop();
  };
  try {
    started.push(await embeddedDatabase());
    const databases: TestDatabase[] = [{ name: 'embedded PGlite', url: started[0]!.url, wsProxy: started[0]!.wsProxy ?? '' }];
    const serverUrl = process.env.TEST_DATABASE_URL?.trim();
    if (serverUrl) {
      const server = await newDatabaseOn(serverUrl, 'lone_star_api');
      started.push(server);
      databases.push({ name: 'PostgreSQL', url: server.url, wsProxy: server.wsProxy ?? '' });
    }
    for (const database of databases) {
      await migrate({ config: { url: database.url, wsProxy: database.wsProxy || undefined } });
    }
    project.provide('apiDatabases', databases);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
