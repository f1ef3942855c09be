import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { describe, expect, test } from 'vitest';
import adminFeed from '../../netlify/functions/admin-calendar-feed';
import session from '../../netlify/functions/admin-session';
import feed from '../../netlify/functions/calendar-feed';
import { verifyPassword } from '../../netlify/lib/owner/passwords';
import { CALENDAR_FEED_REVOKED, ownerAdd } from '../../scripts/owner-add';
import { startEmbeddedDatabase } from '../../scripts/lib/shared-harness/embedded-db';
import { ROOT_DIR } from '../../scripts/lib/data-paths';
import { announceRunningDatabase, withdrawRunningDatabase } from '../../scripts/lib/shared-harness/running-database';
import { callWith, deskRequest, resetOwnerTables, sessionCookieOf } from './admin-support';
import { call, get, oneEngine, query, useDatabase } from './support';

type Run = { code: number | null; stdout: string; stderr: string };

/** Runs `npm run owner:add -- ...args` as its own process, `stdin` piped in (not a terminal). */
function runOwnerAdd(args: string[], stdin: string, env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/owner-add.ts', ...args], {
      cwd: ROOT_DIR,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

/**
 * Runs owner:add in this process: `ownerAdd`, the function the command's process runs, with `stdin` piped in (not a
 * terminal) and `env` as its environment. A spawn costs seconds (tsx, zxcvbn's dictionaries); this costs none.
 */
async function runOwnerAddHere(args: string[], stdin: string, env: Record<string, string>, dataDir = UNUSED_DATA_DIR): Promise<Run> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (chunk) => (out += chunk));
  stderr.on('data', (chunk) => (err += chunk));
  const code = await ownerAdd(args, { stdin: Readable.from(stdin ? [stdin] : []), stdout, stderr, env, dataDir });
  return { code, stdout: out, stderr: err };
}

// With DATABASE_URL set, owner:add never opens the embedded database; were it to, it would be here, not the user's.
const UNUSED_DATA_DIR = join(tmpdir(), 'lone-star-owner-add-unused', 'pglite');

const PASSWORD = 'longhorn-sunset-margarita';
const TOO_EASY = 'That password is too easy to guess.';
const PASSPHRASE = 'Please use a longer passphrase of a few unrelated words. Nothing was changed.';

