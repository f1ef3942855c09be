/**
 * Where the API benchmarks send their requests: `netlify dev --offline` serving this project's functions from a
 * folder of its own (the runtime `npm start` gives an operator: a fresh worker thread per invocation), and a POST
 * sent from a chosen loopback address, which the functions see as the client's IP.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { todayUtc } from '@shared/schemas/dates';
import { ROOT_DIR } from './data-paths';
import { freePort } from './shared-harness/free-port';
import { spawnNetlifyDev, waitForNetlifyDev } from './shared-harness/netlify-dev';
import { makeSiteFolder } from './shared-harness/site-folder';

const READY_TIMEOUT_MS = 120_000;
/** Longest a benchmark waits for one answer, in ms. */
export const REQUEST_TIMEOUT_MS = 60_000;

/** A running server of the functions, its address, and (for netlify dev) everything it printed so far. */
export type BenchTarget = { baseUrl: string; stop(): Promise<void>; log?: () => string };

/** Starts `netlify dev --offline` with `env` (DATABASE_URL, NEON_WS_PROXY) and waits until a function answers. */
export async function startNetlifyDevTarget(env: Record<string, string>): Promise<BenchTarget> {
  // A folder of its own, so another netlify dev in this checkout (npm start, the e2e suite) cannot rebuild its functions.
  const site = await makeSiteFolder(ROOT_DIR, 'lone-star-bench');
  const siteDir = site.dir;
  await mkdir(join(siteDir, 'static'));
  await writeFile(join(siteDir, 'static', 'index.html'), '<!doctype html><title>bench</title>');
  const [port, staticPort] = [await freePort(), await freePort()];
  const netlify = spawnNetlifyDev(
    ROOT_DIR,
    siteDir,
    ['--offline', '--dir', 'static', '--framework', '#static', '--command', '', '--port', String(port), '--staticServerPort', String(staticPort), '--no-open'],
    env,
  );
  const stop = async () => {
    await netlify.stop();
    await site.remove();
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForNetlifyDev(netlify, siteDir, `${baseUrl}/api/availability/${todayUtc()}`, READY_TIMEOUT_MS);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop, log: netlify.output };
}

/** The n-th loopback address of 127.1.0.0/16 (n ≥ 1): a client of its own for the functions' per-IP budgets. */
export function loopbackClient(n: number): string {
  return `127.1.${(n >> 8) & 255}.${(n & 255) || 1}`;
}

/** POSTs `body` as JSON to `url` from the loopback address `localAddress`; resolves to the answer's status. */
export function postFrom(
  localAddress: string,
  url: string,
  body: string,
  headers: Record<string, string> = {},
): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      url,
      {
        method: 'POST',
        localAddress,
        headers: { 'content-type': 'application/json', ...headers },
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      },
      (incoming) => {
        incoming.resume();
        incoming.on('end', () => resolve(incoming.statusCode ?? 0));
        incoming.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}
