import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import { delimiter, dirname, join } from 'node:path';

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

function stopGroup(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return resolve();
    const pid = child.pid;
    const kill = setTimeout(() => {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }, 5000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    try {
      process.kill(-pid, 'SIGTERM');
    } catch {
      clearTimeout(kill);
      resolve();
    }
  });
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
  const bin = join(root, 'node_modules', '.bin');
  const child = spawn(
    join(bin, 'netlify'),
    [
      'dev',
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
    {
      cwd: root,
      detached: true, // own process group, so stop() ends netlify and every worker it started
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        ...env,
        // netlify dev needs deno (edge runtime) and a Node 22+; both must be found first on PATH.
        PATH: [bin, dirname(process.execPath), process.env.PATH ?? ''].join(delimiter),
        BROWSER: 'none',
        NETLIFY_TELEMETRY_DISABLED: '1',
        FORCE_COLOR: '0',
      },
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://localhost:${port}`;
  const server: SiteServer = {
    url,
    log: () => output,
    stop: async () => {
      await stopGroup(child);
      rmSync(snapshot, { recursive: true, force: true });
    },
  };

  const expected = functionNames(root);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await server.stop();
      throw new Error(`netlify dev exited with ${child.exitCode}:\n${output}`);
    }
    const loaded = expected.every((name) => output.includes(`Loaded function ${name}`));
    if (loaded && output.includes('Local dev server ready')) {
      const answer = await fetch(url, { signal: AbortSignal.timeout(5000) }).catch(() => null);
      if (answer?.ok) return server;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await server.stop();
  throw new Error(`netlify dev did not become ready within ${timeoutMs} ms:\n${output}`);
}
