import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { embeddedDataDir } from '../data-paths';
import { announceRunningDatabase, withdrawRunningDatabase } from './running-database';
import { moveLegacyDataDir, projectDatabase } from './database';
import { DataDirInUseError } from './embedded-db';

const exists = (path: string) => stat(path).then(() => true, () => false);

describe('embeddedDataDir', () => {
  test.each([
    ['PGLITE_DIR wins', { PGLITE_DIR: '/srv/db', XDG_DATA_HOME: '/x' }, /^\/srv\/db$/],
    ['else XDG_DATA_HOME', { XDG_DATA_HOME: '/home/u/data' }, /^\/home\/u\/data\/lone-star-mobile-bar\/site-[0-9a-f]{8}\/pglite$/],
    ['else ~/.local/share', {}, /\/\.local\/share\/lone-star-mobile-bar\/site-[0-9a-f]{8}\/pglite$/],
  ])('%s', (_label, env, expected) => {
    expect(embeddedDataDir(env, '/home/u/code/site')).toMatch(expected);
  });

  test('keeps one database per checkout, outside it', () => {
    const env = { XDG_DATA_HOME: '/home/u/data' };
    expect(embeddedDataDir(env, '/home/u/a/site')).not.toBe(embeddedDataDir(env, '/home/u/b/site'));
    expect(embeddedDataDir(env, '/home/u/a/site')).toBe(embeddedDataDir(env, '/home/u/a/site/'));
    const root = join(import.meta.dirname, '..', '..', '..');
    expect(embeddedDataDir({}).startsWith(root)).toBe(false);
  });
});

describe('moveLegacyDataDir', () => {
  let dir = '';
  let legacy = '';
  let target = '';
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'lone-star-move-'));
    legacy = join(dir, 'project', '.data', 'pglite');
    target = join(dir, 'share', 'lone-star-mobile-bar', 'pglite');
    await mkdir(join(legacy, 'base'), { recursive: true });
    await writeFile(join(legacy, 'base', 'table'), 'rows');
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  test('moves the old directory out of the project, with its files, once', async () => {
    await writeFile(`${legacy}.lock`, '2147483646'); // left behind by a process that no longer runs
    expect(await moveLegacyDataDir(target, legacy)).toBe(true);
    expect(await readFile(join(target, 'base', 'table'), 'utf8')).toBe('rows');
    expect(await exists(legacy)).toBe(false);
    expect(await exists(`${legacy}.lock`)).toBe(false);
    expect(await moveLegacyDataDir(target, legacy)).toBe(false);
  });

  test('leaves both alone when the new directory already exists', async () => {
    await mkdir(target, { recursive: true });
    expect(await moveLegacyDataDir(target, legacy)).toBe(false);
    expect(await exists(join(legacy, 'base', 'table'))).toBe(true);
  });

  test('refuses while a running process has the old one open', async () => {
    await writeFile(`${legacy}.lock`, String(process.pid));
    await expect(moveLegacyDataDir(target, legacy)).rejects.toBeInstanceOf(DataDirInUseError);
    expect(await exists(join(legacy, 'base', 'table'))).toBe(true);
    expect(await exists(target)).toBe(false);
  });
});

describe('projectDatabase with joinRunning', () => {
  let dir = '';
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'lone-star-join-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  test('reaches the database a running npm start announced, without opening its files a second time', async () => {
    const dataDir = join(dir, 'pglite');
    const announced = { databaseUrl: 'postgresql://postgres@127.0.0.1:5999/postgres', wsProxy: '127.0.0.1:6000/secret-of-this-run' };
    await announceRunningDatabase(dataDir, announced);
    const database = await projectDatabase({ PGLITE_DIR: dataDir }, { joinRunning: true });
    expect(database).toMatchObject({ url: announced.databaseUrl, wsProxy: announced.wsProxy });
    expect(database.description).toContain(`process ${process.pid}`);
    await database.stop();
    expect(await exists(dataDir)).toBe(false);
    await withdrawRunningDatabase(dataDir);
  });
});
