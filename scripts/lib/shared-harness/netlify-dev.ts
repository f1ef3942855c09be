import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';

/** A `netlify dev` running in its own process group, with everything it has printed so far. */
export interface NetlifyDev {
  child: ChildProcess;
  /** stdout and stderr so far, interleaved. */
  output: () => string;
  /** Ends netlify dev and every worker it started (SIGTERM to the group, SIGKILL after 5 s). */
  stop: () => Promise<void>;
}

/** Options of spawnNetlifyDev. */
export type NetlifyDevOptions = {
  /** Also copy its output to this process's stdout (what `npm start` shows), not only keep it. */
  echo?: boolean;
};

/**
 * Starts `netlify dev <args>` from the project at `root`, in `cwd`, passing `env` on to the functions. The project's
 * node_modules/.bin (deno for the edge runtime) and this process's Node (22.12+) come first on PATH.
 */
export function spawnNetlifyDev(
  root: string,
  cwd: string,
  args: readonly string[],
  env: Record<string, string>,
  { echo = false }: NetlifyDevOptions = {},
): NetlifyDev {
  const bin = join(root, 'node_modules', '.bin');
  const child = spawn(join(bin, 'netlify'), ['dev', ...args], {
    cwd,
    detached: true, // own process group, so stop() reaches the workers too
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      ...env,
      PATH: [bin, dirname(process.execPath), process.env.PATH ?? ''].join(delimiter),
      BROWSER: 'none',
      NETLIFY_TELEMETRY_DISABLED: '1',
      FORCE_COLOR: '0',
    },
  });
  let output = '';
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (echo) process.stdout.write(chunk);
    });
  }
  return { child, output: () => output, stop: () => stopGroup(child) };
}

/** Names of the function entries netlify dev loads from `root` (each top-level file or folder deploys as one). */
export function functionNames(root: string): string[] {
  const dir = join(root, 'netlify', 'functions');
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => !entry.name.startsWith('.') && !entry.name.endsWith('.d.ts') && !entry.name.includes('.test.'))
    .map((entry) => entry.name.replace(/\.(m|c)?(t|j)sx?$/, ''));
}

/**
 * Waits until netlify dev has loaded every function of `root`, says it is ready and answers 200 at `probeUrl`.
 * Throws (with its output) when it exits first or `timeoutMs` passes; the caller stops it.
 */
export async function waitForNetlifyDev(
  netlify: NetlifyDev,
  root: string,
  probeUrl: string,
  timeoutMs: number,
): Promise<void> {
  const expected = functionNames(root);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const { exitCode, signalCode } = netlify.child;
    if (exitCode !== null || signalCode !== null) {
      throw new Error(`netlify dev exited (${exitCode ?? signalCode}):\n${netlify.output().slice(-3000)}`);
    }
    const log = netlify.output();
    if (log.includes('Local dev server ready') && expected.every((name) => log.includes(`Loaded function ${name}`))) {
      const probe = await fetch(probeUrl, { signal: AbortSignal.timeout(5000) }).catch(() => undefined);
      await probe?.arrayBuffer().catch(() => undefined);
      if (probe?.status === 200) return;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`netlify dev did not become ready within ${timeoutMs} ms:\n${netlify.output().slice(-3000)}`);
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
