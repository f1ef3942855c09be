import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { databases, freshDatabase, query, type FreshDatabase } from '../../tests/api/support';
import { migrate, readMigrations } from './migrations';

describe('readMigrations', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'lone-star-migrations-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  test('reads the numbered .sql files in order and skips anything else', async () => {
    await writeFile(join(dir, '002_second.sql'), 'SELECT 2;');
    await writeFile(join(dir, '001_first.sql'), 'SELECT 1;\r\n');
    await writeFile(join(dir, 'README.md'), '# not a migration');
    await writeFile(join(dir, '3_bad_name.sql'), 'SELECT 3;');
    const migrations = await readMigrations(dir);
    expect(migrations.map((m) => [m.version, m.name, m.sql])).toEqual([
      ['001', 'first', 'SELECT 1;\n'],
      ['002', 'second', 'SELECT 2;'],
    ]);
    expect(migrations[0]!.checksum).toMatch(/^[0-9a-f]{64}$/);
  });

  test('the project migrations start at 001 with no gaps', async () => {
    const versions = (await readMigrations()).map((m) => Number(m.version));
    expect(versions).toEqual(versions.map((_, index) => index + 1));
  });
});

describe.each(databases)('migrate on a fresh $name', (like) => {
  let database: FreshDatabase;
  let dir: string;
  beforeAll(async () => {
    database = await freshDatabase(like);
    dir = await mkdtemp(join(tmpdir(), 'lone-star-migrations-'));
  });
  afterAll(async () => {
    await database.drop();
    await rm(dir, { recursive: true, force: true });
  });
  const options = () => ({ dir, config: { url: database.url, wsProxy: database.wsProxy } });

  test('two runners at once on a fresh database apply each file exactly once', async () => {
    await writeFile(join(dir, '001_a.sql'), 'CREATE TABLE a (id int);');
    const reports = await Promise.all([migrate(options()), migrate(options()), migrate(options())]);
    expect(reports.flatMap((report) => report.applied)).toEqual(['001_a']);
    expect(reports.flatMap((report) => report.alreadyApplied)).toEqual(['001_a', '001_a']);
  });

  test('applies new files in order, each once', async () => {
    await writeFile(join(dir, '002_b.sql'), 'CREATE TABLE b (id int); INSERT INTO b VALUES (1), (2);');
    expect(await migrate(options())).toEqual({ applied: ['002_b'], alreadyApplied: ['001_a'] });
    expect(await migrate(options())).toEqual({ applied: [], alreadyApplied: ['001_a', '002_b'] });
    expect(await query(database, 'SELECT count(*)::int AS n FROM b')).toEqual([{ n: 2 }]);
  });

  test('rolls a failing migration back completely and records nothing', async () => {
    await writeFile(join(dir, '003_broken.sql'), 'CREATE TABLE c (id int); INSERT INTO missing_table VALUES (1);');
    await expect(migrate(options())).rejects.toMatchObject({ code: '42P01' });
    expect(await query(database, "SELECT to_regclass('c') IS NULL AS gone")).toEqual([{ gone: true }]);
    expect(await query(database, "SELECT version FROM schema_migrations WHERE version = '003'")).toEqual([]);
    await rm(join(dir, '003_broken.sql'));
  });

  test('refuses to continue when an applied file was edited', async () => {
    await writeFile(join(dir, '001_a.sql'), 'CREATE TABLE a (id int, extra text);');
    await expect(migrate(options())).rejects.toThrow(/001_a changed after it was applied/);
  });
});
