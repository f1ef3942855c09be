/**
 * `npm start`: the whole site with its API on http://localhost:8888 (or PORT), offline, on this machine only
 * (loopback; HOST=0.0.0.0 opens it to the network, see docs/security-and-data.md, "Local runs stay local").
 *
 * It starts a short list of services in order and, on Ctrl-C (or when one of them ends), stops them in reverse order:
 *   1. the database: DATABASE_URL when set (through the WebSocket bridge when it is on this machine), else the
 *      embedded Postgres (PGlite) with its bridge; then the migrations are applied;
 *   2. the mail inbox (unless SMTP_URL is set): MailDev on loopback ports, which catches every e-mail the functions
 *      send and shows it in a web inbox, so nothing leaves the machine;
 *   3. `astro dev`, waited for, then `netlify dev --offline` in front of it: the pages and the functions, on a loopback
 *      port of its own behind a guard on PORT that reads each request body first (netlify dev exits on one too large
 *      or too slow) and answers 503 until netlify dev answers; their output passes through redactSecrets, so no
 *      token in a request line reaches the terminal;
 *   4. the scheduler: netlify dev runs a scheduled function only when it is called, so this calls each one on its
 *      `config.schedule`, as Netlify does once the site is deployed (scripts/lib/scheduler.ts).
 * Every folder and file it creates (the database's, the caught mail) is this user's only (umask 077).
 * Each service prints one `▸` line when it is up. A new service (say, a mail catcher for the functions' e-mail) is
 * one more entry in that list, with the settings it hands to the functions in `functionsEnv`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { connect, isIP } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { migrate } from '../netlify/lib/migrations';
import { keepNewFilesPrivate, makePrivate } from './lib/private-files';
import { BODY_TIMEOUT_MS, MAX_FORWARDED_BODY_BYTES, startRequestGuard } from './lib/request-guard';
import { scheduledFunctions, startScheduler, type ScheduledFunction } from './lib/scheduler';
import { startMailCatcher } from './lib/shared-harness/mail-catcher';
import { ROOT_DIR, embeddedDataDir } from './lib/data-paths';
import { announceRunningDatabase, withdrawRunningDatabase } from './lib/shared-harness/running-database';
import { projectDatabase } from './lib/shared-harness/database';
import { freePort } from './lib/shared-harness/free-port';
import { waitForNetlifyDev } from './lib/shared-harness/netlify-dev';
import { pipeRedacted } from './lib/redact-secrets';

const STOP_GRACE_MS = 10_000;

/** How long netlify dev may take to load the functions and answer (50 s on a quiet machine, 137 s seen under load). */
const SITE_READY_TIMEOUT_MS = 15 * 60_000;

/** The Vite cache of `npm start`'s astro dev (inside node_modules, so ignored and this checkout's own). */
const VITE_CACHE_DIR = join(ROOT_DIR, 'node_modules', '.vite-npm-start');

/** Preloaded into astro dev, netlify dev and everything they start (scripts/lib). */
const PRELOADS = ['listen-host.mjs', 'exit-with-parent.mjs', 'function-answers-final.mjs'];

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

/** Something `npm start` runs, and how to stop it. */
type Service = { name: string; stop(): Promise<void> };

const port = Number(process.env.PORT || 8888);
if (!Number.isInteger(port) || port < 1 || port > 65_535) {
  console.error(`PORT must be a port number, got ${JSON.stringify(process.env.PORT)}.`);
  process.exit(1);
}
const host = process.env.HOST?.trim() || '127.0.0.1';
if (host !== 'localhost' && isIP(host) === 0) {
  console.error(`HOST must be an IP address such as 127.0.0.1 or 0.0.0.0, got ${JSON.stringify(process.env.HOST)}.`);
  process.exit(1);
}

// Before anything is created: PGlite asks for 0666 files and maildev for 0644, readable by every user of the machine.
keepNewFilesPrivate();

/** Started services, in start order. */
const running: Service[] = [];
/** Settings the functions read (see netlify/lib/env.ts), filled in as services start. */
const functionsEnv: Record<string, string> = {};

function say(line: string): void {
  console.log(`▸ ${line}`);
}

/** Stops every started service, the last started first. */
async function stopAll(): Promise<void> {
  for (const service of running.reverse()) {
    await service.stop().catch((error: unknown) => console.error(`Could not stop ${service.name}:`, error));
  }
  running.length = 0;
}

