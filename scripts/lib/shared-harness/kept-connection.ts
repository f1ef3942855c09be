import { isUnavailableError, openConnection, type Connection, type Queryable } from '../../../netlify/lib/db';
import type { DatabaseConfig } from '../../../netlify/lib/env';

/** Longest one of a test's own statements may run on the server, in ms (the functions' requests have a deadline). */
const KEPT_STATEMENT_TIMEOUT_MS = 8_000;

type Kept = { connection: Promise<Connection>; queue: Promise<unknown> };

// On globalThis, not in the module: a test file that calls vi.resetModules() loads this module again, and the
// process must still have one connection per database.
const KEPT = Symbol.for('lone-star.kept-connections');
const kept: Map<string, Kept> = ((globalThis as { [KEPT]?: Map<string, Kept> })[KEPT] ??= new Map());

/**
 * Runs `work` on this process's one open connection to `database`, opened at first use and kept until the process
 * ends, for the statements a test makes itself (emptying tables, setting up an owner, reading what a function
 * stored). A connection to a PostgreSQL server starts a backend process, about 45 ms of CPU on the test machine
 * against 0.05 ms for a statement, and the suites make a few thousand such statements; the functions under test
 * still open a connection per request, as on Netlify. Works on one database run one after another, so a transaction
 * in one never takes in another's statements. A connection that failed is dropped, and the next call opens a new one.
 */
export function withKeptConnection<T>(database: DatabaseConfig, work: (db: Queryable) => Promise<T>): Promise<T> {
  const key = `${database.wsProxy ?? ''} ${database.url}`;
  let entry = kept.get(key);
  if (!entry) {
    entry = {
      // Fixed limits per statement, not a request's deadline: the connection outlives any one request.
      connection: openConnection({
        config: { url: database.url, wsProxy: database.wsProxy || undefined },
        statementTimeoutMs: KEPT_STATEMENT_TIMEOUT_MS,
        queryTimeoutMs: KEPT_STATEMENT_TIMEOUT_MS + 1_000,
      }),
      queue: Promise.resolve(),
    };
    kept.set(key, entry);
  }
  const current = entry;
  const run = current.queue.then(async () => {
    try {
      return await work((await current.connection).db);
    } catch (error) {
      if (isUnavailableError(error) && kept.get(key) === current) {
        kept.delete(key);
        void current.connection.then((connection) => connection.close(), () => {});
      }
      throw error;
    }
  });
  current.queue = run.catch(() => {});
  return run;
}
