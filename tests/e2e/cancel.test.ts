import type { Browser, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import cancelJson from '@content/cancel.json';
import { CANCEL_REFUSALS } from '@shared/schemas/cancel';
import type { TimeSlotKey } from '@shared/schemas/booking';
import { PHONE_HREF, bookingEventLabel, clock, site, slotLabel, uniqueEmail } from '../fixtures';
import { axeViolations, checkState } from './support/axe';
import { baseURL, eventually, openContext, openPage, skipBrowser, useBrowser, waitForIsland, type ViewportName } from './support/browser';
import { queryRows } from './support/db';
import { cancelLinkIn, mailTo } from './support/mail';
import { offeredSlotsOn, reserveThroughPage } from './support/slots';

const page = cancelJson.cancel;
const copy = page.booking;

/** Books `slot` on `date` through /availability as a new visitor; returns the cancel link of the e-mailed confirmation. */
async function bookAndReadCancelLink(browser: Browser, date: string, slot: TimeSlotKey, email: string): Promise<string> {
  await reserveThroughPage(browser, { date, slot, clientName: 'Peggy Hill', clientEmail: email, eventType: 'anniversary' });
  // The client gets one message, the confirmation, in the local inbox (real SMTP).
  const [confirmation] = await mailTo(email);
  return cancelLinkIn(confirmation!);
}

/** Opens a cancel link in a fresh context; resolves once the island has shown its first answer. */
async function openCancel(browser: Browser, link: string, viewportName: ViewportName = 'desktop') {
  const opened = await openPage(browser, link, { viewportName });
  await waitForIsland(opened.page, 'CancelBooking');
  await opened.page.getByText(copy.loading).waitFor({ state: 'detached' });
  return opened;
}

/** Expects the refusal with `heading`, its text and the phone number to call, and no cancel button. */
async function expectRefusal(visitor: Page, heading: string, text: string | RegExp): Promise<void> {
  await visitor.getByRole('heading', { level: 2, name: heading }).waitFor();
  await visitor.getByText(text).waitFor();
  expect(await visitor.locator('main').getByRole('link', { name: site.phone }).getAttribute('href')).toBe(PHONE_HREF);
  await eventually(() => visitor.getByRole('button', { name: copy.submit }).count()).toBe(0);
  expect(await axeViolations(visitor)).toEqual([]);
}

describe.skipIf(skipBrowser)('cancel link', () => {
  const browser = useBrowser();

  // At the phone's width, each state checked by axe at the desktop's too (checkState): the flow is the same at both.
  test.each<[ViewportName, number]>([['phone', 45]])('at %s width: book, follow the e-mailed cancel link, cancel, and the slot is offered again; axe 0 at 390 and 1280 px', async (viewportName, days) => {
    const date = clock.day(days);
    const email = uniqueEmail(`cancel-${viewportName}`);
    const link = await bookAndReadCancelLink(browser(), date, 'evening', email);
    expect(link).toMatch(new RegExp(`^${baseURL}/cancel#token=[A-Za-z0-9_-]{43}$`));

    const { context, page: visitor } = await openCancel(browser(), link, viewportName);
    try {
      // The token leaves the address bar at once.
      await eventually(() => visitor.url()).toBe(`${baseURL}/cancel`);
      await visitor.getByRole('heading', { level: 2, name: copy.heading }).waitFor();
      const details = await visitor.locator('main dl').innerText();
      const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
      expect(details).toContain(day);
      // The evening slot, in Texas time whatever the browser's zone.
      expect(details).toContain('6:00 PM to 11:00 PM');
      expect(details).toContain('America/Chicago');
      expect(details).toContain(bookingEventLabel('anniversary'));
      expect(details).toContain('Peggy Hill');
      await checkState(visitor, 'cancel-details');

      // Keyboard: the button is reached and pressed without a mouse; the question asked once more takes focus, then
      // Tab reaches "Keep my booking" first and "Yes, cancel it" after it.
      const button = visitor.getByRole('button', { name: copy.submit });
      await button.focus();
      await visitor.keyboard.press('Enter');
      await visitor.getByRole('button', { name: copy.confirm.keep }).waitFor();
      await visitor.keyboard.press('Tab');
      await visitor.keyboard.press('Tab');
      expect(await visitor.evaluate(() => document.activeElement?.textContent)).toBe(copy.confirm.submit);
      const answer = visitor.waitForResponse((response) => response.url().endsWith('/api/cancel') && response.request().method() === 'POST');
      await visitor.keyboard.press('Enter');
      expect((await answer).status()).toBe(200);
      const done = visitor.getByRole('heading', { level: 2, name: copy.cancelled.heading });
      await done.waitFor();
      // Focus moves to the confirmation, so a screen reader reads it out.
      await eventually(() => done.evaluate((heading) => heading === document.activeElement)).toBe(true);
      expect(await visitor.locator('main').innerText()).toContain('is cancelled and the time slot is free again');
      await checkState(visitor, 'cancel-done');

      // The slot is free again at once: the confirmation's link leads to /availability, which offers it.
      await visitor.getByRole('link', { name: copy.cancelled.link.label }).click();
      await visitor.waitForURL(`${baseURL}/availability`);
      expect(await offeredSlotsOn(visitor, date)).toContain(slotLabel('evening'));
    } finally {
      await context.close();
    }

    // The client's cancellation e-mail follows the confirmation.
    const mails = await mailTo(email, 2);
    expect(mails.map((mail) => mail.subject).some((subject) => subject.startsWith('Cancelled'))).toBe(true);

    // The link works once: opened again it says the booking is already cancelled.
    const again = await openCancel(browser(), link, viewportName);
    try {
      await expectRefusal(again.page, copy.refused.headings.already_cancelled, CANCEL_REFUSALS.already_cancelled.message);
    } finally {
      await again.context.close();
    }
  });

  test('the token never appears in a URL or header Chromium sends, only in the lookup and cancel POST bodies', async () => {
    const date = clock.day(49);
    const email = uniqueEmail('cancel-urls');
    const link = await bookAndReadCancelLink(browser(), date, 'morning', email);
    const token = new URLSearchParams(new URL(link).hash.slice(1)).get('token')!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const context = await openContext(browser());
    const sent: Array<{ method: string; url: string; headers: string; body: string | null }> = [];
    context.on('request', (request) => {
      // The fragment never goes on the wire; what does is the URL without it, the headers and the body.
      const url = new URL(request.url());
      url.hash = '';
      void request.allHeaders().then((headers) => {
        sent.push({ method: request.method(), url: url.href, headers: JSON.stringify(headers), body: request.postData() });
      });
    });
    try {
      const visitor = await context.newPage();
      await visitor.goto(link);
      await visitor.getByRole('heading', { level: 2, name: copy.heading }).waitFor();
      const answer = visitor.waitForResponse((response) => response.url().endsWith('/api/cancel') && response.request().method() === 'POST');
      await visitor.getByRole('button', { name: copy.submit }).click();
      await visitor.getByRole('button', { name: copy.confirm.submit }).click();
      expect((await answer).status()).toBe(200);
      await visitor.getByRole('heading', { level: 2, name: copy.cancelled.heading }).waitFor();

      // Every request is recorded (its headers are read asynchronously) once the cancel's POST is.
      await eventually(() => sent.some((request) => request.method === 'POST' && request.url === `${baseURL}/api/cancel`)).toBe(true);
      expect(sent.length).toBeGreaterThan(2);
      expect(sent.filter((request) => request.url.includes(token) || request.headers.includes(token))).toEqual([]);
      expect(sent.filter((request) => request.method === 'POST').map((request) => request.url)).toEqual([
        `${baseURL}/api/portal/lookup`,
        `${baseURL}/api/cancel`,
      ]);
      expect(sent.filter((request) => request.body?.includes(token)).map((request) => request.url)).toEqual([
        `${baseURL}/api/portal/lookup`,
        `${baseURL}/api/cancel`,
      ]);
    } finally {
      await context.close();
    }
  });

  test('a link whose event is over is refused with a clear message', async () => {
    const date = clock.day(47);
    const email = uniqueEmail('cancel-expired');
    const link = await bookAndReadCancelLink(browser(), date, 'afternoon', email);
    // As if the event were over: the token's validity ends with the slot.
    await queryRows(
      `UPDATE booking_cancel_tokens SET expires_at = now() - interval '1 hour'
        WHERE booking_id = (SELECT id FROM bookings WHERE client_email = $1)`,
      [email],
    );
    const { context, page: visitor } = await openCancel(browser(), link, 'phone');
    try {
      await expectRefusal(visitor, copy.refused.headings.expired, CANCEL_REFUSALS.expired.message);
    } finally {
      await context.close();
    }
    const [row] = await queryRows<{ is_available: boolean }>('SELECT is_available FROM bookings WHERE client_email = $1', [email]);
    expect(row?.is_available).toBe(false);
  });

  const { headings } = copy.refused;
  test.each<[string, string, string, string | RegExp]>([
    ['an unknown token', `/cancel#token=${'x'.repeat(43)}`, headings.unknown, CANCEL_REFUSALS.unknown.message],
    ['a cut-off token', '/cancel#token=abc', headings.invalid, copy.missing],
    ['no token', '/cancel', headings.invalid, copy.missing],
  ])('%s gets a clear message and the phone number', async (_case, path, heading, text) => {
    const { context, page: visitor } = await openCancel(browser(), path, 'phone');
    try {
      await expectRefusal(visitor, heading, text);
      await eventually(() => visitor.url()).toBe(`${baseURL}/cancel`);
    } finally {
      await context.close();
    }
  });

  test('with JavaScript off the page says how to cancel by phone or e-mail', async () => {
    const context = await openContext(browser(), { javaScriptEnabled: false });
    try {
      const visitor = await context.newPage();
      const response = await visitor.goto(`/cancel#token=${'x'.repeat(43)}`);
      expect(response?.status()).toBe(200);
      expect(await visitor.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
      const main = await visitor.locator('main').innerText();
      expect(main).toContain(page.noscript);
      expect(main).toContain(site.phone);
      expect(main).toContain(site.email);
      expect(main).not.toContain(copy.loading);
    } finally {
      await context.close();
    }
  });
});
