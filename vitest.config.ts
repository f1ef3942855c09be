import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Workers of the api and security projects, each with databases of its own (tests/setup/database.ts); default 2. Four
 * finish sooner alone (233 against 280 s) but put four embedded databases on the main process's one thread: under
 * npm test's load, once in three runs, simultaneous bookings on PGlite were not all answered 201 (holds.test: 7 of 9).
 */
const DATABASE_WORKERS = Number(process.env.DATABASE_WORKERS ?? 2);

/**
 * Workers of the e2e project, each with a server, database and inbox of its own (tests/e2e/global-setup.ts); default 3.
 * The pages mostly wait on a server or a timer: two workers kept 1.7 of the 2 cores busy.
 */
const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? 3);

/**
 * `vitest run` runs every suite; `npm test` (scripts/test.mjs) runs e2e + start, api, and unit + dom + security in three
 * vitest processes side by side, because vitest runs projects of one worker each one after another. Each project owns its files:
 * - unit:  pure logic and build-output tests (Node)
 * - dom:   React island component tests (jsdom, Testing Library)
 * - api:   function handler tests against a real Postgres (embedded PGlite, plus TEST_DATABASE_URL)
 * - security: configured headers, fuzzing, outages, spam and log privacy of the functions (same databases as api)
 * - e2e:   browser flows in real Chromium against the production build
 * - start: `npm start` itself, the whole local stack as a newcomer starts it (in the e2e group, after it)
 */
export default defineConfig({
  // The import aliases of tsconfig.json: code both sides run, and the business's words and numbers.
  resolve: {
    alias: {
      '@shared': fileURLToPath(new URL('./shared', import.meta.url)),
      '@content': fileURLToPath(new URL('./content', import.meta.url)),
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['src/**/*.test.ts', 'shared/**/*.test.ts', 'tests/build/**/*.test.ts'],
          // Files share their worker's process and module registry, as in the api project (15 CPU-s less per run).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['src/**/*.test.tsx'],
          setupFiles: ['tests/setup/dom.ts'],
          // Files share their worker's jsdom and module registry: alone, 51 → 21 s (a jsdom per file was a third of the
          // time). tests/setup/dom.ts resets what a test leaves (tree, toasts, timers, storage, address) after each one.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          environment: 'node',
          include: ['netlify/**/*.test.ts', 'db/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/api/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'scripts/start.test.ts'],
          // Per worker, one embedded PGlite (+ a fresh PostgreSQL database with TEST_DATABASE_URL): files empty their
          // tables between tests, so two files never share a database.
          globalSetup: ['tests/setup/database.ts'],
          maxWorkers: DATABASE_WORKERS,
          // A worker runs its files one after another in one process and one module registry (mocks and spies are reset
          // between files): measured, 84 CPU-s less per run than a new process per file. A file that mocks a module
          // loads what it tests after vi.resetModules() and drops it afterwards (inquiry-field-added, admin-session).
          isolate: false,
          // After unit and dom (vitest runs projects of different worker counts apart), before e2e.
          sequence: { groupOrder: 1 },
          // Generous: npm test runs this group beside the browser's on two cores (a test that takes 5 s alone took 20 s
          // there).
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'security',
          environment: 'node',
          include: ['tests/security/**/*.test.ts'],
          // Databases of its own, as the api project's (embedded PGlite, plus TEST_DATABASE_URL's PostgreSQL when set).
          globalSetup: ['tests/setup/database.ts'],
          maxWorkers: DATABASE_WORKERS,
          // As the api project: files share their worker's process and module registry.
          isolate: false,
          sequence: { groupOrder: 1 },
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          // One Chromium for the whole suite and, per worker, a server, database and inbox (started once here): three
          // files run at a time, each after the files before it in its own worker. The pages mostly wait on the
          // server, so several lines of files fill the cores one line left idle.
          globalSetup: ['tests/e2e/global-setup.ts'],
          maxWorkers: E2E_WORKERS,
          // Files share their worker's process (and its playwright client), as in the api project.
          isolate: false,
          // After the database groups when everything runs in one process; before `start` in npm test's browser group.
          sequence: { groupOrder: 2 },
          // Generous: npm test runs the other groups beside this one on two cores.
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'start',
          environment: 'node',
          include: ['scripts/start.test.ts'],
          // `npm start` as a newcomer runs it (astro dev, netlify dev bundling every function): npm test runs it in
          // the browser's group, after the browser files, when the other groups have ended and cannot starve it.
          sequence: { groupOrder: 3 },
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
