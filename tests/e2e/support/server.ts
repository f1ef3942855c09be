import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../../scripts/lib/shared-harness/free-port';
import { spawnNetlifyDev, waitForNetlifyDev } from '../../../scripts/lib/shared-harness/netlify-dev';
import { makeSiteFolder } from '../../../scripts/lib/shared-harness/site-folder';

/** A running production server: the built `dist/` and the functions behind Netlify's local proxy. */
export interface SiteServer {
  url: string;
  /** Everything the server printed so far (for failure messages). */
  log(): string;
  stop(): Promise<void>;
}

/**
 * Serves a snapshot of the already built `dist/` plus `netlify/functions` with `netlify dev --offline --dir` (static server,
 * netlify.toml headers, 404.html, functions v2 routing), passing `env` to the functions, with SITE_URL set to this
 * server unless `env` sets it (the links in the e-mails lead back here). Resolves once the proxy answers and every
 * function has loaded.
 */
export async function startSiteServer(root: string, env: Record<string, string>, timeoutMs = 90_000): Promise<SiteServer> {
  if (!existsSync(join(root, 'dist', 'index.html'))) {
    throw new Error(`No production build in ${join(root, 'dist')}: run \`npm run build\` first (npm test and npm run test:e2e do).`);
  }
  // Serve a snapshot of the build: others may rebuild dist/ while the suite runs, and every test must see one build.
  const snapshot = mkdtempSync(join(tmpdir(), 'lone-star-dist-'));
  cpSync(join(root, 'dist'), snapshot, { recursive: true });
  // Functions served from a folder of their own: an `npm start` (or its test) in this checkout would rebuild them.
  const site = await makeSiteFolder(root, 'lone-star-e2e-site');
  const [port, staticPort] = [await freePort(), await freePort()];
  const url = `http://localhost:${port}`;
  const netlify = spawnNetlifyDev(
    root,
    site.dir,
    [
      '--offline',
      '--dir',
      snapshot,
      '--framework',
      '#static',
      // An empty command overrides netlify.toml's [dev] command (astro dev), which would otherwise start next to the
      // static server.
      '--command',
      '',
      '--port',
      String(port),
      '--staticServerPort',
      String(staticPort),
      '--no-open',
    ],
    { SITE_URL: url, ...env },
  );
  const server: SiteServer = {
    url,
    log: netlify.output,
    stop: async () => {
      await netlify.stop();
      rmSync(snapshot, { recursive: true, force: true });
      await site.remove();
    },
  };
  try {
    await waitForNetlifyDev(netlify, root, url, timeoutMs);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}
