/**
 * `npm run owner:add -- <username> [--reset]`: creates an owner account for the desk at /admin, or with --reset sets
 * a new password for an existing one (which ends all of that owner's sessions and revokes their calendar feed). The
 * password is typed at a prompt that does not echo (twice), or read as one line from standard input when that is not
 * a terminal; never from the command line or the environment. Database: DATABASE_URL when set; otherwise the
 * embedded database, through the running `npm start` when there is one (PGlite allows one process), or opened here.
 */
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import * as v from 'valibot';
import { withDatabase } from '../netlify/lib/db';
import type { DatabaseConfig } from '../netlify/lib/env';
import { migrate } from '../netlify/lib/migrations';
import { createPasswordJudge } from '../netlify/lib/owner/password-strength';
import { hashPassword } from '../netlify/lib/owner/passwords';
import { setOwnerPassword } from '../netlify/lib/owner/users';
import { UsernameSchema, createNewPasswordSchema } from '@shared/schemas/owner';
import { keepNewFilesPrivate } from './lib/private-files';
import { DataDirInUseError, startEmbeddedDatabase } from './lib/shared-harness/embedded-db';
import { embeddedDataDir } from './lib/data-paths';
import { findRunningDatabase } from './lib/shared-harness/running-database';
import { existingDatabase } from './lib/shared-harness/database';

const USAGE = 'Usage: npm run owner:add -- <username> [--reset]';

/** What a reset says when it also revoked the owner's calendar feed. */
export const CALENDAR_FEED_REVOKED =
  'Calendar feed revoked: its old link no longer works. Make a new one in the desk (Calendar) and add it to your calendar app again.';

/** Where owner:add reads and writes: its streams, environment and the embedded database's directory. */
export type OwnerAddIo = {
  stdin: Readable & { isTTY?: boolean; setRawMode?: (raw: boolean) => unknown };
  stdout: Writable;
  stderr: Writable;
  env: NodeJS.ProcessEnv;
  dataDir: string;
};

class UsageError extends Error {}

function parseArgs(args: readonly string[]): { username: string; reset: boolean } {
  const positional = args.filter((arg) => !arg.startsWith('-'));
  const flags = args.filter((arg) => arg.startsWith('-'));
  if (flags.some((flag) => /pass/i.test(flag))) {
    throw new UsageError('Passwords are never taken from the command line; you will be asked for it.');
  }
  const unknown = flags.filter((flag) => flag !== '--reset');
  if (unknown.length > 0 || positional.length !== 1) throw new UsageError(USAGE);
  const username = v.safeParse(UsernameSchema, positional[0]);
  if (!username.success) throw new UsageError(username.issues[0].message);
  return { username: username.output, reset: flags.includes('--reset') };
}

/** Reads one line typed at a terminal without echoing it. */
function promptHidden(question: string, io: OwnerAddIo): Promise<string> {
  const { stdin, stdout } = io;
  stdout.write(question);
  stdin.setRawMode!(true);
  stdin.setEncoding('utf8');
  stdin.resume();
  let value = '';
  return new Promise((resolve, reject) => {
    const finish = () => {
      stdin.setRawMode!(false);
      stdin.pause();
      stdin.off('data', onData);
      stdout.write('\n');
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') {
          finish();
          resolve(value);
          return;
        }
        if (char === '\u0003' || char === '\u0004') {
          finish();
          reject(new UsageError('Cancelled.'));
          return;
        }
        if (char === '\u007f' || char === '\b') value = [...value].slice(0, -1).join('');
        else value += char;
      }
    };
    stdin.on('data', onData);
  });
}

/** Reads the first line of a piped standard input (without its line ending). */
function readLine(stdin: Readable): Promise<string> {
  return new Promise((resolve) => {
    const lines = createInterface({ input: stdin, crlfDelay: Infinity });
    let first: string | undefined;
    lines.once('line', (line) => {
      first = line;
      lines.close();
    });
    lines.once('close', () => resolve(first ?? ''));
  });
}

async function readPassword(io: OwnerAddIo): Promise<string> {
  if (io.stdin.isTTY && io.stdin.setRawMode) {
    const password = await promptHidden('New password (at least 12 characters, not shown): ', io);
    const again = await promptHidden('The same password again: ', io);
    if (password !== again) throw new UsageError('The two passwords differ; nothing was changed.');
    return password;
  }
  return readLine(io.stdin);
}

type Target = { config: DatabaseConfig; label: string; close(): Promise<void> };

async function openTarget(io: OwnerAddIo): Promise<Target> {
  const url = io.env.DATABASE_URL?.trim();
  if (url) {
    const database = await existingDatabase(url, io.env.NEON_WS_PROXY?.trim() || undefined);
    return { config: { url: database.url, wsProxy: database.wsProxy }, label: 'DATABASE_URL', close: () => database.stop() };
  }
  const running = await findRunningDatabase(io.dataDir);
  if (running) {
    return {
      config: { url: running.databaseUrl, wsProxy: running.wsProxy },
      label: `the embedded database of the running npm start (process ${running.pid})`,
      close: async () => {},
    };
  }
  try {
    const embedded = await startEmbeddedDatabase({ dataDir: io.dataDir });
    const config = { url: embedded.databaseUrl, wsProxy: embedded.wsProxy };
    try {
      await migrate({ config });
    } catch (error) {
      await embedded.stop();
      throw error;
    }
    return { config, label: 'the embedded database', close: () => embedded.stop() };
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      throw new UsageError(
        'The embedded database is open in another process that did not say how to reach it. Stop it (Ctrl-C on npm start) and run this again.',
      );
    }
    throw error;
  }
}

/** Runs owner:add with `args` (after `--`); answers the exit code. */
export async function ownerAdd(args: readonly string[], io: OwnerAddIo): Promise<number> {
  try {
    const { username, reset } = parseArgs(args);
    const typed = await readPassword(io);
    const password = v.safeParse(createNewPasswordSchema(await createPasswordJudge(username)), typed);
    if (!password.success) throw new UsageError(`${password.issues[0].message} Nothing was changed.`);
    const hash = await hashPassword(password.output);
    const target = await openTarget(io);
    try {
      const result = await withDatabase(undefined, (db) => setOwnerPassword(db, username, hash, { reset }), {
        config: target.config,
      });
      switch (result.outcome) {
        case 'created':
          io.stdout.write(`Created the owner "${result.username}" in ${target.label}.\n`);
          return 0;
        case 'reset':
          io.stdout.write(
            `Set a new password for "${result.username}" in ${target.label}; ended ${result.sessionsRevoked} session(s).\n`,
          );
          if (result.calendarFeedRevoked) io.stdout.write(`${CALENDAR_FEED_REVOKED}\n`);
          return 0;
        case 'exists':
          io.stderr.write(`An owner named "${result.username}" already exists; add --reset to set a new password.\n`);
          return 1;
        case 'unknown':
          io.stderr.write(`There is no owner named "${username}"; run without --reset to create one.\n`);
          return 1;
      }
    } finally {
      await target.close();
    }
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(`${error.message}\n`);
      return 2;
    }
    const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
    io.stderr.write(`owner:add failed: ${error instanceof Error ? error.message : String(error)}${cause}\n`);
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  keepNewFilesPrivate(); // the embedded database's new files stay this user's only
  process.exitCode = await ownerAdd(process.argv.slice(2), {
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    dataDir: embeddedDataDir(),
  });
}
