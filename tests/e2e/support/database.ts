import { migrate } from '../../../netlify/lib/migrations';
import { freshTestDatabase } from '../../../scripts/lib/shared-harness/database';

/** The database the functions under test use, and how to get rid of it. */
export interface E2eDatabase {
  /** What the functions need to reach it (see netlify/lib/env.ts): DATABASE_URL and NEON_WS_PROXY. */
  env: { DATABASE_URL: string; NEON_WS_PROXY: string };
  description: string;
  stop(): Promise<void>;
}

/**
 * A fresh, migrated database for one e2e run: a new database on TEST_DATABASE_URL's server when that is set
 * (dropped afterwards), otherwise an embedded PGlite in memory.
 */
export async function startE2eDatabase(): Promise<E2eDatabase> {
  const database = await freshTestDatabase('e2e');
  try {
    await migrate({ config: { url: database.url, wsProxy: database.wsProxy } });
  } catch (error) {
    await database.stop();
    throw error;
  }
  return {
    env: { DATABASE_URL: database.url, NEON_WS_PROXY: database.wsProxy ?? '' },
    description: database.description,
    stop: () => database.stop(),
  };
}