// A run as a process of its own loads tsx and zxcvbn's dictionaries and runs scrypt: on a busy machine it alone can
// take several seconds. Two tests per database run the command as its own process (success and refusal: exit code,
// stdin, stdout and stderr of the real entry point); the others call ownerAdd, the function that process runs.
describe.each(oneEngine)('npm run owner:add against DATABASE_URL ($name)', { timeout: 180_000 }, (database) => {
  useDatabase(database);
  resetOwnerTables(database);
  const env = () => ({ DATABASE_URL: database.url, NEON_WS_PROXY: database.wsProxy });
  const users = () => query<{ username: string; password: string }>(database, 'SELECT username, password FROM users');

  test('as its own process, creates the owner from a password line on stdin, stored as a scrypt PHC hash only', async () => {
    const run = await runOwnerAdd(['Dolores'], `${PASSWORD}\n`, env());
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toBe('Created the owner "Dolores" in DATABASE_URL.\n');
    const [user] = await users();
    expect(user!.username).toBe('Dolores');
    expect(user!.password).toMatch(/^\$scrypt\$ln=17,r=8,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(await verifyPassword(PASSWORD, user!.password)).toBe(true);
    const signIn = await callWith(session, deskRequest('POST', '/api/admin/session', { body: { username: 'dolores', password: PASSWORD } }));
    expect(signIn.status).toBe(200);
  });

  test('as its own process, refuses a weak password with exit code 2 and the reason on stderr, and stores nothing', async () => {
    const run = await runOwnerAdd(['Dolores'], 'qwerty123456\n', env());
    expect(run).toEqual({ code: 2, stdout: '', stderr: `${TOO_EASY} This is a commonly used password. ${PASSPHRASE}\n` });
    expect(await users()).toEqual([]);
  });

  test.each([
    ['too short', 'short-pass1', 'Please use at least 12 characters. Nothing was changed.'],
    ['on the common-password list', 'qwerty123456', `${TOO_EASY} This is a commonly used password. ${PASSPHRASE}`],
    ['common in another case', 'QWERTY123456', `${TOO_EASY} This is a commonly used password. ${PASSPHRASE}`],
    ['of one repeated character', 'aaaaaaaaaaaa', `${TOO_EASY} Repeated characters like "aaa" are easy to guess. ${PASSPHRASE}`],
    ['that is the site name run together', 'lonestarmobilebar', `${TOO_EASY} There should not be any personal or page related data. ${PASSPHRASE}`],
    ['close to a common password', 'password123456', `${TOO_EASY} This is similar to a commonly used password. ${PASSPHRASE}`],
    ['empty (no line at all)', '', 'Please use at least 12 characters. Nothing was changed.'],
  ])('refuses a password %s and stores nothing', async (_label, password, message) => {
    const run = await runOwnerAddHere(['Dolores'], password ? `${password}\n` : '', env());
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`${message}\n`);
    expect(await users()).toEqual([]);
  });

  test('refuses a password equal to the username (any case)', async () => {
    const run = await runOwnerAddHere(['cowboy.bartender'], 'Cowboy.Bartender\n', env());
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`${TOO_EASY} There should not be any personal or page related data. ${PASSPHRASE}\n`);
    expect(await users()).toEqual([]);
  });

  test.each([
    [['Dolores', `--password=${PASSWORD}`], 'Passwords are never taken from the command line; you will be asked for it.'],
    [[], 'Usage: npm run owner:add -- <username> [--reset]'],
    [['two', 'names'], 'Usage: npm run owner:add -- <username> [--reset]'],
    [['bad name!'], 'A username is 1 to 64 letters, digits, dots, dashes or underscores.'],
  ])('refuses the arguments %j', async (args, message) => {
    const run = await runOwnerAddHere(args, `${PASSWORD}\n`, env());
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`${message}\n`);
    expect(await users()).toEqual([]);
  });

  test('refuses a second owner of the same name in another case; --reset sets a new password and ends sessions', async () => {
    expect((await runOwnerAddHere(['Dolores'], `${PASSWORD}\n`, env())).code).toBe(0);
    const twin = await runOwnerAddHere(['DOLORES'], 'another-long-password-9\n', env());
    expect(twin.code).toBe(1);
    expect(twin.stderr).toBe('An owner named "Dolores" already exists; add --reset to set a new password.\n');

    // A live session of hers (signing in with the password is the first test's; here only its ending matters), and
    // the calendar feed she subscribed to.
    const cookie = await sessionCookieOf(database, 'Dolores');
    expect((await callWith(session, deskRequest('GET', '/api/admin/session', { cookie }))).status).toBe(200);
    const created = await callWith(adminFeed, deskRequest('POST', '/api/admin/calendar-feed', { cookie }));
    const feedPath = new URL(((await created.json()) as { url: string }).url).pathname;
    expect((await call(feed, get(feedPath))).status).toBe(200);

    const reset = await runOwnerAddHere(['dolores', '--reset'], 'another-long-password-9\n', env());
    expect(reset).toMatchObject({
      code: 0,
      stdout: `Set a new password for "Dolores" in DATABASE_URL; ended 1 session(s).\n${CALENDAR_FEED_REVOKED}\n`,
    });
    expect(CALENDAR_FEED_REVOKED).toMatch(/^Calendar feed revoked: .*Make a new one in the desk/);
    expect((await callWith(session, deskRequest('GET', '/api/admin/session', { cookie }))).status).toBe(401);
    expect((await call(feed, get(feedPath))).status).toBe(404);
    const [user] = await users();
    expect(await verifyPassword('another-long-password-9', user!.password)).toBe(true);

    const unknown = await runOwnerAddHere(['nobody', '--reset'], 'another-long-password-9\n', env());
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toBe('There is no owner named "nobody"; run without --reset to create one.\n');
  });
});

describe('owner:add on the embedded database', () => {
  test('opens the embedded database itself when nothing runs, and goes through a running npm start otherwise', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'lone-star-owner-add-'));
    const dataDir = join(dir, 'pglite');
    try {
      const alone = await runOwnerAddHere(['Dolores'], `${PASSWORD}\n`, {}, dataDir);
      expect(alone).toEqual({ code: 0, stdout: 'Created the owner "Dolores" in the embedded database.\n', stderr: '' });

      // Now the database is held open by another "npm start": the command must talk to it, not open the files.
      const running = await startEmbeddedDatabase({ dataDir });
      try {
        await announceRunningDatabase(dataDir, { databaseUrl: running.databaseUrl, wsProxy: running.wsProxy });
        const through = await runOwnerAddHere(['Dolores', '--reset'], 'another-long-password-9\n', {}, dataDir);
        expect(through.code).toBe(0);
        expect(through.stdout).toBe(
          `Set a new password for "Dolores" in the embedded database of the running npm start (process ${process.pid}); ended 0 session(s).\n`,
        );
        await withdrawRunningDatabase(dataDir);
        const locked = await runOwnerAddHere(['Dolores', '--reset'], 'another-long-password-9\n', {}, dataDir);
        expect(locked.code).toBe(2);
        expect(locked.stderr).toContain('The embedded database is open in another process');
      } finally {
        await running.stop();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
