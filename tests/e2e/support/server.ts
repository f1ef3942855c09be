import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../../scripts/lib/shared-harness/free-port';

/** A running production server: the built `dist/` and the functions, as Netlify serves them. */
export interface SiteServer {
  url: string;
  /** Everything the server printed so far (for failure messages). */
  log(): string;
  stop(): Promise<void>;
}

/**
 * Serves a snapshot of the already built `dist/` plus the functions of `netlify/functions` from a process of its own
 * (scripts/lib/shared-harness/serve-site.ts: Netlify's routing of pages, 404 page, netlify.toml headers and function
 * paths), passing `env` to the functions, with SITE_URL set to this server unless `env` sets it (the links in the
 * e-mails lead back here). Resolves once it answers. `netlify dev` itself is exercised by `npm start`'s test.
 */
export async function startSiteServer(root: string, env: Record<string, string>, timeoutMs = 60_000): Promise<SiteServer> {
  if (!existsSync(join(root, 'dist', 'index.html'))) {
    throw new Error(`No production build in ${join(root, 'dist')}: run \`npm run build\` first (npm test and npm run test:e2e do).`);
  }
  // Serve a snapshot of the build: others may rebuild dist/ while the suite runs, and every test must see one build.
  const snapshot = mkdtempSync(join(tmpdir(), 'lone-star-dist-'));
  cpSync(join(root, 'dist'), snapshot, { recursive: true });
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(root, 'scripts', 'lib', 'shared-harness', 'serve-site.ts'), snapshot, String(port)],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, SITE_URL: url, ...env } },
  );
  let output = '';
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const server: SiteServer = {
    url,
    log: () => output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(killer);
      }
      rmSync(snapshot, { recursive: true, force: true });
    },
  };
  const deadline = Date.now() + timeoutMs;
  while (!output.includes(`ready ${url}`)) {
    if (child.exitCode !== null || child.signalCode !== null || Date.now() > deadline) {
      await server.stop();
      throw new Error(`The site server did not start within ${timeoutMs} ms:\n${output.slice(-3000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return server;
}
