import type { Queryable } from './db';

/** A connection inside an open transaction: what needs BEGIN … COMMIT around it asks for this type. */
export type Transaction = Queryable & { readonly inTransaction: true };

/**
 * Runs `work` between BEGIN and COMMIT on this request's one connection. Anything `work` throws rolls the
 * transaction back and passes on unchanged.
 */
export async function inTransaction<T>(db: Queryable, work: (tx: Transaction) => Promise<T>): Promise<T> {
  await db.query('BEGIN');
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
