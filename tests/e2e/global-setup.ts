import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { startMailCatcher, type MailCatcher } from '../../scripts/lib/shared-harness/mail-catcher';
import { CHROME_FLAGS, findChrome } from '../../scripts/lib/shared-harness/chrome';
import './support/context';
import { startE2eDatabase, type E2eDatabase } from './support/database';
import { startSiteServer, type SiteServer } from './support/server';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

function shout(lines: string[]): void {
  const width = Math.max(...lines.map((line) => line.length));
  const bar = '!'.repeat(width + 6);
  console.warn(`\n${bar}\n${lines.map((line) => `!! ${line.padEnd(width)} !!`).join('\n')}\n${bar}\n`);
}

/** One worker's running site: its database, mail catcher and server. */
interface RunningSite {
  database: E2eDatabase;
  mail: MailCatcher;
  site: SiteServer;
}

/** The value of each fulfilled promise; throws the first rejection once every promise has settled. */
async function allOrFirstError<T>(promises: Array<Promise<T>>): Promise<T[]> {
  const results = await Promise.allSettled(promises);
  const failed = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed) throw failed.reason;
  return results.map((result) => (result as PromiseFulfilledResult<T>).value);
}

/**
 * Starts one worker's site: a fresh database and a mail catcher, then the production build and its functions
 * (support/server.ts). Adds it to `started` once all three run; what it started before a failure it stops itself.
 */
async function startSite(started: RunningSite[]): Promise<RunningSite> {
  const [database, mail] = await Promise.allSettled([startE2eDatabase(), startMailCatcher()]);
  const stopParts = async () => {
    if (mail.status === 'fulfilled') await mail.value.stop();
    if (database.status === 'fulfilled') await database.value.stop();
  };
  try {
    if (database.status === 'rejected') throw database.reason;
    if (mail.status === 'rejected') throw mail.reason;
    // Real SMTP: every e-mail the functions send lands in the catcher's inbox, which tests read through its API.
    const site = await startSiteServer(ROOT, { ...database.value.env, SMTP_URL: mail.value.smtpUrl });
    const running = { database: database.value, mail: mail.value, site };
    started.push(running);
    return running;
  } catch (error) {
    await stopParts();
    throw error;
  }
}

/**
 * Starts what the browser suite needs, once for all files: for each worker of the project a fresh database (embedded
 * PGlite, or a new database on TEST_DATABASE_URL's server), a local mail catcher (maildev) the functions send their
 * e-mails to, and the production build with its functions served the way Netlify serves them (support/server.ts);
 * and one shared Chromium. Without a Chromium the suite is skipped loudly, unless REQUIRE_BROWSER=1 makes that a failure.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const chromePath = findChrome();
  if (!chromePath) {
    const where = process.env.CHROME_PATH ? `CHROME_PATH=${process.env.CHROME_PATH} is not an executable` : 'no Chromium at /usr/bin/chromium-headless-shell or /usr/bin/chromium';
    if (process.env.REQUIRE_BROWSER === '1') {
      throw new Error(`REQUIRE_BROWSER=1 but ${where}: the browser suite must run here (apt-get install chromium-headless-shell, or set CHROME_PATH).`);
    }
    shout([
      `BROWSER TESTS SKIPPED: ${where}.`,
      'Install Debian chromium-headless-shell (apt-get install chromium-headless-shell) or set CHROME_PATH.',
      'CI sets REQUIRE_BROWSER=1, which turns this skip into a failure.',
    ]);
    project.provide('e2e', { wsEndpoint: '', skipReason: where, sites: [] });
    return async () => {};
  }

  const started = Date.now();
  const sites: RunningSite[] = [];
  let browser: BrowserServer | undefined;
  const teardown = async () => {
    await browser?.close().catch(() => {});
    for (const [index, { site }] of sites.entries()) {
      // What the functions logged (one line per request, no personal data): where a slow or failed request shows.
      const serverLog = join(tmpdir(), `lone-star-e2e-server-${process.pid}-${index + 1}.log`);
      writeFileSync(serverLog, site.log());
      console.log(`e2e: the server's log of worker ${index + 1} is in ${serverLog}`);
    }
    await Promise.all(
      sites.map(async ({ site, mail, database }) => {
        await site.stop();
        await mail.stop();
        await database.stop();
      }),
    );
  };
  try {
    const workers = Math.max(1, project.config.maxWorkers);
    // Every start is waited for, failed or not, so that the teardown after a failure stops all that did start.
    await allOrFirstError<unknown>([
      ...Array.from({ length: workers }, () => startSite(sites)),
      chromium.launchServer({ executablePath: chromePath, args: [...CHROME_FLAGS] }).then((launched) => (browser = launched)),
    ]);
    console.log(
      `e2e: ${workers} worker(s), each with ${sites[0]!.database.description}, a mail catcher and a server (dist + ` +
        `functions); Chromium shared; ready after ${Date.now() - started} ms`,
    );
    project.provide('e2e', {
      wsEndpoint: browser!.wsEndpoint(),
      skipReason: '',
      sites: sites.map(({ site, database, mail }) => ({
        baseURL: site.url,
        database: { url: database.env.DATABASE_URL, wsProxy: database.env.NEON_WS_PROXY },
        mail: { apiUrl: mail.apiUrl },
      })),
    });
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
