/**
 * The deploy rehearsal (`npm run rehearse:deploy`, and tests/security/deploy-rehearsal.test.ts): the functions bundled
 * by Netlify's own bundler with netlify.toml's settings, loaded from a folder outside the repository, called against
 * a fresh database before and after the build's migration step and with each configuration error, recording what the
 * operator would see: the status and the function's log lines.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { zipFunction, zipFunctions, type Config } from '@netlify/zip-it-and-ship-it';
import type { EndpointContext, Handler } from '../../netlify/lib/http/endpoint';
import { addDaysUtc, todayUtc } from '@shared/schemas/dates';
import { migrateForBuild } from './build-migrations';
import { ROOT_DIR } from './data-paths';
import { routeParams } from './shared-harness/functions';
import { sampleInquiry } from './shared-harness/sample-inquiry';

/** A function as Netlify deploys it: its bundled default export and the paths it is served at. */
export type BundledFunction = { name: string; handler: Handler; patterns: URLPattern[] };

/** What netlify.toml's [functions] section sets for every function (bundler, files carried along). */
export async function functionsSettings(): Promise<NonNullable<Config['*']>> {
  const toml = await readFile(join(ROOT_DIR, 'netlify.toml'), 'utf8');
  const section = /^\[functions\]\n([\s\S]*?)(?=^\[)/m.exec(toml)?.[1] ?? '';
  const value = (key: string) => new RegExp(`^\\s*${key}\\s*=\\s*(.+)$`, 'm').exec(section)?.[1];
  return {
    nodeBundler: JSON.parse(value('node_bundler') ?? '"esbuild"'),
    includedFiles: JSON.parse(value('included_files') ?? '[]'),
  };
}

/**
 * Bundles the functions `names` (file names in netlify/functions without extension; undefined: all of them) into
 * `outDir` with @netlify/zip-it-and-ship-it, unzipped, and imports each bundle from there: nothing is resolved from
 * the repository.
 */
export async function bundleFunctions(names: readonly string[] | undefined, outDir: string): Promise<BundledFunction[]> {
  const source = join(ROOT_DIR, 'netlify', 'functions');
  const options = {
    archiveFormat: 'none' as const,
    basePath: ROOT_DIR,
    repositoryRoot: ROOT_DIR,
    config: { '*': await functionsSettings() },
  };
  // All at once shares the bundler's work (22 functions: about 8 s, against 40 s one by one).
  const results = names
    ? await Promise.all(names.map((name) => zipFunction(join(source, `${name}.ts`), outDir, options)))
    : await zipFunctions(source, outDir, options);
  return Promise.all(
    results.map(async (result) => {
      if (!result) throw new Error("Netlify's bundler skipped a function.");
      // The entry point hands Netlify's bootstrap the bundle's path; the rehearsal calls that bundle's default export.
      const entry = await readFile(join(result.path, result.entryFilename), 'utf8');
      const bundle = /getLambdaHandler\('([^']+)'\)/.exec(entry)?.[1];
      if (!bundle) throw new Error(`No bundle named in ${result.name}'s entry point.`);
      const module = (await import(pathToFileURL(join(result.path, bundle)).href)) as {
        default: Handler;
        config?: { path?: string | string[] };
      };
      const paths = module.config?.path ? [module.config.path].flat() : [`/.netlify/functions/${result.name}`];
      return { name: result.name, handler: module.default, patterns: paths.map((pathname) => new URLPattern({ pathname })) };
    }),
  );
}

/** One call of the rehearsal: the settings it runs under, the request, and what the operator should see. */
export type Scenario = {
  title: string;
  /** Changes to the base settings (undefined removes a variable). */
  env?: Record<string, string | undefined>;
  /** Netlify's deploy context of the request (Netlify.context.deploy.context). */
  deployContext: 'production' | 'deploy-preview';
  function: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  expect: { status: number; log: RegExp };
};

/** What one call showed the operator. */
export type Outcome = { scenario: Scenario; status: number; lines: string[]; ok: boolean };

/** A secret-looking value the configuration errors carry: it must appear in no log line. */
export const REHEARSAL_SECRET = 'rehearsal_secret_4f9c2e7d1a';

/** The functions the rehearsal calls (the test bundles only these; the script bundles every function). */
export const REHEARSAL_FUNCTIONS = ['availability', 'contact', 'estimate', 'outbox-send'] as const;

