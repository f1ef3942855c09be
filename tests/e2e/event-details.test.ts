import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import cancelJson from '@content/cancel.json' with { type: 'json' };
import { detailsDueOn } from '@shared/schemas/event-details';
import { fillTemplate } from '@shared/template';
import { formatLongDate } from '@shared/texas-time';
import { clock } from '../fixtures';
import { checkState } from './support/axe';
import { baseURL, eventually, openContext, skipBrowser, useBrowser } from './support/browser';
import { queryRows } from './support/db';
import { DESK, addOwner, openDesk } from './support/desk';
import { cancelLinkIn, mailTo } from './support/mail';

const OWNER = { username: `details-owner-${Date.now()}`, password: 'saddle-up-for-the-final-details' };
const RUN = Date.now().toString(36);
const WORDS = cancelJson.cancel.booking.details;

/** A JSON request to the site's API as a page of the site sends it (same origin), with a cookie when given. */
async function api<T>(path: string, body: unknown, cookie?: string): Promise<{ status: number; body: T; cookie: string }> {
  const response = await fetch(`${baseURL}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseURL, 'sec-fetch-site': 'same-origin', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T, cookie: (response.headers.get('set-cookie') ?? '').split(';')[0]! };
}

/**
 * A signed booking set up through the API and its links: a visitor's evening booking, the owner's proposal for it,
 * signed by the client with the link from their mail. Answers that link.
 */
async function signedBooking(email: string, date: string): Promise<{ link: string; bookingId: string; ownerCookie: string }> {
  const booked = await api<{ booking: { id: string } }>('/api/bookings', { date, timeSlot: 'evening', clientName: 'Dolly Details', clientEmail: email, eventType: 'wedding' });
  expect(booked.status).toBe(201);
  const session = await api('/api/admin/session', OWNER);
  expect(session.status).toBe(200);
  const estimate = { packageId: 'wedding', serviceLevel: 'byob', guests: 80, hours: 4, zip: '78701', addOns: [] };
  const proposed = await api<{ proposal: { id: string } }>('/api/admin/proposals', { bookingId: booked.body.booking.id, estimate }, session.cookie);
  expect(proposed.status).toBe(201);
  const link = cancelLinkIn((await mailTo(email, 1))[0]!);
  const token = decodeURIComponent(new URL(link).hash.replace('#token=', ''));
  const signed = await api('/api/portal/sign', { token, proposalId: proposed.body.proposal.id, consent: true, signatureName: 'Dolly Details' });
  expect(signed.status).toBe(200);
  return { link, bookingId: booked.body.booking.id, ownerCookie: session.cookie };
}

/** Types into a field with the keyboard: focus, then keys, as someone without a mouse does. */
async function typeInto(field: Locator, keys: string): Promise<void> {
  await field.focus();
  await field.page().keyboard.type(keys);
}

describe.skipIf(skipBrowser)('the final details on the event page', () => {
  const browser = useBrowser();

  beforeAll(async () => {
    expect(await addOwner(OWNER.username, OWNER.password)).toContain(`Created the owner "${OWNER.username}"`);
  });

  test('keyboard only, axe 0 at 390 and 1280 px: the client fills them in, they are saved (a reload shows them), the shopping list follows the cocktails', { timeout: 300_000 }, async () => {
    const email = `details-${RUN}@example.com`;
    const date = clock.day(40);
    const { link, bookingId, ownerCookie } = await signedBooking(email, date);
    const saved = (columns: string) =>
      queryRows(`SELECT ${columns} FROM event_details WHERE booking_id = (SELECT id FROM bookings WHERE client_email = $1)`, [email]);
    const context = await openContext(browser(), { viewportName: 'phone' });
    try {
      const page: Page = await context.newPage();
      await page.goto(link);
      const form = page.getByRole('form', { name: WORDS.heading });
      await form.waitFor();
      await page.getByText(fillTemplate(WORDS.due, { date: formatLongDate(detailsDueOn(date)) })).waitFor();
      await checkState(page, 'details-empty');

      const field = (label: string) => form.getByLabel(label, { exact: true });
      await typeInto(field(WORDS.labels.guestCount), '120');
      await typeInto(field(WORDS.labels.adultGuests), '90');
      // A time field takes its hour, minutes and AM/PM as typed keys.
      await typeInto(field(WORDS.labels.barStart), '0630P');
      await typeInto(field(WORDS.labels.barEnd), '1000P');
      const list = form.getByRole('group', { name: WORDS.shopping.heading });
      await list.getByText(WORDS.shopping.empty).waitFor();
      const rita = form.getByRole('checkbox', { name: 'Lone Star Rita' });
      await rita.focus();
      await page.keyboard.press('Space');
      // 90 adults, 4 hours (3.5 rounded up): 90 × (2 + 3) = 450 margaritas, 450 / 16 → 29 bottles of tequila.
      await eventually(() => list.getByRole('row', { name: /Blanco tequila/ }).textContent()).toContain('29 bottles');
      await typeInto(field(WORDS.labels.venueNotes), 'Gate code 4411. Power by the barn.');
      await typeInto(field(WORDS.labels.onSiteContact), 'Maria Rivera');
      await typeInto(field(WORDS.labels.onSitePhone), '(512) 555-0144');
      await page.keyboard.press('Tab');
      const status = form.getByRole('status');
      await eventually(() => status.textContent()).toMatch(/^Saved at \d{1,2}:\d{2}\s?[AP]M\.$/);
      await page.getByText(WORDS.complete).waitFor();
      await checkState(page, 'details-filled');

      // A second cocktail: the list follows (the tequila no longer all margaritas), and it is saved too.
      await form.getByRole('checkbox', { name: 'Texas Mule' }).focus();
      await page.keyboard.press('Space');
      await eventually(() => list.getByRole('row', { name: /Vodka/ }).count()).toBe(1);
      await eventually(async () => ((await saved('cocktails'))[0] as { cocktails: string[] } | undefined)?.cocktails).toEqual([
        'lone-star-rita',
        'texas-mule',
      ]);

      await page.reload();
      await form.waitFor();
      await eventually(() => field(WORDS.labels.guestCount).inputValue()).toBe('120');
      expect(await field(WORDS.labels.barStart).inputValue()).toBe('18:30');
      expect(await field(WORDS.labels.barEnd).inputValue()).toBe('22:00');
      expect(await field(WORDS.labels.onSitePhone).inputValue()).toBe('(512) 555-0144');
      expect(await form.getByRole('checkbox', { name: 'Texas Mule' }).isChecked()).toBe(true);
      await list.getByRole('row', { name: /Vodka/ }).waitFor();
      expect(await saved('guest_count, adult_guests, bar_start, bar_end, updated_by')).toEqual([
        { guest_count: 120, adult_guests: 90, bar_start: '18:30', bar_end: '22:00', updated_by: 'client' },
      ]);
    } finally {
      await context.close();
    }

    // The owner reads them on the desk's bookings list (signed in with the session the setup opened).
    const owner = await openContext(browser(), { viewportName: 'desktop' });
    try {
      const [name, value] = ownerCookie.split('=') as [string, string];
      // The cookie is Secure (__Host-): set for the https form of the address, as localhost counts as secure in Chromium.
      await owner.addCookies([{ name, value, url: baseURL.replace(/^http:/, 'https:'), secure: true, httpOnly: true, sameSite: 'Strict' }]);
      const desk = await owner.newPage();
      await openDesk(desk, '#bookings');
      const row = desk.locator(`#booking-${bookingId}`);
      const open = row.getByRole('button', { name: DESK.details.open });
      await open.focus();
      await desk.keyboard.press('Enter');
      const panel = row.getByRole('region', { name: DESK.details.heading });
      await panel.getByText(DESK.details.complete, { exact: true }).waitFor();
      for (const shown of ['120', '90', '6:30 PM to 10:00 PM', 'Lone Star Rita, Texas Mule', 'Maria Rivera', '(512) 555-0144']) {
        await panel.getByText(shown, { exact: true }).waitFor();
      }
      await checkState(desk, 'details-desk');
    } finally {
      await owner.close();
    }
  });
});
