/**
 * Databases for `npm start`, `npm run db:migrate`, the benchmarks and the test suites, all reached by the functions
 * the same way: DATABASE_URL plus, for a server on this machine, NEON_WS_PROXY (the WebSocket bridge in front of it).
 */
import { cp, mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { withDatabase } from '../../../netlify/lib/db';
import { isLocalDatabaseUrl } from '../../../netlify/lib/env';
import { LEGACY_DATA_DIR, embeddedDataDir } from '../data-paths';
import { DataDirInUseError, isAlive, startEmbeddedDatabase } from './embedded-db';
import { startWsBridge } from './ws-bridge';
import { findRunningDatabase } from './running-database';

/** A database the functions can reach, and how to stop what was started for it (safe to call once). */
export type DatabaseHandle = {
  /** What DATABASE_URL should hold. */
  url: string;
  /** What NEON_WS_PROXY should hold; undefined for a database that is not on this machine (Neon). */
  wsProxy: string | undefined;
  /** For start-up lines and failure messages: which database this is (never a password). */
  description: string;
  stop(): Promise<void>;
};

/**
 * The embedded Postgres (PGlite) behind its own bridge, its files in `dataDir` (kept); without one, a throwaway
 * database in this process's memory (the test suites': no file written, nothing left behind).
 */
export async function embeddedDatabase(dataDir?: string): Promise<DatabaseHandle> {
  const database = await startEmbeddedDatabase({ dataDir });
  return {
    url: database.databaseUrl,
    wsProxy: database.wsProxy,
    description: database.dataDir ? `embedded PGlite (files in ${database.dataDir})` : 'embedded PGlite (in memory)',
    stop: () => database.stop(),
  };
}

/**
 * The database at `url`: on this machine it gets a WebSocket bridge of its own (unless `wsProxy` names one already),
 * elsewhere (Neon) the driver connects directly.
 */
export async function existingDatabase(url: string, wsProxy?: string): Promise<DatabaseHandle> {
  const host = new URL(url).host;
  if (!isLocalDatabaseUrl(url) || wsProxy) {
    return { url, wsProxy, description: `the database at ${host}`, stop: async () => {} };
  }
  const { hostname, port } = new URL(url);
  const bridge = await startWsBridge({ target: { host: hostname.replace(/^\[|\]$/g, ''), port: Number(port || 5432) } });
  return {
    url,
    wsProxy: bridge.address,
    description: `the database at ${host} (through the WebSocket bridge)`,
    stop: () => bridge.stop(),
  };
}

/**
 * A new, empty database named `<prefix>_<time>_<random>` on the server of `serverUrl`; stop() drops it (and stops
 * the bridge started for it).
 */
export async function newDatabaseOn(serverUrl: string, prefix: string): Promise<DatabaseHandle> {
  const server = await existingDatabase(serverUrl);
  const admin = { config: { url: serverUrl, wsProxy: server.wsProxy } };
  const name = `${prefix}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  try {
    await withDatabase(undefined, (db) => db.query(`CREATE DATABASE ${name}`), admin);
  } catch (error) {
    await server.stop();
    throw error;
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    wsProxy: server.wsProxy,
    description: `database ${name} on ${url.host}`,
    async stop() {
      await withDatabase(undefined, (db) => db.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`), admin).catch(
        (error: unknown) => console.warn(`Could not drop the test database ${name}:`, error),
      );
      await server.stop();
    },
  };
}

/** A fresh, empty database for a test run: a new one on TEST_DATABASE_URL's server when set, else embedded. */
export function freshTestDatabase(prefix: string): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL?.trim();
  return serverUrl ? newDatabaseOn(serverUrl, prefix) : embeddedDatabase();
}

const exists = (path: string) => stat(path).then(() => true, () => false);

/**
 * Moves the embedded database of earlier versions (`.data/pglite` in the project, where a dev server could serve
 * it) to `dataDir`, once, when `dataDir` does not exist yet. Refuses while another process has the old one open.
 * Returns whether it moved anything.
 */
export async function moveLegacyDataDir(dataDir: string, legacyDir: string = LEGACY_DATA_DIR): Promise<boolean> {
  if (!(await exists(legacyDir)) || (await exists(dataDir))) return false;
  const holder = Number((await readFile(`${legacyDir}.lock`, 'utf8').catch(() => '')).trim());
  if (Number.isInteger(holder) && holder > 0 && isAlive(holder)) {
    throw new DataDirInUseError(`The embedded database in ${legacyDir} is open in process ${holder}: stop it, then start again.`);
  }
  await mkdir(dirname(dataDir), { recursive: true });
  try {
    await rename(legacyDir, dataDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    // Another file system: copy, then remove the original.
    await cp(legacyDir, dataDir, { recursive: true, errorOnExist: true });
    await rm(legacyDir, { recursive: true, force: true });
  }
  await rm(`${legacyDir}.lock`, { force: true });
  return true;
}

/**
 * The database `npm start`, `npm run db:migrate` and `npm run mail:status` use: DATABASE_URL (with NEON_WS_PROXY
 * when given) when set, else the embedded one whose files are kept in embeddedDataDir() (outside the project; an old
 * `.data/pglite` is moved there first). With `joinRunning`, a running `npm start`'s embedded database is reached
 * through the address it announced (PGlite allows one process), instead of being opened a second time.
 */
export async function projectDatabase(
  env: NodeJS.ProcessEnv = process.env,
  { joinRunning = false }: { joinRunning?: boolean } = {},
): Promise<DatabaseHandle> {
  const url = env.DATABASE_URL?.trim();
  if (url) return existingDatabase(url, env.NEON_WS_PROXY?.trim() || undefined);
  const dataDir = embeddedDataDir(env);
  const running = joinRunning ? await findRunningDatabase(dataDir) : undefined;
  if (running) {
    return {
      url: running.databaseUrl,
      wsProxy: running.wsProxy,
      description: `the embedded database of the running npm start (process ${running.pid})`,
      stop: async () => {},
    };
  }
  const moved = await moveLegacyDataDir(dataDir);
  const database = await embeddedDatabase(dataDir);
  return moved ? { ...database, description: `${database.description}, moved there from ${LEGACY_DATA_DIR}` } : database;
}