/** The rehearsal's calls before migrating (`labels`: the migrations the code expects) and after. */
export function scenarios(labels: readonly string[]): { unmigrated: Scenario[]; migrated: Scenario[] } {
  const date = addDaysUtc(todayUtc(), 30);
  const availability = { function: 'availability', method: 'GET', path: `/api/availability/${date}` } as const;
  const body = sampleInquiry(addDaysUtc(todayUtc(), 90));
  const contact = { function: 'contact', method: 'POST', path: '/api/contact', body } as const;
  const send = { function: 'outbox-send', method: 'POST', path: '/.netlify/functions/outbox-send' } as const;
  const estimateBody = { packageId: 'wedding', serviceLevel: 'byob', guests: 120, hours: 5, zip: '78701', addOns: [] };
  const estimate = { function: 'estimate', method: 'POST', path: '/api/estimate', body: estimateBody } as const;
  type Call = typeof availability | typeof contact | typeof send | typeof estimate;
  const scenario = (title: string, call: Call, status: number, log: RegExp, more: Partial<Scenario> = {}): Scenario => ({
    title,
    deployContext: 'production',
    ...call,
    ...more,
    expect: { status, log },
  });
  const missing = labels.map((label) => label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join(', ');
  const behind = new RegExp(`"schemaBehind":"missing ${missing}"`);
  const config = (variable: string) => new RegExp(`"failure":"(Mail)?ConfigError ${variable}: [^"]+"`);
  const preview = { deployContext: 'deploy-preview' } as const;
  return {
    unmigrated: [
      scenario('unmigrated database', availability, 503, behind),
      scenario('unmigrated database, scheduled run', send, 503, behind),
      // The price list and the ZIP table travel in the bundle: an estimate needs no database.
      scenario('unmigrated database: an estimate', estimate, 200, /"endpoint":"estimate".*"status":200/),
    ],
    migrated: [
      scenario('DATABASE_URL missing', availability, 503, config('DATABASE_URL'), { env: { DATABASE_URL: undefined } }),
      scenario('DATABASE_URL not a postgres:// URL', availability, 503, config('DATABASE_URL'), {
        env: { DATABASE_URL: `mysql://owner:${REHEARSAL_SECRET}@db.example/app` },
      }),
      scenario('NEON_WS_PROXY with a protocol', availability, 503, config('NEON_WS_PROXY'), {
        env: { NEON_WS_PROXY: `wss://127.0.0.1:4000/${REHEARSAL_SECRET}` },
      }),
      scenario('MAIL_FROM missing in production', contact, 503, config('MAIL_FROM'), { env: { MAIL_FROM: undefined } }),
      scenario('SMTP_URL missing in production: the inquiry is kept', contact, 201, config('SMTP_URL')),
      scenario('SMTP_URL missing in production: scheduled run', send, 503, config('SMTP_URL')),
      scenario('migrated, a deploy preview (no SMTP_URL needed)', availability, 200, /"status":200/, preview),
      scenario('migrated, a deploy preview: an inquiry', contact, 201, /"status":201/, preview),
    ],
  };
}

/** Runs `work` with the settings changed by `env` and console.log/error captured; restores both afterwards. */
async function captured<T>(
  env: Record<string, string | undefined>,
  work: () => Promise<T>,
): Promise<{ value: T; lines: string[] }> {
  const saved = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
  const apply = (values: Record<string, string | undefined>) => {
    for (const [name, value] of Object.entries(values)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
  const lines: string[] = [];
  const { log, error } = console;
  console.log = (...args: unknown[]) => void lines.push(args.map(String).join(' '));
  console.error = console.log;
  apply(env);
  try {
    return { value: await work(), lines };
  } finally {
    apply(saved);
    console.log = log;
    console.error = error;
  }
}

/** Calls `fn` the way Netlify does, in the deploy context `deployContext` (Netlify.context during the call). */
async function callBundled(fn: BundledFunction, scenario: Scenario): Promise<number> {
  const url = `https://lonestar.example${scenario.path}`;
  const request = new Request(url, {
    method: scenario.method,
    ...(scenario.body ? { body: JSON.stringify(scenario.body), headers: { 'content-type': 'application/json' } } : {}),
  });
  const pending: Promise<unknown>[] = [];
  const context: EndpointContext = {
    requestId: crypto.randomUUID(),
    ip: '203.0.113.7',
    params: routeParams(fn.patterns, url) ?? {},
    waitUntil: (promise) => void pending.push(promise),
  };
  const global = globalThis as { Netlify?: unknown };
  const before = global.Netlify;
  global.Netlify = { context: { deploy: { context: scenario.deployContext } } };
  try {
    const response = await fn.handler(request, context);
    await Promise.all(pending);
    return response.status;
  } finally {
    global.Netlify = before;
  }
}

/** Runs one scenario against `functions` with the base settings `base`. */
export async function runScenario(
  functions: readonly BundledFunction[],
  base: Record<string, string | undefined>,
  scenario: Scenario,
): Promise<Outcome> {
  const fn = functions.find((candidate) => candidate.name === scenario.function);
  if (!fn) throw new Error(`${scenario.function} was not bundled.`);
  const { value: status, lines } = await captured({ ...base, ...scenario.env }, () => callBundled(fn, scenario));
  const ok =
    status === scenario.expect.status &&
    lines.some((line) => scenario.expect.log.test(line)) &&
    !lines.some((line) => line.includes(REHEARSAL_SECRET));
  return { scenario, status, lines, ok };
}

/**
 * The whole rehearsal on the database `database` (fresh, unmigrated): the unmigrated calls, the build's migration
 * step (its lines go to `say`), then the calls on the migrated database. Returns every outcome in order.
 */
export async function rehearse(
  functions: readonly BundledFunction[],
  database: { url: string; wsProxy: string | undefined },
  labels: readonly string[],
  say: (line: string) => void,
): Promise<Outcome[]> {
  const base = {
    DATABASE_URL: database.url,
    NEON_WS_PROXY: database.wsProxy,
    MAIL_FROM: 'Lone Star Mobile Bar <bookings@lonestar.example>',
    OWNER_EMAIL: 'owner@lonestar.example',
    SITE_URL: 'https://lonestar.example',
    SMTP_URL: undefined,
    CONTEXT: undefined,
  };
  const { unmigrated, migrated } = scenarios(labels);
  const outcomes: Outcome[] = [];
  for (const scenario of unmigrated) outcomes.push(await runScenario(functions, base, scenario));
  say('The build step (npm run build:netlify, production):');
  await migrateForBuild(database.url, database.wsProxy, (line) => say(`  ${line}`));
  for (const scenario of migrated) outcomes.push(await runScenario(functions, base, scenario));
  return outcomes;
}

/** What the operator sees of one outcome, for the script's and the test's output. */
export function formatOutcome(outcome: Outcome): string {
  const { title, method, path } = outcome.scenario;
  const head = `${outcome.ok ? 'ok  ' : 'FAIL'} ${title}: ${method} ${path} → ${outcome.status}`;
  return [head, ...outcome.lines.map((line) => `       ${line}`)].join('\n');
}
