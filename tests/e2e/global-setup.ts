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

/**
 * Starts what the browser suite needs, once for all files: a fresh database (embedded PGlite, or a new database on
 * TEST_DATABASE_URL's server), a local mail catcher (maildev) the functions send their e-mails to, the production
 * build with its functions under `netlify dev --offline`, and one shared Chromium. Without a Chromium the suite is
 * skipped loudly, unless REQUIRE_BROWSER=1 makes that a failure.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const chromePath = findChrome();
  if (!chromePath) {
    const where = process.env.CHROME_PATH ? `CHROME_PATH=${process.env.CHROME_PATH} is not an executable` : 'no Chromium at /usr/bin/chromium';
    if (process.env.REQUIRE_BROWSER === '1') {
      throw new Error(`REQUIRE_BROWSER=1 but ${where}: the browser suite must run here (apt-get install chromium, or set CHROME_PATH).`);
    }
    shout([
      `BROWSER TESTS SKIPPED: ${where}.`,
      'Install Debian chromium (apt-get install chromium) or set CHROME_PATH.',
      'CI sets REQUIRE_BROWSER=1, which turns this skip into a failure.',
    ]);
    project.provide('e2e', {
      baseURL: '',
      wsEndpoint: '',
      skipReason: where,
      database: { url: '', wsProxy: '' },
      mail: { apiUrl: '' },
    });
    return async () => {};
  }

  const started = Date.now();
  let database: E2eDatabase | undefined;
  let mail: MailCatcher | undefined;
  let site: SiteServer | undefined;
  let browser: BrowserServer | undefined;
  const teardown = async () => {
    await browser?.close().catch(() => {});
    if (site) {
      // What the functions logged (one line per request, no personal data): where a slow or failed request shows.
      const serverLog = join(tmpdir(), `lone-star-e2e-server-${process.pid}.log`);
      writeFileSync(serverLog, site.log());
      console.log(`e2e: the server's log is in ${serverLog}`);
    }
    await site?.stop();
    await mail?.stop();
    await database?.stop();
  };
  try {
    [database, mail] = await Promise.all([startE2eDatabase(), startMailCatcher()]);
    const databaseReady = Date.now();
    [site, browser] = await Promise.all([
      // Real SMTP: every e-mail the functions send lands in the catcher's inbox, which tests read through its API.
      startSiteServer(ROOT, { ...database.env, SMTP_URL: mail.smtpUrl }),
      chromium.launchServer({ executablePath: chromePath, args: [...CHROME_FLAGS] }),
    ]);
    console.log(
      `e2e: ${database.description} ready in ${databaseReady - started} ms; ` +
        `netlify dev (dist + functions) and Chromium ready at ${site.url} after ${Date.now() - started} ms total`,
    );
    project.provide('e2e', {
      baseURL: site.url,
      wsEndpoint: browser.wsEndpoint(),
      skipReason: '',
      database: { url: database.env.DATABASE_URL, wsProxy: database.env.NEON_WS_PROXY },
      mail: { apiUrl: mail.apiUrl },
    });
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
