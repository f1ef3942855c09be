import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CONNECT_TIMEOUT_MS, withDatabase } from '../../netlify/lib/db';
import { migrate } from '../../netlify/lib/migrations';
import { startEmbeddedDatabase, type EmbeddedDatabase } from '../../scripts/lib/embedded-db';
import { openContext, skipBrowser, useBrowser } from './support/browser';
import { startSiteServer, type SiteServer } from './support/server';
import { utcDate } from './support/site';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const UNAVAILABLE_MESSAGE = 'Our booking system is taking a short break. Please try again in a few minutes.';

const INQUIRY = {
  'First Name': 'Loretta',
  'Last Name': 'Outage',
  'Email Address': `outage-${Date.now()}@example.com`,
  'Phone Number': '(512) 555-0123',
  'Guest Count': '150',
  'Event Date': utcDate(200),
  'Event Location': 'Luckenbach, TX',
  'Tell us about your event': 'Barn dance, two bars, sweet tea for the kids.',
} as const;
const BOOKING = { date: utcDate(33), slot: 'Afternoon 1PM - 6PM', name: 'Waylon Outage', email: `waylon-${Date.now()}@example.com` };

const field = (page: Page, label: string) => page.locator('main').getByLabel(label, { exact: true });
const submit = (page: Page) => page.locator('main form button[type="submit"]');

async function inquiryValues(page: Page): Promise<Record<string, string>> {
  const values: Record<string, string> = {};
  for (const label of [...Object.keys(INQUIRY), 'Event Type']) values[label] = await field(page, label).inputValue();
  return values;
}

async function bookingValues(page: Page) {
  return {
    date: await page.locator('main input[type="date"]').inputValue(),
    slot: await page.getByRole('radio', { checked: true }).evaluate((radio) => radio.closest('label')?.textContent?.trim()),
    name: await field(page, 'Your Name').inputValue(),
    email: await field(page, 'Email Address').inputValue(),
    eventType: await field(page, 'Event Type').inputValue(),
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
      port: previous.port,
      wsProxyPort: Number(previous.wsProxy.split(':').pop()),
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
      await contact.getByRole('button', { name: 'Send My Request' }).and(contact.locator(':enabled')).waitFor();
      for (const [label, value] of Object.entries(INQUIRY)) await field(contact, label).fill(value);
      await field(contact, 'Event Type').selectOption({ label: 'Private Party' });
      const typedInquiry = await inquiryValues(contact);

      // The booking form: a date and a slot (loaded while the database is up), then the visitor's details.
      const booking = await context.newPage();
      await booking.goto('/availability');
      await booking.locator('main input[type="date"]:enabled').fill(BOOKING.date);
      await booking.getByRole('radio', { name: BOOKING.slot }).check();
      await field(booking, 'Your Name').fill(BOOKING.name);
      await field(booking, 'Email Address').fill(BOOKING.email);
      await field(booking, 'Event Type').selectOption({ label: 'Graduation' });
      const typedBooking = await bookingValues(booking);
      expect(typedBooking).toEqual({ date: BOOKING.date, slot: BOOKING.slot, name: BOOKING.name, email: BOOKING.email, eventType: 'graduation' });

      // The database goes away.
      const stopped = database!;
      await stopped.stop();

      let since = Date.now();
      await submit(contact).click();
      const inquiryFailure = await toast(contact, 'alert', 'Error', since);
      expect(inquiryFailure.text).toContain(UNAVAILABLE_MESSAGE);
      expect(inquiryFailure.ms).toBeLessThan(CONNECT_TIMEOUT_MS + 5_000);
      expect(await inquiryValues(contact)).toEqual(typedInquiry);
      expect(await submit(contact).innerText()).toBe('Send My Request');

      since = Date.now();
      await submit(booking).click();
      const bookingFailure = await toast(booking, 'alert', 'Booking Failed', since);
      expect(bookingFailure.text).toContain('There was an error booking your time slot. Please try again.');
      expect(bookingFailure.ms).toBeLessThan(CONNECT_TIMEOUT_MS + 5_000);
      expect(await bookingValues(booking)).toEqual(typedBooking);
      console.info(`database down: failure toasts after ${inquiryFailure.ms} ms (inquiry) and ${bookingFailure.ms} ms (booking)`);

      // Back up: the same clicks send what is still in the forms, nothing retyped.
      await restartDatabase(stopped);
      await submit(contact).click();
      await toast(contact, 'status', 'Thank you for your inquiry!', Date.now());
      await submit(booking).click();
      await toast(booking, 'status', 'Booking Confirmed!', Date.now());

      const config = { config: { url: database!.databaseUrl, wsProxy: database!.wsProxy } };
      const stored = await withDatabase(undefined, async (db) => ({
        inquiries: (await db.query('SELECT first_name, last_name, phone, event_type, guest_count, event_date, event_location, message FROM contact_inquiries WHERE email = $1', [INQUIRY['Email Address']])).rows,
        bookings: (await db.query('SELECT date, time_slot, client_name, event_type FROM bookings WHERE client_email = $1', [BOOKING.email])).rows,
      }), config);
      expect(stored).toEqual({
        inquiries: [
          {
            first_name: 'Loretta',
            last_name: 'Outage',
            phone: INQUIRY['Phone Number'],
            event_type: 'private',
            guest_count: '150',
            event_date: INQUIRY['Event Date'],
            event_location: 'Luckenbach, TX',
            message: INQUIRY['Tell us about your event'],
          },
        ],
        bookings: [{ date: BOOKING.date, time_slot: 'afternoon', client_name: BOOKING.name, event_type: 'graduation' }],
      });
    } finally {
      await context?.close();
    }
  });
});
