import { mkdir, open, readFile, rm } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { startWsBridge } from './ws-bridge';

/** A running embedded Postgres (PGlite) reachable over TCP and through the Neon WebSocket bridge. */
export type EmbeddedDatabase = {
  /** postgres://postgres@127.0.0.1:PORT/postgres: what DATABASE_URL should hold. */
  databaseUrl: string;
  /** 127.0.0.1:PORT/SECRET of its WebSocket bridge: what NEON_WS_PROXY should hold. */
  wsProxy: string;
  /** TCP port of the PGlite socket server. */
  port: number;
  /** Directory holding the database files. */
  dataDir: string;
  /** Stops the bridge and the socket server, then closes PGlite cleanly (safe to call twice). */
  stop(): Promise<void>;
};

/** Options of startEmbeddedDatabase. */
export type EmbeddedDatabaseOptions = {
  /** Where PGlite keeps its files; created when missing, reused (with its data) when present. */
  dataDir: string;
  /** TCP port for the Postgres wire protocol; 0 or absent picks a free one. */
  port?: number;
  /**
   * The bridge address of an earlier run to come back on (`127.0.0.1:PORT/SECRET`, its `wsProxy`); absent picks a
   * free port and a new secret.
   */
  wsProxy?: string;
  /** Most simultaneous connections the socket server accepts (default 200). */
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
 * Starts PGlite persisted in `dataDir`, serves it as a multi-connection Postgres on 127.0.0.1 and starts the
 * WebSocket bridge in front of it. Every acknowledged write is in the files of `dataDir` before the answer is sent
 * (PGlite writes through to the directory; `stop()` also checkpoints and closes cleanly).
 */
export async function startEmbeddedDatabase(options: EmbeddedDatabaseOptions): Promise<EmbeddedDatabase> {
  const dataDir = resolve(options.dataDir);
  await mkdir(dirname(dataDir), { recursive: true });
  const unlock = await lockDataDir(dataDir);
  let db: PGlite;
  try {
    // relaxedDurability stays off: a query is answered only after PGlite has handed its writes to the file system.
    db = await PGlite.create({ dataDir, relaxedDurability: false, extensions: { pg_trgm } });
  } catch (error) {
    await unlock();
    throw error;
  }
  const server = new PGLiteSocketServer({
    db,
    host: '127.0.0.1',
    port: options.port ?? 0,
    maxConnections: options.maxConnections ?? 200,
  });
  try {
    await server.start();
  } catch (error) {
    await db.close();
    await unlock();
    throw error;
  }
  const port = Number(server.getServerConn().split(':').pop());
  let bridge;
  try {
    const [, reusedPort, secret] = /^[^:]+:(\d+)\/(.+)$/.exec(options.wsProxy ?? '') ?? [];
    bridge = await startWsBridge({ target: { host: '127.0.0.1', port }, port: Number(reusedPort ?? 0), secret });
  } catch (error) {
    await server.stop();
    await db.close();
    await unlock();
    throw error;
  }

  let stopping: Promise<void> | undefined;
  return {
    databaseUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    wsProxy: bridge.address,
    port,
    dataDir,
    stop() {
      stopping ??= (async () => {
        await bridge.stop();
        await server.stop();
        // Let detaching handlers roll back any open transaction before the database closes.
        await new Promise((done) => setTimeout(done, 50));
        await db.close();
        await unlock();
      })();
      return stopping;
    },
  };
}
