import { withKeptConnection } from '../../../scripts/lib/shared-harness/kept-connection';
import { workerSite } from './context';

/** Runs one query on the database the server under test writes to (to check what a flow stored). */
export async function queryRows<Row extends Record<string, unknown>>(text: string, params: unknown[] = []): Promise<Row[]> {
  const { url, wsProxy } = workerSite().database;
  const { rows } = await withKeptConnection({ url, wsProxy }, (db) => db.query<Row>(text, params));
  return rows;
}
