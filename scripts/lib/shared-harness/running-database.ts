import { readFile, rm, writeFile } from 'node:fs/promises';

/** Where a running `npm start` says how to reach its embedded database (beside the data directory, gitignored). */
export function runtimeFileOf(dataDir: string): string {
  return `${dataDir}.runtime.json`;
}

/** How to reach a running embedded database. */
export type RunningDatabase = { databaseUrl: string; wsProxy: string; pid: number };

/** Records that this process serves the embedded database of `dataDir` (readable by this user only). */
export async function announceRunningDatabase(dataDir: string, database: Omit<RunningDatabase, 'pid'>): Promise<void> {
  const content: RunningDatabase = { ...database, pid: process.pid };
  await writeFile(runtimeFileOf(dataDir), JSON.stringify(content), { mode: 0o600 });
}

/** Removes the record written by announceRunningDatabase (safe when it is already gone). */
export async function withdrawRunningDatabase(dataDir: string): Promise<void> {
  await rm(runtimeFileOf(dataDir), { force: true });
}

/** The running embedded database of `dataDir`, if a live process announced one. */
export async function findRunningDatabase(dataDir: string): Promise<RunningDatabase | undefined> {
  let parsed: Partial<RunningDatabase>;
  try {
    parsed = JSON.parse(await readFile(runtimeFileOf(dataDir), 'utf8')) as Partial<RunningDatabase>;
  } catch {
    return undefined;
  }
  const { databaseUrl, wsProxy, pid } = parsed;
  if (typeof databaseUrl !== 'string' || typeof wsProxy !== 'string' || typeof pid !== 'number') return undefined;
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return undefined; // left behind by a stopped process
  }
  return { databaseUrl, wsProxy, pid };
}
