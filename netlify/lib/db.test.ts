import { describe, expect, test } from 'vitest';
import { bridgeTo, databases, holdLock, query } from '../../tests/api/support';
import { DatabaseUnavailableError, isUnavailableError, openConnection, withDatabase } from './db';
import { REQUEST_DEADLINE_MS, deadlineIn, startRequestDeadline } from './deadline';
import { inTransaction } from './transaction';

describe.each(databases)('withDatabase on $name', (database) => {
  const config = { url: database.url, wsProxy: database.wsProxy };

  test('runs parameterised statements and closes the connection through waitUntil', async () => {
    const pending: Promise<unknown>[] = [];
    const rows = await withDatabase(
      { waitUntil: (promise) => pending.push(promise) },
      async (db) => (await db.query<{ sum: number }>('SELECT $1::int + $2::int AS sum', [2, 3])).rows,
      { config },
    );
    expect(rows).toEqual([{ sum: 5 }]);
    expect(pending).toHaveLength(1);
    await expect(Promise.all(pending)).resolves.toBeDefined();
  });

  test('passes errors of the work through unchanged', async () => {
    const attempt = withDatabase(undefined, (db) => db.query('SELECT * FROM no_such_table'), { config });
    await expect(attempt).rejects.toMatchObject({ code: '42P01' });
    await expect(attempt.catch(isUnavailableError)).resolves.toBe(false);
  });

  // How soon it answers is a figure of `npm run bench:timing`; here, that the 1.5 s statement is cut short at all.
  test('bounds a slow statement and reports the database as unavailable', async () => {
    // PGlite ignores statement_timeout, so the client-side limit answers there; PostgreSQL cancels the statement.
    const closing: Promise<unknown>[] = [];
    const attempt = withDatabase({ waitUntil: (promise) => closing.push(promise) }, (db) => db.query('SELECT pg_sleep(1.5)'), {
      config,
      statementTimeoutMs: 300,
      queryTimeoutMs: 600,
    });
    const error = await attempt.then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(isUnavailableError(error)).toBe(true);
    await Promise.all(closing);
  });
});

describe.each(databases)('a request deadline on $name', (database) => {
  const config = { url: database.url, wsProxy: database.wsProxy };
  const failureOf = (attempt: Promise<unknown>) => attempt.then(() => undefined, (reason: unknown) => reason);

  test('a statement still running at the deadline fails as unavailable', async () => {
    const closing: Promise<unknown>[] = [];
    const error = await failureOf(
      withDatabase({ waitUntil: (promise) => closing.push(promise) }, (db) => db.query('SELECT pg_sleep(2)'), {
        config,
        deadline: deadlineIn(600),
      }),
    );
    expect(isUnavailableError(error)).toBe(true);
    await Promise.all(closing);
  });

  test("a request's connection works to the deadline the request started with, not one of its own", async () => {
    const context = { waitUntil: (promise: Promise<unknown>) => void promise };
    // The request began long enough ago that only 500 ms of its deadline are left.
    startRequestDeadline(context, Date.now() - REQUEST_DEADLINE_MS + 500);
    const error = await failureOf(withDatabase(context, (db) => db.query('SELECT pg_sleep(1.5)'), { config }));
    expect(isUnavailableError(error)).toBe(true);
  });

  test('past the deadline no statement is sent', async () => {
    const error = await failureOf(
      withDatabase(
        undefined,
        async (db) => {
          await db.query('SELECT 1');
          await new Promise((resolve) => setTimeout(resolve, 400));
          return db.query('SELECT 2');
        },
        { config, deadline: deadlineIn(300) },
      ),
    );
    expect(error).toBeInstanceOf(DatabaseUnavailableError);
  });

  test.skipIf(database.name !== 'PostgreSQL')('a transaction gets what is left of the deadline as its statement and lock limits', async () => {
    const limits = await withDatabase(
      undefined,
      (db) =>
        inTransaction(db, async (tx) => {
          const { rows } = await tx.query<{ statement: string; lock: string }>(
            "SELECT current_setting('statement_timeout') AS statement, current_setting('lock_timeout') AS lock",
          );
          return rows[0]!;
        }),
      { config },
    );
    for (const limit of [limits.statement, limits.lock]) {
      expect(limit).toMatch(/^\d+ms$/);
      expect(parseInt(limit, 10)).toBeGreaterThan(0);
      expect(parseInt(limit, 10)).toBeLessThan(REQUEST_DEADLINE_MS);
    }
  });

  test.skipIf(database.name !== 'PostgreSQL')('a lock waited for until the deadline ends the request as unavailable', async () => {
    const holder = await holdLock(database, 'LOCK TABLE client_throttle IN ACCESS EXCLUSIVE MODE');
    try {
      const error = await failureOf(
        withDatabase(undefined, (db) => inTransaction(db, (tx) => tx.query('SELECT count(*) FROM client_throttle')), {
          config,
          deadline: deadlineIn(800),
        }),
      );
      expect(isUnavailableError(error)).toBe(true);
      expect((error as { code?: string }).code).toMatch(/^(55P03|57014)$/);
    } finally {
      await holder.release();
    }
  });


  test.skipIf(database.name !== 'PostgreSQL')('a server with no connection to spare (53300) is asked again until one is free', async () => {
    const role = `lone_star_full_${Math.floor(Math.random() * 1e9)}`;
    await query(database, `CREATE ROLE ${role} LOGIN CONNECTION LIMIT 1`);
    const url = new URL(database.url);
    url.username = role;
    const full = { url: url.href, wsProxy: database.wsProxy };
    try {
      const only = await openConnection({ config: full });
      const second = withDatabase(undefined, async (db) => (await db.query<{ one: number }>('SELECT 1 AS one')).rows, {
        config: full,
      });
      // The one connection the role may have is given up a moment after the second request asked.
      setTimeout(() => void only.close(), 300);
      expect(await second).toEqual([{ one: 1 }]);
    } finally {
      await query(database, `DROP ROLE ${role}`);
    }
  });
});

describe('withDatabase without a database', () => {

  test('turns a refused connection into DatabaseUnavailableError', async () => {
    const url = 'postgres://postgres@127.0.0.1:1/postgres';
    const bridge = await bridgeTo(url);
    try {
      const attempt = withDatabase(undefined, (db) => db.query('SELECT 1'), { config: { url, wsProxy: bridge.wsProxy } });
      await expect(attempt).rejects.toBeInstanceOf(DatabaseUnavailableError);
    } finally {
      await bridge.stop();
    }
  });
});

describe('isUnavailableError', () => {
  test.each([
    [new DatabaseUnavailableError('x'), true],
    [Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }), true],
    [Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }), true],
    [Object.assign(new Error('sorry, too many clients already'), { code: '53300' }), true],
    [Object.assign(new Error('canceling statement due to lock timeout'), { code: '55P03' }), true],
    [Object.assign(new Error('connection failure'), { code: '08006' }), true],
    [Object.assign(new Error('invalid message format'), { code: '08P01' }), true],
    [Object.assign(new Error('unnamed prepared statement does not exist'), { code: '26000' }), true],
    [new Error('Query read timeout'), true],
    [new Error('Connection terminated unexpectedly'), true],
    [Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' }), false],
    [Object.assign(new Error('syntax error at or near "SELEC"'), { code: '42601' }), false],
    [new TypeError('x is undefined'), false],
    ['a string', false],
    [null, false],
  ])('%s → %s', (error, expected) => {
    expect(isUnavailableError(error)).toBe(expected);
  });
});
