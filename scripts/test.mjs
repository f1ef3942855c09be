/**
 * `npm test`: builds the site once, then runs the vitest projects in three processes side by side, because each
 * group owns its databases and servers (e2e: one Chromium, a server per worker; api: databases per worker; unit +
 * dom + security: the security files' own databases, after the others), and vitest alone runs projects of different
 * worker counts one after another. Each line is prefixed with its group; a summary gives each group's time. Exits
 * non-zero when the build or any group fails; SIGINT and SIGTERM reach every group (a second one kills them).
 * Arguments (`npm test -- <file or filter>`) run one plain `vitest run <args>` after the build instead.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSideBySide } from './lib/side-by-side.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(ROOT, 'node_modules', '.bin', name);
/**
 * glibc's allocator asks for transparent huge pages for its own memory (GLIBC_TUNABLES, glibc 2.35 and later; older
 * ones ignore it). scrypt at the sign-in cost takes 128 MB from it each time, and on a virtual machine every 4 KB page
 * first touched is a trip to the kernel: measured here, 0.76 → 0.33 CPU-s a hash, and the sign-in and owner:add
 * test files 63 → 41 CPU-s. Only the tests' processes get it; the code under test does not change.
 */
const HUGE_PAGES = 'glibc.malloc.hugetlb=1';
const env = {
  ...process.env,
  GLIBC_TUNABLES: [process.env.GLIBC_TUNABLES, HUGE_PAGES].filter(Boolean).join(':'),
  ...(process.stdout.isTTY && !process.env.NO_COLOR ? { FORCE_COLOR: process.env.FORCE_COLOR ?? '1' } : {}),
};

/**
 * The groups that run at once, the slowest first. The browser's server and Chromium answer a waiting page, and the api
 * group's main process is the embedded database its tests wait on (a query not answered in 5 s fails the test), so
 * both share the cores alike; unit + dom + security (nice 10) takes what is left, which on two cores is most of it. At
 * nice 10 the api group's database got about a tenth of a core beside a busy browser group: without PostgreSQL, when
 * the browser's databases are embedded too, a query of release.test waited past 5 s.
 */
const GROUPS = [
  { name: 'e2e', command: bin('vitest'), args: ['run', '--project', 'e2e', '--project', 'start'] },
  { name: 'api', command: bin('vitest'), args: ['run', '--project', 'api'] },
  { name: 'unit+dom+sec', command: bin('vitest'), args: ['run', '--project', 'unit', '--project', 'dom', '--project', 'security'], priority: 10 },
];

let current;
let stopped = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopped = true;
    current?.stop(signal);
  });
}

/** Runs `commands` side by side and resolves with their results. */
function run(commands) {
  current = startSideBySide(commands, { cwd: ROOT, env });
  return current.done;
}

const started = Date.now();
const [build] = await run([{ name: '', command: bin('astro'), args: ['build'] }]);
if (build.code !== 0 || stopped) process.exit(build.code || 1);

const extra = process.argv.slice(2);
if (extra.length) {
  const [one] = await run([{ name: '', command: bin('vitest'), args: ['run', ...extra] }]);
  process.exit(one.code);
}

const results = await run(GROUPS);
const lines = results.map(({ name, code, signal, seconds }) => {
  const outcome = code === 0 ? 'passed' : signal ? `stopped (${signal})` : `FAILED (exit ${code})`;
  return `  ${name.padEnd(12)} ${outcome} in ${seconds} s`;
});
console.log(`\nnpm test: build ${build.seconds} s, then side by side:\n${lines.join('\n')}\n  total ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(results.some((result) => result.code !== 0) ? 1 : 0);
