import { describe, expect, test } from 'vitest';
import { bridgeTo, databases } from '../../tests/api/support';
import { DatabaseUnavailableError, isUnavailableError, withDatabase } from './db';

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
