import { describe, expect, test } from 'vitest';
import type { Queryable } from '../../netlify/lib/db';
import { ABSOLUTE_LIFETIME_MS, IDLE_TIMEOUT_MS, createSession, findSession } from '../../netlify/lib/owner/sessions';
import { withKeptConnection } from '../../scripts/lib/shared-harness/kept-connection';
import { createOwner, resetOwnerTables } from './admin-support';
import { databases, query, useDatabase } from './support';

type Db = (typeof databases)[number];

/** A new session of the test owner started at `at`; answers its token. */
async function sessionAt(database: Db, at: Date): Promise<string> {
  await createOwner(database);
  return withKeptConnection(database, async (db) => {
    const { rows } = await db.query<{ id: string }>('SELECT id FROM users');
    return createSession(db, rows[0]!.id, at);
  });
}

const sessionCount = async (database: Db) => (await query(database, 'SELECT 1 FROM sessions')).length;

/**
 * The database behind `db`, except that the session lookup's answer comes back without rows, as a garbled or
 * mistaken answer would: whatever findSession sends after it reaches the database.
 */
function lookupAnsweredEmpty(db: Queryable): Queryable {
  let first = true;
  return {
    async query<Row extends Record<string, unknown>>(text: string, params?: readonly unknown[]) {
      if (first) {
        first = false;
        return { rows: [] as Row[] };
      }
      return db.query<Row>(text, params);
    },
  };
}

describe.each(databases)('the session lookup on $name', (database) => {
  useDatabase(database);
  resetOwnerTables(database);

  test('an answer without the row deletes nothing', async () => {
    const now = new Date();
    const token = await sessionAt(database, now);
    const found = await withKeptConnection(database, (db) => findSession(lookupAnsweredEmpty(db), token, now));
    expect(found).toBeUndefined();
    expect(await sessionCount(database)).toBe(1);
    expect(await withKeptConnection(database, (db) => findSession(db, token, now))).toBeDefined();
  });

  test('an unknown token deletes nothing', async () => {
    const now = new Date();
    await sessionAt(database, now);
    const unknown = 'A'.repeat(43);
    expect(await withKeptConnection(database, (db) => findSession(db, unknown, now))).toBeUndefined();
    expect(await sessionCount(database)).toBe(1);
  });

  test.each([
    ['idle for more than 12 hours', IDLE_TIMEOUT_MS + 1],
    ['past its 7 days', ABSOLUTE_LIFETIME_MS + 1],
  ])('a session %s is not found and its row is deleted', async (_label, later) => {
    const start = new Date(Date.now() - later);
    const token = await sessionAt(database, start);
    expect(await withKeptConnection(database, (db) => findSession(db, token, new Date()))).toBeUndefined();
    expect(await sessionCount(database)).toBe(0);
  });

  test('a live session is found and kept', async () => {
    const start = new Date(Date.now() - IDLE_TIMEOUT_MS + 60_000);
    const token = await sessionAt(database, start);
    expect(await withKeptConnection(database, (db) => findSession(db, token, new Date()))).toMatchObject({
      user: { username: 'Dolores' },
    });
    expect(await sessionCount(database)).toBe(1);
  });
});
