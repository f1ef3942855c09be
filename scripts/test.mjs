/**
 * `npm test`: builds the site once, then runs the vitest projects in three processes side by side, because each
 * group owns its databases and servers (e2e: one server and one Chromium; api + security: their own databases;
 * unit + dom: nothing). Vitest alone would run every serial project one after another. Each line is prefixed with its
 * group; a summary follows. Exits non-zero when the build or any group fails; SIGINT/SIGTERM reach every group (a
 * second one kills them). Arguments (`npm test -- <file or filter>`) run one plain `vitest run <args>` after the build.
 */
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const BIN = join(ROOT, 'node_modules', '.bin');

/** The groups that run at once; the slowest first, so its output starts first. */
const GROUPS = [
  { name: 'e2e', args: ['run', '--project', 'e2e'] },
  { name: 'api+security', args: ['run', '--project', 'api', '--project', 'security'] },
  { name: 'unit+dom', args: ['run', '--project', 'unit', '--project', 'dom'] },
];

const running = new Set();
let stopping = 0;

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopping += 1;
    for (const child of running) {
      try {
        // The first signal lets vitest stop its servers and drop its databases; a second one does not wait.
        if (stopping === 1) child.kill(signal);
        else process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  });
}

/** Runs `command args`, its output line by line behind `[label]`; resolves with its exit status (a signal is 1). */
function run(label, command, args, env = {}) {
  const width = Math.max(...GROUPS.map((group) => group.name.length));
  const prefix = label ? `[${label.padEnd(width)}] ` : '';
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(join(BIN, command), args, {
      cwd: ROOT,
      // A process group of its own: a terminal's Ctrl-C reaches the groups once, through this script.
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...(process.stdout.isTTY ? { FORCE_COLOR: process.env.FORCE_COLOR ?? '1' } : {}), ...env },
    });
    running.add(child);
    for (const [from, to] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
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
    child.on('error', (error) => {
      process.stderr.write(`${prefix}could not start ${command}: ${error.message}\n`);
    });
    child.on('close', (code, signal) => {
      running.delete(child);
      resolve({ label, code: code ?? 1, signal, seconds: Math.round((Date.now() - started) / 1000) });
    });
  });
}

const started = Date.now();
const build = await run('', 'astro', ['build']);
if (build.code !== 0 || stopping) process.exit(build.code || 1);

const extra = process.argv.slice(2);
if (extra.length) {
  const one = await run('', 'vitest', ['run', ...extra]);
  process.exit(one.code);
}

const results = await Promise.all(GROUPS.map((group) => run(group.name, 'vitest', group.args)));
const lines = results.map(
  ({ label, code, signal, seconds }) => `  ${label.padEnd(12)} ${code === 0 ? 'passed' : signal ? `stopped (${signal})` : `FAILED (exit ${code})`} in ${seconds} s`,
);
console.log(`\nnpm test: build ${build.seconds} s, then side by side:\n${lines.join('\n')}\n  total ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(results.some((result) => result.code !== 0) ? 1 : 0);
