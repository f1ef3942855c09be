import { cp, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A throwaway folder that netlify dev can serve the project's functions from, and how to remove it. */
export type SiteFolder = { dir: string; remove: () => Promise<void> };

/** What the functions need from the project: their code, the source they import, the headers and the build settings. */
const COPIED = ['netlify', 'src', 'shared', 'content', 'netlify.toml', 'tsconfig.json'] as const;

/**
 * Copies the project at `root` into a new folder under the system's temporary directory, with a link to its
 * node_modules. netlify dev builds its functions into `<cwd>/.netlify/functions-serve`, so two of them in one checkout
 * (npm start, the browser suite, npm start's own test, the API benchmark) rebuild that folder under each other and a
 * request meets "Cannot find module …/___netlify-entry-point.mjs". Each run in its own folder keeps to itself.
 */
export async function makeSiteFolder(root: string, prefix: string): Promise<SiteFolder> {
  const dir = await mkdtemp(join(tmpdir(), `${prefix}-`));
  for (const path of COPIED) await cp(join(root, path), join(dir, path), { recursive: true });
  await symlink(join(root, 'node_modules'), join(dir, 'node_modules'));
  // A copy, never a link: netlify dev rewrites the site's package.json, and through a link that write would land on the
  // project's own file.
  await writeFile(join(dir, 'package.json'), JSON.stringify({ name: `${prefix}-site`, private: true, type: 'module' }));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}