async function startDatabase(): Promise<void> {
  const database = await projectDatabase();
  // The embedded database says where it listens, so that `npm run owner:add` can reach it while it runs (PGlite
  // allows one process); the note goes before the database stops.
  const embedded = !process.env.DATABASE_URL?.trim() && database.wsProxy !== undefined;
  running.push({
    name: 'the database',
    stop: async () => {
      if (embedded) await withdrawRunningDatabase(embeddedDataDir());
      await database.stop();
    },
  });
  functionsEnv.DATABASE_URL = database.url;
  if (database.wsProxy) functionsEnv.NEON_WS_PROXY = database.wsProxy;
  say(`database: ${database.description}`);
  if (embedded) {
    await announceRunningDatabase(embeddedDataDir(), { databaseUrl: database.url, wsProxy: database.wsProxy! });
  }
  const { applied } = await migrate({ config: { url: database.url, wsProxy: database.wsProxy } });
  say(`migrations: ${applied.length > 0 ? `applied ${applied.join(', ')}` : 'up to date'}`);
}

async function startMail(): Promise<void> {
  // Links in the e-mails (the cancel page) lead to this server unless SITE_URL says otherwise.
  functionsEnv.SITE_URL = process.env.SITE_URL || `http://localhost:${port}`;
  if (process.env.SMTP_URL) {
    say('mail: SMTP_URL (a real mail server: messages leave this machine)');
    return;
  }
  // Beside the embedded database, outside the project: no dev server ever serves the caught messages.
  const mailDirectory = join(embeddedDataDir(), '..', 'mail');
  await makePrivate(join(mailDirectory, '..'));
  const inbox = await startMailCatcher({ mailDirectory });
  running.push({ name: 'the mail inbox', stop: () => inbox.stop() });
  functionsEnv.SMTP_URL = inbox.smtpUrl;
  say(`mail inbox ${inbox.inboxUrl}`);
}

/** Stops a child process: SIGTERM, then SIGKILL after STOP_GRACE_MS. */
async function stopChild(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const force = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
  await exited;
  clearTimeout(force);
}

/** Resolves once something accepts connections on localhost:`port`; throws if `exited` settles first. */
async function waitForPort(port: number, exited: Promise<void>): Promise<void> {
  let gone = false;
  void exited.then(() => (gone = true));
  while (!gone) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect({ port, host: 'localhost' }, () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`astro dev exited before it listened on port ${port}`);
}

