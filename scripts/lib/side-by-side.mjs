import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';

/**
 * Starts each `{ name, command, args, priority? }` at once, in a process group of its own (at `priority`, a nice
 * value, when given: what it starts later inherits it), and copies its output line by line behind `[name]` (no prefix
 * for an empty name). `done` resolves with `{ name, code, signal, seconds }` per command,
 * in order, once all have exited (a command killed by a signal, or that could not start, has a non-zero code);
 * `exits` holds one promise per command that resolves with its result as soon as that command exits.
 * `stop(signal)` passes the signal on to every command still running; a second stop kills their whole groups.
 * @param {Array<{ name: string, command: string, args: string[], priority?: number }>} commands
 * @param {{ cwd?: string, env?: NodeJS.ProcessEnv, stdout?: NodeJS.WritableStream, stderr?: NodeJS.WritableStream }} [options]
 * @typedef {{ name: string, code: number, signal: NodeJS.Signals | null, seconds: number }} Exit
 * @returns {{ done: Promise<Exit[]>, exits: Array<Promise<Exit>>, stop(signal: NodeJS.Signals): void }}
 */
export function startSideBySide(commands, { cwd, env = process.env, stdout = process.stdout, stderr = process.stderr } = {}) {
  const width = Math.max(0, ...commands.map(({ name }) => name.length));
  const running = new Set();
  let stops = 0;
  const exits = commands.map(
    ({ name, command, args, priority }) =>
      new Promise((resolve) => {
        const prefix = name ? `[${name.padEnd(width)}] ` : '';
        const started = Date.now();
        // A group of its own: a terminal's Ctrl-C reaches the commands once, through stop(), not twice.
        const child = spawn(command, args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
        running.add(child);
        if (priority !== undefined && child.pid) setPriority(child.pid, priority);
        for (const [from, to] of [
          [child.stdout, stdout],
          [child.stderr, stderr],
        ]) {
          let pending = '';
          from.setEncoding('utf8');
          from.on('data', (chunk) => {
            const lines = (pending + chunk).split('\n');
            pending = lines.pop() ?? '';
            if (lines.length) to.write(lines.map((line) => `${prefix}${line}\n`).join(''));
          });
          from.on('end', () => {
            if (pending) to.write(`${prefix}${pending}\n`);
          });
        }
        child.on('error', (error) => stderr.write(`${prefix}could not start ${command}: ${error.message}\n`));
        child.on('close', (code, signal) => {
          running.delete(child);
          resolve({ name, code: code ?? 1, signal, seconds: Math.round((Date.now() - started) / 1000) });
        });
      }),
  );
  return {
    done: Promise.all(exits),
    exits,
    stop(signal) {
      stops += 1;
      for (const child of running) {
        try {
          // The first signal lets each command clean up (vitest stops its servers, drops its databases).
          if (stops === 1) child.kill(signal);
          else process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    },
  };
}
