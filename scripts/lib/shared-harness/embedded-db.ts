import { mkdir, mkdtemp, open, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { makePrivate } from '../private-files';
import { createInMemoryPglite } from './pglite-snapshot';
import { servePglite, type PgliteServer } from './pglite-server';
import { startWsBridge } from './ws-bridge';

/**
 * A running embedded Postgres (PGlite), reachable only through its Neon WebSocket bridge: the Postgres socket itself
 * is a Unix socket in a folder only this user can open, and the bridge wants the secret of this run.
 */
export type EmbeddedDatabase = {
  /** postgres://postgres@127.0.0.1:BRIDGE_PORT/postgres: what DATABASE_URL should hold (the bridge's own port). */
  databaseUrl: string;
  /** 127.0.0.1:BRIDGE_PORT/SECRET of its WebSocket bridge: what NEON_WS_PROXY should hold. */
  wsProxy: string;
  /** The Unix socket of the PGlite socket server (in a 0700 folder of its own, removed by stop()). */
  socketPath: string;
  /** Directory holding the database files; undefined for a database kept in memory. */
  dataDir: string | undefined;
  /** Stops the bridge and the socket server, then closes PGlite cleanly (safe to call twice). */
  stop(): Promise<void>;
};

/** Options of startEmbeddedDatabase. */
export type EmbeddedDatabaseOptions = {
  /**
   * Where PGlite keeps its files; created when missing, reused (with its data) when present. Absent: the database lives
   * in this process's memory and is gone once stopped (a throwaway test database, spared a file system call per page).
   */
  dataDir?: string;
  /**
   * The bridge address of an earlier run to come back on (`127.0.0.1:PORT/SECRET`, its `wsProxy`); absent picks a
   * free port and a new secret.
   */
  wsProxy?: string;
  /** Most simultaneous connections the socket server accepts (default 200; more wait their turn, none runs at once). */
  maxConnections?: number;
};

/** Another live process already has this data directory open (two PGlite instances on one directory corrupt it). */
export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
}

/** Whether process `pid` is running (on this machine, whoever owns it). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  // Beside the directory, not in it: PGlite treats the directory as PGDATA and wants it to itself.
  const lockFile = `${dataDir}.lock`;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const handle = await open(lockFile, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      return () => rm(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number((await readFile(lockFile, 'utf8').catch(() => '')).trim());
      if (Number.isInteger(holder) && holder > 0 && isAlive(holder)) {
        throw new DataDirInUseError(`The embedded database in ${dataDir} is already open in process ${holder}.`);
      }
      // Left behind by a process that no longer runs.
      await rm(lockFile, { force: true });
    }
  }
  throw new DataDirInUseError(`Could not lock the embedded database in ${dataDir}.`);
}

/**
 * Starts PGlite persisted in `dataDir` (its files this user's only; in memory without one), serves it as a
 * multi-connection Postgres on a private Unix socket (the connections take turns, a query or transaction at a time:
 * see servePglite) and starts the WebSocket bridge in front of it: no other user of the machine can read the files or
 * connect, and no local process reaches the database without the bridge's secret of this run. With a `dataDir`, every
 * acknowledged write is in its files before the answer is sent (PGlite writes through to the directory; `stop()` also
 * checkpoints and closes cleanly).
 */
export async function startEmbeddedDatabase(options: EmbeddedDatabaseOptions = {}): Promise<EmbeddedDatabase> {
  const dataDir = options.dataDir === undefined ? undefined : resolve(options.dataDir);
  if (dataDir) await mkdir(dirname(dataDir), { recursive: true, mode: 0o700 });
  const unlock = dataDir ? await lockDataDir(dataDir) : async () => {};
  let db: PGlite;
  try {
    // Files an earlier version left readable to everyone (PGlite creates them 0666 unless the umask says otherwise).
    if (dataDir) await makePrivate(dataDir);
    // relaxedDurability stays off: a query is answered only after PGlite has handed its writes to the file system.
    const pgliteOptions = { dataDir, relaxedDurability: false, extensions: { pg_trgm } };
    // In memory (the test suites'), from the snapshot of a new cluster rather than by initdb each time.
    db = dataDir ? await PGlite.create(pgliteOptions) : await createInMemoryPglite(pgliteOptions);
  } catch (error) {
    await unlock();
    throw error;
  }
  // A TCP port on 127.0.0.1 would let every user of the machine in (PGlite asks for no password); a Unix socket in a
  // 0700 folder lets in this user's processes only, and only the bridge is told where it is.
  const socketDir = await mkdtemp(join(tmpdir(), 'lone-star-pg-'));
  const socketPath = join(socketDir, '.s.PGSQL.5432');
  let server: PgliteServer;
  try {
    server = await servePglite(db, { path: socketPath, maxConnections: options.maxConnections });
  } catch (error) {
    await db.close();
    await rm(socketDir, { recursive: true, force: true });
    await unlock();
    throw error;
  }
  let bridge;
  try {
    const [, reusedPort, secret] = /^[^:]+:(\d+)\/(.+)$/.exec(options.wsProxy ?? '') ?? [];
    bridge = await startWsBridge({ target: { path: socketPath }, port: Number(reusedPort ?? 0), secret });
  } catch (error) {
    await server.stop();
    await db.close();
    await rm(socketDir, { recursive: true, force: true });
    await unlock();
    throw error;
  }

  let stopping: Promise<void> | undefined;
  return {
    databaseUrl: `postgres://postgres@127.0.0.1:${bridge.port}/postgres`,
    wsProxy: bridge.address,
    socketPath,
    dataDir,
    stop() {
      stopping ??= (async () => {
        await bridge.stop();
        // Rolls back what the connections left open before the database closes.
        await server.stop();
        await db.close();
        await rm(socketDir, { recursive: true, force: true });
        await unlock();
      })();
      return stopping;
    },
  };
}