async function startSite(): Promise<ChildProcess> {
  // Astro gets a port of its own, so a dev server already running elsewhere (e.g. `npm run dev` on 4321) can neither
  // block this one nor be proxied by mistake; --ignore-lock lets Astro run beside it.
  const astroPort = await freePort();
  const netlifyPort = await freePort();
  // First, so that a PORT already in use stops the start before netlify dev runs. Until the site answers, it answers
  // 503 with Retry-After and a page that says so.
  const guard = await startRequestGuard({ host, port, targetPort: netlifyPort });
  running.push({ name: 'the request guard', stop: () => guard.stop() });
  const env = {
    ...process.env,
    ...functionsEnv,
    ASTRO_DEV_BACKGROUND: '0',
    // astro dev's own Vite cache (astro.config.mjs): `astro build` and the tests rewrite the default one.
    START_VITE_CACHE_DIR: VITE_CACHE_DIR,
    // netlify dev has no host option and would listen on every interface: this preload makes its servers (and
    // any other that names no host) listen on loopback only, behind the guard. Astro's own server stays on localhost.
    LISTEN_HOST: '127.0.0.1',
    // The second preload ends every process netlify dev starts once its parent has gone; the third stops netlify dev
    // from running a function four times more after its 404 or 403 (see each file).
    NODE_OPTIONS: [
      process.env.NODE_OPTIONS,
      ...PRELOADS.map((file) => `--import=${pathToFileURL(join(ROOT_DIR, 'scripts/lib', file)).href}`),
    ]
      .filter(Boolean)
      .join(' '),
    // netlify dev finds deno (edge functions) on PATH; npm puts node_modules/.bin there, direct runs may not.
    PATH: `${join(ROOT_DIR, 'node_modules/.bin')}:${process.env.PATH ?? ''}`,
  };
  // Their output reaches the terminal through redactSecrets: netlify dev prints every request line, the calendar
  // feed's address (and its token) included.
  const stdio: ['inherit', 'pipe', 'pipe'] = ['inherit', 'pipe', 'pipe'];
  // astro dev first, waited for as long as it takes: netlify dev gives its framework command about 15 s to open its
  // port and exits after that, which a busy machine (a test suite beside it) overruns.
  const astro = spawn(process.execPath, [join(ROOT_DIR, 'node_modules/astro/bin/astro.mjs'), 'dev', '--port', String(astroPort), '--ignore-lock'], {
    cwd: ROOT_DIR,
    stdio,
    env,
  });
  pipeRedacted(astro.stdout!, process.stdout);
  pipeRedacted(astro.stderr!, process.stderr);
  const astroExited = new Promise<void>((resolve) => astro.once('exit', () => resolve()));
  running.push({ name: 'astro dev', stop: () => stopChild(astro, astroExited) });
  astro.on('exit', (code, signal) => void shutDown(`astro dev exited (${code ?? signal})`, code ?? 1));
  await waitForPort(astroPort, astroExited);
  const netlify = spawn(
    process.execPath,
    [
      join(ROOT_DIR, 'node_modules/netlify-cli/bin/run.js'),
      'dev',
      '--offline',
      '--port',
      String(netlifyPort),
      '--command',
      'node scripts/lib/stand-by.mjs',
      '--target-port',
      String(astroPort),
    ],
    { cwd: ROOT_DIR, stdio, env },
  );
  // What it printed until it was up, to tell when it is (kept no longer than that).
  let startupLog = '';
  let up = false;
  const keep = (line: string) => {
    if (!up) startupLog += `${line}\n`;
  };
  pipeRedacted(netlify.stdout!, process.stdout, keep);
  pipeRedacted(netlify.stderr!, process.stderr, keep);
  const exited = new Promise<void>((resolve) => netlify.once('exit', () => resolve()));
  running.push({ name: 'netlify dev', stop: () => stopChild(netlify, exited) });
  // Up: every function loaded and the home page answered through netlify dev.
  const launched = { child: netlify, output: () => startupLog, stop: () => stopChild(netlify, exited) };
  await waitForNetlifyDev(launched, ROOT_DIR, `http://127.0.0.1:${netlifyPort}/`, SITE_READY_TIMEOUT_MS);
  up = true;
  startupLog = '';
  guard.ready();
  const where = LOOPBACK.has(host) ? `http://localhost:${port}` : `port ${port} on ${host}`;
  say(`site: netlify dev on ${where} (astro dev behind it on localhost port ${astroPort})`);
  say(
    `request guard on ${where}, netlify dev behind it on localhost port ${netlifyPort}: bodies over ${MAX_FORWARDED_BODY_BYTES} bytes get 413, ` +
      `bodies not in after ${BODY_TIMEOUT_MS / 1000} s get 408`,
  );
  if (!LOOPBACK.has(host)) {
    say(`WARNING: HOST=${host} lets other machines on the network reach the site, its API and its database's data`);
  }
  return netlify;
}

function startJobs(functions: readonly ScheduledFunction[]): void {
  // The scheduler calls netlify dev where it listens: on loopback when it listens everywhere.
  const callHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  const scheduler = startScheduler({
    baseUrl: `http://${isIP(callHost) === 6 ? `[${callHost}]` : callHost}:${port}`,
    functions,
    log: say,
  });
  running.push({ name: 'the scheduler', stop: () => scheduler.stop() });
  say(`scheduler: ${functions.map((entry) => `${entry.name} (${entry.schedule})`).join(', ')}`);
}

// Read first: a schedule that cannot be read stops everything before anything has started.
let jobs: ScheduledFunction[];
try {
  jobs = await scheduledFunctions(join(ROOT_DIR, 'netlify', 'functions'));
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
try {
  await startDatabase();
} catch (error) {
  const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
  console.error(`Could not prepare the database: ${error instanceof Error ? error.message : String(error)}${cause}`);
  await stopAll();
  process.exit(1);
}
try {
  await startMail();
} catch (error) {
  console.error(`Could not start the mail inbox: ${error instanceof Error ? error.message : String(error)}`);
  await stopAll();
  process.exit(1);
}
let site: ChildProcess;
try {
  site = await startSite();
} catch (error) {
  console.error(`Could not start the site: ${error instanceof Error ? error.message : String(error)}`);
  await stopAll();
  process.exit(1);
}
startJobs(jobs);

let stopping = false;
async function shutDown(reason: string, exitCode: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  say(`${reason}: stopping ${[...running].reverse().map((service) => service.name).join(', then ')}`);
  await stopAll();
  say('stopped');
  process.exit(exitCode);
}
process.on('SIGINT', () => void shutDown('SIGINT', 0));
process.on('SIGTERM', () => void shutDown('SIGTERM', 0));
site.on('exit', (code, signal) => void shutDown(`netlify dev exited (${code ?? signal})`, code ?? 1));
