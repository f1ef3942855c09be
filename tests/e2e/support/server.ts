import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { spawnNetlifyDev } from '../../../scripts/lib/netlify-dev';

/** A running production server: the built `dist/` and the functions behind Netlify's local proxy. */
export interface SiteServer {
  url: string;
  /** Everything the server printed so far (for failure messages). */
  log(): string;
  stop(): Promise<void>;
}

/** A free TCP port on localhost. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Names of the function entries netlify dev will load (each top-level file or folder deploys as one function). */
function functionNames(root: string): string[] {
  const dir = join(root, 'netlify', 'functions');
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => !entry.name.startsWith('.') && !entry.name.endsWith('.d.ts') && !entry.name.includes('.test.'))
    .map((entry) => entry.name.replace(/\.(m|c)?(t|j)sx?$/, ''));
}

/**
 * Serves a snapshot of the already built `dist/` plus `netlify/functions` with `netlify dev --offline --dir` (static server,
 * netlify.toml headers, 404.html, functions v2 routing), passing `env` to the functions. Resolves once the proxy
 * answers and every function has loaded.
 */
export async function startSiteServer(root: string, env: Record<string, string>, timeoutMs = 90_000): Promise<SiteServer> {
  if (!existsSync(join(root, 'dist', 'index.html'))) {
    throw new Error(`No production build in ${join(root, 'dist')}: run \`npm run build\` first (npm test and npm run test:e2e do).`);
  }
  // Serve a snapshot of the build: others may rebuild dist/ while the suite runs, and every test must see one build.
  const snapshot = mkdtempSync(join(tmpdir(), 'lone-star-dist-'));
  cpSync(join(root, 'dist'), snapshot, { recursive: true });
  const [port, staticPort] = [await freePort(), await freePort()];
  const netlify = spawnNetlifyDev(
    root,
    root,
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
    env,
  );
  const { child, output: log } = netlify;
  const url = `http://localhost:${port}`;
  const server: SiteServer = {
    url,
    log,
    stop: async () => {
      await netlify.stop();
      rmSync(snapshot, { recursive: true, force: true });
    },
  };

  const expected = functionNames(root);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await server.stop();
      throw new Error(`netlify dev exited with ${child.exitCode}:\n${log()}`);
    }
    const loaded = expected.every((name) => log().includes(`Loaded function ${name}`));
    if (loaded && log().includes('Local dev server ready')) {
      const answer = await fetch(url, { signal: AbortSignal.timeout(5000) }).catch(() => null);
      if (answer?.ok) return server;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await server.stop();
  throw new Error(`netlify dev did not become ready within ${timeoutMs} ms:\n${log()}`);
}
