import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { withDatabase } from '../../netlify/lib/db';
import { migrate } from '../../netlify/lib/migrations';
import { startEmbeddedDatabase, type EmbeddedDatabase } from '../../scripts/lib/shared-harness/embedded-db';
import {
  BOOKING_BUTTONS,
  BOOKING_LABELS,
  BOOKING_TOASTS,
  INQUIRY_BUTTONS,
  INQUIRY_LABELS,
  INQUIRY_TOASTS,
  UNAVAILABLE,
  booking,
  bookingEventLabel,
  clock,
  inquiry,
  inquiryEventLabel,
  slotLabel,
  storedInquiry,
  uniqueEmail,
} from '../fixtures';
import { eventually, openContext, skipBrowser, useBrowser } from './support/browser';
import { startSiteServer, type SiteServer } from './support/server';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const UNAVAILABLE_MESSAGE = UNAVAILABLE.error.message;

const INQUIRY = inquiry({
  firstName: 'Loretta',
  lastName: 'Outage',
  email: uniqueEmail('outage'),
  eventType: 'private',
  guestCount: '150',
  eventDate: clock.day(200),
  eventLocation: 'Luckenbach, TX',
  message: 'Barn dance, two bars, sweet tea for the kids.',
});
const BOOKING = booking({ date: clock.day(33), timeSlot: 'afternoon', clientName: 'Waylon Outage', eventType: 'graduation' });
const TYPED = ['firstName', 'lastName', 'email', 'phone', 'guestCount', 'eventDate', 'eventLocation', 'message'] as const;

const field = (page: Page, label: string) => page.locator('main').getByLabel(label, { exact: true });
const submit = (page: Page) => page.locator('main form button[type="submit"]');

async function inquiryValues(page: Page): Promise<Record<string, string>> {
  const values: Record<string, string> = {};
  for (const name of [...TYPED, 'eventType'] as const) values[name] = await field(page, INQUIRY_LABELS[name]).inputValue();
  return values;
}

async function bookingValues(page: Page) {
  return {
    date: await page.locator('main input[type="date"]').inputValue(),
    slot: await page.getByRole('radio', { checked: true }).evaluate((radio) => radio.closest('label')?.textContent?.trim()),
    name: await field(page, BOOKING_LABELS.clientName).inputValue(),
    email: await field(page, BOOKING_LABELS.clientEmail).inputValue(),
    eventType: await field(page, BOOKING_LABELS.eventType).inputValue(),
  };
}

/** Waits for the toast in the given live region that contains `text`, and returns its text and how long it took. */
async function toast(page: Page, role: 'status' | 'alert', text: string, since: number): Promise<{ text: string; ms: number }> {
  const region = page.getByRole(role).filter({ hasText: text });
  await region.waitFor({ timeout: 20_000 });
  return { text: await region.innerText(), ms: Date.now() - since };
}

