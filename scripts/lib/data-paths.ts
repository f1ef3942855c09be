import { createHash } from 'node:crypto';
import { homedir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const ROOT_DIR = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Where `npm start` keeps the embedded database: PGLITE_DIR when set, else a folder of this checkout (its name and a
 * hash of its path, so two clones keep two databases, as before) in the user's data directory:
 * `$XDG_DATA_HOME` or `~/.local/share`, then `lone-star-mobile-bar/<checkout>-<hash>/pglite`. Outside the project, so
 * that no dev server ever serves its files.
 */
export function embeddedDataDir(env: NodeJS.ProcessEnv = process.env, root: string = ROOT_DIR): string {
  const chosen = env.PGLITE_DIR?.trim();
  if (chosen) return resolve(chosen);
  const dataHome = env.XDG_DATA_HOME?.trim() || join(homedir(), '.local', 'share');
  const checkout = `${basename(resolve(root))}-${createHash('sha256').update(resolve(root)).digest('hex').slice(0, 8)}`;
  return join(resolve(dataHome), 'lone-star-mobile-bar', checkout, 'pglite');
}

/** Where earlier versions kept it, inside the project (moved out on the next `npm start`). */
export const LEGACY_DATA_DIR = join(ROOT_DIR, '.data', 'pglite');
