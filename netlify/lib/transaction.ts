import type { ErrorCode } from '@shared/schemas/api-error';
import type { Result } from '@shared/result';
import { outOfTime, type Queryable } from './db';
import { serverLimitMs } from './deadline';

/** A connection inside an open transaction: what needs BEGIN … COMMIT around it asks for this type. */
export type Transaction = Queryable & { readonly inTransaction: true };

/**
 * The statement that opens a transaction on `db`: on a connection working to a deadline, BEGIN plus the server's
 * statement and lock limits for this transaction, set to what is left of the deadline (one round trip; SET LOCAL ends
 * with the transaction, so PgBouncer's transaction pooling passes it on safely). A lock is then waited for as long as
 * the request can afford, and a wait past the deadline ends in 55P03 or 57014 from the server, both "unavailable".
 */
function beginStatement(db: Queryable): string {
  if (!db.deadline) return 'BEGIN';
  const limit = serverLimitMs(db.deadline);
  if (limit < 1) throw outOfTime();
  return `BEGIN; SET LOCAL statement_timeout = ${limit}; SET LOCAL lock_timeout = ${limit}`;
}

/**
 * Runs `work` between BEGIN and COMMIT on this request's one connection. Anything `work` throws rolls the
 * transaction back and passes on unchanged.
 */
export async function inTransaction<T>(db: Queryable, work: (tx: Transaction) => Promise<T>): Promise<T> {
  await db.query(beginStatement(db));
  let result: T;
  try {
    result = await work(db as Transaction);
  } catch (error) {
    // A broken connection cannot roll back; the server does it when the connection closes.
    await db.query('ROLLBACK').catch(() => {});
    throw error;
  }
  await db.query('COMMIT');
  return result;
}

/**
 * Runs one step of `tx` under a savepoint and keeps what it wrote only when it is done: a refusal, or an error it
 * throws (passed on), rolls back to the savepoint, so the step leaves nothing behind and the transaction stays usable
 * (after a failed statement Postgres refuses every other one until a rollback).
 */
export async function keptIfDone<T, C extends ErrorCode, D>(
  tx: Transaction,
  step: () => Promise<Result<T, C, D>>,
): Promise<Result<T, C, D>> {
  await tx.query('SAVEPOINT step');
  let result: Result<T, C, D>;
  try {
    result = await step();
  } catch (error) {
    // A broken connection cannot roll back; the error that broke it is the one to pass on.
    await tx.query('ROLLBACK TO SAVEPOINT step').catch(() => {});
    throw error;
  }
  await tx.query(result.ok ? 'RELEASE SAVEPOINT step' : 'ROLLBACK TO SAVEPOINT step');
  return result;
}