describe.skipIf(skipBrowser)('when the database goes down, the forms keep what the visitor typed', () => {
  const browser = useBrowser();
  let dir = '';
  let database: EmbeddedDatabase | undefined;
  let site: SiteServer | undefined;

  const restartDatabase = async (previous: EmbeddedDatabase) => {
    // The same files on the same addresses: the site's functions were started with these in their environment.
    database = await startEmbeddedDatabase({
      dataDir: previous.dataDir,
      wsProxy: previous.wsProxy,
    });
  };

  beforeAll(async () => {
    if (skipBrowser) return;
    // Its own database and its own server: stopping them must not disturb the other browser tests.
    dir = await mkdtemp(join(tmpdir(), 'lone-star-e2e-outage-'));
    database = await startEmbeddedDatabase({ dataDir: join(dir, 'pgdata') });
    await migrate({ config: { url: database.databaseUrl, wsProxy: database.wsProxy } });
    site = await startSiteServer(ROOT, { DATABASE_URL: database.databaseUrl, NEON_WS_PROXY: database.wsProxy });
  });
  afterAll(async () => {
    await site?.stop();
    await database?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  test('both forms say the request did not go through, keep every field, and send once it is back', async () => {
    let context: BrowserContext | undefined;
    try {
      context = await openContext(browser(), { viewportName: 'phone', baseURL: site!.url });

      // The inquiry form, filled in completely.
      const contact = await context.newPage();
      await contact.goto('/contact');
      await contact.getByRole('button', { name: INQUIRY_BUTTONS.submit }).and(contact.locator(':enabled')).waitFor();
      for (const name of TYPED) await field(contact, INQUIRY_LABELS[name]).fill(String(INQUIRY[name]));
      await field(contact, INQUIRY_LABELS.eventType).selectOption({ label: inquiryEventLabel(INQUIRY.eventType) });
      const typedInquiry = await inquiryValues(contact);

      // The booking form: a date and a slot (loaded while the database is up), then the visitor's details.
      const booking = await context.newPage();
      await booking.goto('/availability');
      await booking.locator('main input[type="date"]:enabled').fill(BOOKING.date);
      await booking.getByRole('radio', { name: slotLabel(BOOKING.timeSlot) }).check();
      await field(booking, BOOKING_LABELS.clientName).fill(BOOKING.clientName);
      await field(booking, BOOKING_LABELS.clientEmail).fill(BOOKING.clientEmail);
      await field(booking, BOOKING_LABELS.eventType).selectOption({ label: bookingEventLabel(BOOKING.eventType) });
      const typedBooking = await bookingValues(booking);
      expect(typedBooking).toEqual({
        date: BOOKING.date,
        slot: slotLabel(BOOKING.timeSlot),
        name: BOOKING.clientName,
        email: BOOKING.clientEmail,
        eventType: BOOKING.eventType,
      });

      // The database goes away.
      const stopped = database!;
      await stopped.stop();

      let since = Date.now();
      await submit(contact).click();
      const inquiryFailure = await toast(contact, 'alert', INQUIRY_TOASTS.failureTitle, since);
      expect(inquiryFailure.text).toContain(UNAVAILABLE_MESSAGE);
      expect(await inquiryValues(contact)).toEqual(typedInquiry);
      await eventually(() => submit(contact).innerText()).toBe(INQUIRY_BUTTONS.submit);

      since = Date.now();
      await submit(booking).click();
      const bookingFailure = await toast(booking, 'alert', BOOKING_TOASTS.failed.title, since);
      expect(bookingFailure.text).toContain(UNAVAILABLE_MESSAGE);
      await eventually(() => submit(booking).innerText()).toBe(BOOKING_BUTTONS.submit);
      expect(await bookingValues(booking)).toEqual(typedBooking);
      // How soon is a figure (bench:timing times the 503 itself): a busy machine bends an upper bound.
      console.info(`database down: failure toasts after ${inquiryFailure.ms} ms (inquiry) and ${bookingFailure.ms} ms (booking)`);

      // Back up: the same clicks send what is still in the forms, nothing retyped.
      await restartDatabase(stopped);
      await submit(contact).click();
      await toast(contact, 'status', INQUIRY_TOASTS.success.title, Date.now());
      await submit(booking).click();
      await toast(booking, 'status', BOOKING_TOASTS.confirmed.title, Date.now());

      const config = { config: { url: database!.databaseUrl, wsProxy: database!.wsProxy } };
      const stored = await withDatabase(undefined, async (db) => ({
        inquiries: (await db.query('SELECT first_name, last_name, email, phone, event_type, guest_count, event_date, event_location, message, estimate_request, estimate FROM contact_inquiries WHERE email = $1', [INQUIRY.email])).rows,
        bookings: (await db.query('SELECT date, time_slot, client_name, event_type FROM bookings WHERE client_email = $1', [BOOKING.clientEmail])).rows,
      }), config);
      expect(stored).toEqual({
        inquiries: [storedInquiry(INQUIRY)],
        bookings: [{ date: BOOKING.date, time_slot: BOOKING.timeSlot, client_name: BOOKING.clientName, event_type: BOOKING.eventType }],
      });
    } finally {
      await context?.close();
    }
  });
});
