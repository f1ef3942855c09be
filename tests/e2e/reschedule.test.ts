import type { Browser, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import cancelJson from '@content/cancel.json';
import formsJson from '@content/forms.json';
import { texasWindow } from '../../src/lib/cancel-link';
import { fillTemplate } from '@shared/template';
import { formatLongDate } from '@shared/texas-time';
import { CANCEL_REFUSALS } from '@shared/schemas/cancel';
import { PHONE_HREF, clock, site, slotLabel, uniqueEmail } from '../fixtures';
import { axeViolations, checkState } from './support/axe';
import { baseURL, eventually, openContext, skipBrowser, useBrowser, waitForIsland, type ViewportName } from './support/browser';
import { cancelLinkIn, mailTo } from './support/mail';
import { offeredSlots, reserveThroughPage } from './support/slots';

const copy = cancelJson.cancel.booking;
const picker = formsJson.availability.checker;

/** Books the evening of `date` through /availability; returns the change-or-cancel link of the e-mailed confirmation. */
async function bookAndReadLink(browser: Browser, date: string, email: string): Promise<string> {
  await reserveThroughPage(browser, { date, slot: 'evening', clientName: 'Luanne Platter', clientEmail: email, eventType: 'birthday' });
  const [confirmation] = await mailTo(email);
  return cancelLinkIn(confirmation!);
}

/** Waits until the level-2 heading `name` is shown and has focus (so a screen reader reads the new step out). */
async function headingFocused(page: Page, name: string): Promise<void> {
  const heading = page.getByRole('heading', { level: 2, name });
  await heading.waitFor();
  await eventually(() => heading.evaluate((element) => element === document.activeElement)).toBe(true);
}

/** Waits for the island's first answer after a (re)load. */
async function islandSettled(page: Page): Promise<void> {
  await waitForIsland(page, 'CancelBooking');
  await page.getByText(copy.loading).waitFor({ state: 'detached' });
}

describe.skipIf(skipBrowser)('change of date by the client', () => {
  const browser = useBrowser();

  // At the phone's width, each state checked by axe at the desktop's too (checkState): the flow itself is the same at
  // both, and the desktop layout of these screens is the widths suite's.
  test.each<[ViewportName, number]>([['phone', 70]])(
    'at %s width: book, follow the e-mailed link, move to another date, both slots right, reload, cancel, link used up; axe 0 at 390 and 1280 px',
    { timeout: 240_000 },
    async (viewportName, days) => {
      const [oldDate, newDate] = [clock.day(days), clock.day(days + 1)];
      const email = uniqueEmail(`move-${viewportName}`);
      const link = await bookAndReadLink(browser(), oldDate, email);
      const token = new URLSearchParams(new URL(link).hash.slice(1)).get('token')!;

      const context = await openContext(browser(), { viewportName });
      const urls: string[] = [];
      context.on('request', (request) => void urls.push(request.url()));
      try {
        const page = await context.newPage();
        await page.goto(link);
        await islandSettled(page);
        // The token leaves the address bar at once.
        await eventually(() => page.url()).toBe(`${baseURL}/cancel`);
        await page.getByRole('heading', { level: 2, name: copy.heading }).waitFor();
        await checkState(page, 'move-details');

        // "Move to another date" opens /availability's picker; its heading takes focus.
        await page.getByRole('button', { name: copy.change.open }).click();
        await headingFocused(page, copy.move.heading);
        await checkState(page, 'move-picker');
        await page.getByLabel(picker.dateLabel).fill(newDate);
        await page.getByRole('radio', { name: slotLabel('morning') }).check();
        await page.getByText(fillTemplate(copy.move.summary, { slot: slotLabel('morning'), date: formatLongDate(newDate) })).waitFor();
        await checkState(page, 'move-chosen');

        const answer = page.waitForResponse((response) => response.url() === `${baseURL}/api/bookings/reschedule`);
        await page.getByRole('button', { name: copy.move.submit }).click();
        const moved = await answer;
        expect(moved.status()).toBe(200);
        expect(JSON.parse(moved.request().postData() ?? '{}')).toEqual({ token, date: newDate, timeSlot: 'morning' });
        const { booking } = (await moved.json()) as { booking: { date: string; timeSlot: string; startsAt: string; endsAt: string } };
        expect([booking.date, booking.timeSlot]).toEqual([newDate, 'morning']);

        // The moved step: the new date and slot in Texas time, the invitation on its way, the same link still good.
        await headingFocused(page, copy.moved.heading);
        const when = texasWindow(booking);
        const main = page.locator('main');
        await main.getByText(fillTemplate(copy.moved.text, { date: when.date, time: fillTemplate(copy.timeWindow, when) })).waitFor();
        await main.getByText(copy.moved.again).waitFor();
        expect(when.start).toBe('9:00 AM');
        await checkState(page, 'move-moved');

        // On /availability the old slot is free again and the new one is gone.
        await eventually(() => offeredSlots(browser(), oldDate)).toContain(slotLabel('evening'));
        await eventually(() => offeredSlots(browser(), newDate)).not.toContain(slotLabel('morning'));

        // Pull to refresh: the same tab still shows the (moved) booking, and the token stays out of the address bar.
        await page.reload();
        await islandSettled(page);
        await page.getByRole('heading', { level: 2, name: copy.heading }).waitFor();
        await eventually(() => page.locator('main dl').innerText()).toContain(`${when.start} to ${when.end}`);
        expect(await page.locator('main dl').innerText()).toContain(when.date);
        await eventually(() => page.url()).toBe(`${baseURL}/cancel`);
        // Kept for this tab only: sessionStorage, never localStorage.
        expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).not.toContain(token);

        // The client gets a second mail (the move, with the updated invitation).
        const mails = await mailTo(email, 2);
        expect(mails.length).toBeGreaterThanOrEqual(2);

        // Cancelling after the move; the link is then used up, and the tab forgets it.
        await page.getByRole('button', { name: copy.submit }).click();
        await page.getByRole('button', { name: copy.confirm.submit }).click();
        await headingFocused(page, copy.cancelled.heading);
        await page.reload();
        await islandSettled(page);
        await page.getByRole('heading', { level: 2, name: copy.refused.headings.invalid }).waitFor();
        await page.goto(link);
        await islandSettled(page);
        await page.getByRole('heading', { level: 2, name: copy.refused.headings.already_cancelled }).waitFor();
        await page.getByText(CANCEL_REFUSALS.already_cancelled.message).waitFor();
        expect(await main.getByRole('link', { name: site.phone }).getAttribute('href')).toBe(PHONE_HREF);
        await eventually(() => page.getByRole('button', { name: copy.change.open }).count()).toBe(0);
        await checkState(page, 'move-cancelled');

        // Never in a URL: the fragment stays in the browser, the API gets the token in POST bodies only.
        expect(urls.filter((url) => url.replace(/#.*$/, '').includes(token))).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );

  test.each<[ViewportName, number]>([
    ['phone', 74],
  ])('at %s width: a slot taken while the client was choosing is said by the server, the picker stays open without it', { timeout: 180_000 }, async (viewportName, days) => {
    const [oldDate, newDate] = [clock.day(days), clock.day(days + 1)];
    const email = uniqueEmail(`move-race-${viewportName}`);
    const link = await bookAndReadLink(browser(), oldDate, email);

    const context = await openContext(browser(), { viewportName });
    try {
      const page = await context.newPage();
      await page.goto(link);
      await islandSettled(page);
      await page.getByRole('button', { name: copy.change.open }).click();
      await page.getByLabel(picker.dateLabel).fill(newDate);
      await page.getByRole('radio', { name: slotLabel('afternoon') }).check();
      // Someone else books that afternoon meanwhile.
      await reserveThroughPage(browser(), {
        date: newDate,
        slot: 'afternoon',
        clientName: 'Dale Gribble',
        clientEmail: uniqueEmail('move-race-other'),
        eventType: 'other',
      });

      const answer = page.waitForResponse((response) => response.url() === `${baseURL}/api/bookings/reschedule`);
      await page.getByRole('button', { name: copy.move.submit }).click();
      const refused = await answer;
      expect(refused.status()).toBe(409);
      const { error } = (await refused.json()) as { error: { code: string; message: string } };
      expect(error.code).toBe('slot_taken');
      await page.getByRole('alert').filter({ hasText: error.message }).waitFor();
      await page.getByRole('heading', { level: 2, name: copy.move.heading }).waitFor();
      await eventually(() => page.getByRole('radio', { name: slotLabel('afternoon') }).count()).toBe(0);
      await page.getByRole('radio', { name: slotLabel('morning') }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
    // Nothing changed: the client still holds the old evening.
    await eventually(() => offeredSlots(browser(), oldDate)).not.toContain(slotLabel('evening'));
  });
});
