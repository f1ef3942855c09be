import { request } from 'node:http';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createMailTransport } from '../../../netlify/lib/mail/transport';
import { CHROME_FLAGS, findChrome } from './chrome';
import { startMailCatcher, type MailCatcher } from './mail-catcher';
import { upgrades } from './ws-probe';

const chromePath = findChrome();
if (!chromePath && process.env.REQUIRE_BROWSER) throw new Error('REQUIRE_BROWSER is set but no Chromium was found.');

/** The status of a GET of `url` sent with this Host header (fetch does not let a caller choose Host). */
function statusWithHost(url: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    request(url, { headers: { Host: host } }, (answer) => {
      answer.resume();
      resolve(answer.statusCode ?? 0);
    })
      .on('error', reject)
      .end();
  });
}

function send(catcher: MailCatcher, subject: string): Promise<unknown> {
  return createMailTransport(catcher.smtpUrl).sendMail({
    from: { name: 'Bar', address: 'bar@example.com' },
    to: [{ name: 'Dolly', address: 'dolly@example.com' }],
    subject,
    text: 'Your cancel link: http://localhost:8888/cancel?token=secret',
  });
}

describe('the mail inbox of local runs', () => {
  let catcher: MailCatcher;
  let port = '';
  beforeAll(async () => {
    catcher = await startMailCatcher();
    port = new URL(catcher.inboxUrl).port;
    await send(catcher, 'Caught first');
  });
  afterAll(() => catcher?.stop());

  test('gives a page of another origin no CORS grant: 403, no Access-Control-Allow-Origin', async () => {
    for (const origin of ['http://evil.example', 'null', 'http://localhost:8888']) {
      const answer = await fetch(`${catcher.apiUrl}/email`, { headers: { Origin: origin } });
      expect(answer.status, origin).toBe(403);
      expect(answer.headers.get('access-control-allow-origin'), origin).toBeNull();
      expect(answer.headers.get('access-control-allow-credentials'), origin).toBeNull();
    }
    // Preflights too: a cross-origin DELETE never gets the go-ahead.
    const preflight = await fetch(`${catcher.apiUrl}/email/all`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://evil.example', 'Access-Control-Request-Method': 'DELETE' },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });

  test('refuses a name that is not its own (DNS rebinding), even without Origin', async () => {
    expect(await statusWithHost(`${catcher.apiUrl}/email`, `evil.example:${port}`)).toBe(403);
    expect(await statusWithHost(`${catcher.apiUrl}/email`, `localhost:${port}`)).toBe(200);
  });

  test('answers its own page and callers without Origin (the tests, curl)', async () => {
    const own = await fetch(`${catcher.inboxUrl}/api/email`, { headers: { Origin: catcher.inboxUrl } });
    expect(own.status).toBe(200);
    expect(own.headers.get('access-control-allow-origin')).toBe(`http://localhost:${port}`);
    const plain = (await (await fetch(`${catcher.apiUrl}/email`)).json()) as Array<{ subject: string }>;
    expect(plain.map((mail) => mail.subject)).toContain('Caught first');
  });

  test('refuses a WebSocket upgrade from another origin and accepts its own', async () => {
    const url = `ws://localhost:${port}/socket.io/?EIO=4&transport=websocket`;
    expect(await upgrades(url, 'http://evil.example')).toBe(false);
    expect(await upgrades(url.replace('localhost', '127.0.0.1'), 'http://localhost:8888')).toBe(false);
    expect(await upgrades(url, `http://localhost:${port}`)).toBe(true);
  });

  test.skipIf(!chromePath)('still works in Chromium: lists the caught mail and shows one arriving while it is open', async () => {
    const browser = await chromium.launch({ executablePath: chromePath!, args: [...CHROME_FLAGS] });
    try {
      const page = await browser.newPage();
      await page.goto(catcher.inboxUrl);
      await page.getByText('Caught first').first().waitFor({ timeout: 20_000 });
      // Delivered over socket.io, the same-origin WebSocket the check lets through.
      await send(catcher, 'Arrived while open');
      await page.getByText('Arrived while open').first().waitFor({ timeout: 20_000 });
    } finally {
      await browser.close();
    }
  }, 60_000);
});
