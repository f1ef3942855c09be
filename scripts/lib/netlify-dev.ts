import { spawn, type ChildProcess } from 'node:child_process';
import { delimiter, dirname, join } from 'node:path';

/** A `netlify dev` running in its own process group, with everything it has printed so far. */
export interface NetlifyDev {
  child: ChildProcess;
  /** stdout and stderr so far, interleaved. */
  output: () => string;
  /** Ends netlify dev and every worker it started (SIGTERM to the group, SIGKILL after 5 s). */
  stop: () => Promise<void>;
}

/**
 * Starts `netlify dev <args>` from the project at `root`, in `cwd`, passing `env` on to the functions. The project's
 * node_modules/.bin (deno for the edge runtime) and this process's Node (22.12+) come first on PATH.
 */
export function spawnNetlifyDev(root: string, cwd: string, args: readonly string[], env: Record<string, string>): NetlifyDev {
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
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output, stop: () => stopGroup(child) };
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
