/**
 * `npm start`: the whole site with its API on http://localhost:8888 (or PORT), offline.
 * Without DATABASE_URL it starts the embedded Postgres (PGlite, files in .data/pglite) and the WebSocket bridge;
 * with DATABASE_URL it uses that database (through the bridge when it is on this machine). Either way it applies
 * the migrations, then runs `netlify dev --offline`. Ctrl-C stops netlify dev first, then closes the database cleanly.
 */
import { spawn } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { isLocalDatabaseUrl } from '../netlify/lib/env';
import { migrate } from '../netlify/lib/migrations';
import { startEmbeddedDatabase, type EmbeddedDatabase } from './lib/embedded-db';
import { EMBEDDED_DATA_DIR, ROOT_DIR } from './lib/paths';
import { startWsBridge, type WsBridge } from './lib/ws-bridge';

const STOP_GRACE_MS = 10_000;

const port = Number(process.env.PORT || 8888);
if (!Number.isInteger(port) || port < 1 || port > 65_535) {
  console.error(`PORT must be a port number, got ${JSON.stringify(process.env.PORT)}.`);
  process.exit(1);
}

let embedded: EmbeddedDatabase | undefined;
let bridge: WsBridge | undefined;

async function stopDatabase(): Promise<void> {
  await bridge?.stop();
  await embedded?.stop();
}

try {
  if (!process.env.DATABASE_URL) {
    embedded = await startEmbeddedDatabase({ dataDir: EMBEDDED_DATA_DIR });
    process.env.DATABASE_URL = embedded.databaseUrl;
    process.env.NEON_WS_PROXY = embedded.wsProxy;
    console.log(`▸ embedded database ${embedded.databaseUrl} (files in ${embedded.dataDir})`);
  } else if (isLocalDatabaseUrl(process.env.DATABASE_URL) && !process.env.NEON_WS_PROXY) {
    bridge = await startWsBridge();
    process.env.NEON_WS_PROXY = bridge.address;
    console.log('▸ using DATABASE_URL (a server on this machine, through the WebSocket bridge)');
  } else {
    console.log('▸ using DATABASE_URL');
  }
  const { applied } = await migrate();
  console.log(`▸ migrations: ${applied.length > 0 ? `applied ${applied.join(', ')}` : 'up to date'}`);
} catch (error) {
  const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
  console.error(`Could not prepare the database: ${error instanceof Error ? error.message : String(error)}${cause}`);
  await stopDatabase();
  process.exit(1);
}

/** A TCP port nobody listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as AddressInfo;
      probe.close(() => resolve(free));
    });
  });
}

// Astro gets a port of its own, so a dev server already running elsewhere (e.g. `npm run dev` on 4321) can neither
// block this one nor be proxied by mistake; --ignore-lock lets Astro run beside it.
const astroPort = await freePort();
const netlify = spawn(
  process.execPath,
  [
    join(ROOT_DIR, 'node_modules/netlify-cli/bin/run.js'),
    'dev',
    '--offline',
    '--port',
    String(port),
    '--command',
    `astro dev --port ${astroPort} --ignore-lock`,
    '--target-port',
    String(astroPort),
  ],
  {
    cwd: ROOT_DIR,
    stdio: 'inherit',
    env: {
      ...process.env,
      ASTRO_DEV_BACKGROUND: '0',
      // netlify dev finds deno (edge functions) on PATH; npm puts node_modules/.bin there, direct runs may not.
      PATH: `${join(ROOT_DIR, 'node_modules/.bin')}:${process.env.PATH ?? ''}`,
    },
  },
);

let stopping = false;
function stop(signal: NodeJS.Signals): void {
  if (stopping) return;
  stopping = true;
  console.log(`\n▸ ${signal}: stopping netlify dev, then the database`);
  if (netlify.exitCode === null && netlify.signalCode === null) netlify.kill('SIGTERM');
  setTimeout(() => {
    if (netlify.exitCode === null && netlify.signalCode === null) netlify.kill('SIGKILL');
  }, STOP_GRACE_MS).unref();
}
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));

netlify.on('exit', async (code, signal) => {
  await stopDatabase();
  console.log('▸ stopped');
  process.exit(stopping ? 0 : (code ?? (signal ? 1 : 0)));
});
