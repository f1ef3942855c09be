import { chmod, lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** Permission bits for group and others: none of them on what local runs keep (database files, caught mail). */
export const GROUP_AND_OTHER_BITS = 0o077;

/**
 * Makes every folder and file this process (and what it starts) creates from now on this user's only: folders 0700,
 * files 0600, whatever mode the library asks for (PGlite asks 0666, maildev 0644).
 */
export function keepNewFilesPrivate(): void {
  process.umask(GROUP_AND_OTHER_BITS);
}

/**
 * Takes the group and other bits off `path` and everything under it: files an earlier version left readable to
 * every user of the machine. Symbolic links are left alone; a missing `path` is nothing to do.
 */
export async function makePrivate(path: string): Promise<void> {
  const top = await lstat(path).catch(() => undefined);
  if (!top || top.isSymbolicLink()) return;
  if ((top.mode & GROUP_AND_OTHER_BITS) !== 0) await chmod(path, top.mode & 0o7700);
  if (!top.isDirectory()) return;
  for (const entry of await readdir(path, { recursive: true, withFileTypes: true })) {
    if (entry.isSymbolicLink()) continue;
    const file = join(entry.parentPath, entry.name);
    const { mode } = await lstat(file);
    if ((mode & GROUP_AND_OTHER_BITS) !== 0) await chmod(file, mode & 0o7700);
  }
}
