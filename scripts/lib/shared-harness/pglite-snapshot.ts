import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PGlite, type Extensions, type PGliteOptions } from '@electric-sql/pglite';
import { ROOT_DIR } from '../data-paths';

const requireHere = createRequire(import.meta.url);

/**
 * Where the snapshot of a new, empty PGlite cluster is kept: in this checkout's node_modules/.cache (the user's own,
 * never committed, gone with a fresh `npm ci`), one file per PGlite version, since another version may lay out its
 * files differently.
 */
export function snapshotFile(): string {
  const main = requireHere.resolve('@electric-sql/pglite');
  const { version } = requireHere(join(dirname(main), '..', 'package.json')) as { version: string };
  return join(ROOT_DIR, 'node_modules', '.cache', 'lone-star', `pglite-${version}-initdb.tar`);
}

/** Keeps `db`'s data directory (just initialised, nothing written yet) as the snapshot; a failure only costs speed. */
async function keepSnapshot(db: PGlite, file: string): Promise<void> {
  const temporary = `${file}.${process.pid}.${Date.now()}`;
  try {
    const dump = await db.dumpDataDir('none');
    await mkdir(dirname(file), { recursive: true, mode: 0o700 });
    await writeFile(temporary, new Uint8Array(await dump.arrayBuffer()), { mode: 0o600 });
    // Atomic: another process reads the whole snapshot or none (npm test's groups start their databases at once).
    await rename(temporary, file);
  } catch {
    await rm(temporary, { force: true });
  }
}

/**
 * A new PGlite in this process's memory, as `PGlite.create(options)` makes it, without running initdb each time:
 * initdb in WebAssembly is most of a new PGlite's cost (measured on the busy 2-core machine: 13–31 s, against 3–5 s
 * to load the files it leaves). The first one is made by initdb and its files are kept (snapshotFile); later ones,
 * in any process of this checkout, start from a copy of those files, the same bytes initdb would write. Only for the
 * test suites' throwaway databases: a database kept on disk (`npm start`) is made by initdb in its own directory.
 */
export async function createInMemoryPglite<E extends Extensions>(options: PGliteOptions<E>): Promise<PGlite> {
  const file = snapshotFile();
  const saved = await readFile(file).catch(() => undefined);
  if (saved) {
    try {
      return (await PGlite.create({ ...options, loadDataDir: new Blob([saved]) })) as unknown as PGlite;
    } catch {
      // A damaged snapshot: made afresh below.
    }
  }
  const db = (await PGlite.create(options)) as unknown as PGlite;
  await keepSnapshot(db, file);
  return db;
}
