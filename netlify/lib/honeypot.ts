import type { Transaction } from './transaction';

// A bot that filled the honeypot must not learn it was caught: its request runs the very work a person's would (the
// same statements, so the same answer in the same time), and then that work is undone, so nothing is stored or held.

/**
 * Runs `work` inside `tx` under a savepoint and rolls back to it, whether `work` returns or throws: what `work`
 * answers is passed on, nothing it wrote stays. Mails it queued are rolled back with the rest: never deliver them.
 */
export async function undoneAfter<T>(tx: Transaction, work: () => Promise<T>): Promise<T> {
  await tx.query('SAVEPOINT honeypot');
  try {
    return await work();
  } finally {
    await tx.query('ROLLBACK TO SAVEPOINT honeypot');
  }
}
