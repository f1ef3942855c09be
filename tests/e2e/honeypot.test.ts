import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import {
  BOOKING_BUTTONS,
  BOOKING_LABELS,
  BOOKING_TOASTS,
  INQUIRY_BUTTONS,
  INQUIRY_LABELS,
  INQUIRY_TOASTS,
  booking,
  bookingEventLabel,
  clock,
  inquiry,
  inquiryEventLabel,
  uniqueEmail,
} from '../fixtures';
import { eventually, openPage, skipBrowser, useBrowser, type ViewportName } from './support/browser';
import { queryRows } from './support/db';

const field = (page: Page, label: string) => page.locator('main').getByLabel(label, { exact: true });
const honeypot = (page: Page) => page.locator('main form input[name="website"]');
const submit = (page: Page) => page.locator('main form button[type="submit"]');

/** Opens a form page and shows its form: /contact as is, /availability once a date and a slot are picked. */
async function openForm(page: Page, path: '/contact' | '/availability', daysAhead: number): Promise<void> {
  if (path === '/contact') {
    await page.getByRole('button', { name: INQUIRY_BUTTONS.submit }).and(page.locator(':enabled')).waitFor();
    return;
  }
  await page.locator('main input[type="date"]:enabled').fill(clock.day(daysAhead));
  await page.getByRole('radio').first().check();
  await page.getByRole('button', { name: BOOKING_BUTTONS.submit }).waitFor();
}

async function fillInquiry(page: Page, email: string): Promise<void> {
  const sent = inquiry({ firstName: 'Buck', lastName: 'Honeypot', email, eventType: 'corporate', eventLocation: 'Terlingua, TX' });
  for (const name of ['firstName', 'lastName', 'email', 'phone', 'guestCount', 'eventDate', 'eventLocation'] as const) {
    await field(page, INQUIRY_LABELS[name]).fill(String(sent[name]));
  }
  await field(page, INQUIRY_LABELS.eventType).selectOption({ label: inquiryEventLabel(sent.eventType) });
}

async function fillBooking(page: Page, email: string): Promise<void> {
  const sent = booking({ clientName: 'Buck Honeypot', clientEmail: email, eventType: 'wedding' });
  await field(page, BOOKING_LABELS.clientName).fill(sent.clientName);
  await field(page, BOOKING_LABELS.clientEmail).fill(sent.clientEmail);
  await field(page, BOOKING_LABELS.eventType).selectOption({ label: bookingEventLabel(sent.eventType) });
}

describe.skipIf(skipBrowser)('the honeypot field', () => {
  const browser = useBrowser();

  describe.each<['/contact' | '/availability', ViewportName, number]>([
    ['/contact', 'phone', 0],
    ['/contact', 'desktop', 0],
    ['/availability', 'phone', 44],
    ['/availability', 'desktop', 45],
  ])('on %s at %s width', (path, viewportName, daysAhead) => {
    test('is out of sight, out of the tab order and out of the accessibility tree, and autofill is told to leave it alone', async () => {
      const { context, page } = await openPage(browser(), path, { viewportName });
      try {
        await openForm(page, path, daysAhead);
        const trap = honeypot(page);
        await trap.waitFor({ state: 'attached' });
        await eventually(() => trap.count()).toBe(1);
        expect(await trap.getAttribute('tabindex')).toBe('-1');
        expect(await trap.getAttribute('autocomplete')).toBe('off');
        expect(await trap.getAttribute('type')).toBe('text');

        // Entirely left of the page, where no scrolling can bring it: nobody sees it.
        await page.locator('main form').scrollIntoViewIfNeeded();
        const right = await trap.evaluate((input) => input.getBoundingClientRect().right + window.scrollX);
        expect(right).toBeLessThanOrEqual(0);
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

        // Hidden from assistive technology: no textbox named Website, and nothing about it in the form's tree.
        await eventually(() => page.getByRole('textbox', { name: 'Website' }).count()).toBe(0);
        expect(await page.locator('main form').ariaSnapshot()).not.toMatch(/website/i);

        // Tabbing through the whole form never lands on it.
        await page.locator('main form').locator('input, select, textarea').first().focus();
        const visited: string[] = [];
        for (let step = 0; step < 20; step += 1) {
          visited.push(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name || document.activeElement?.tagName || ''));
          await page.keyboard.press('Tab');
        }
        expect(visited).not.toContain('website');
        expect(visited.length).toBeGreaterThan(3);
      } finally {
        await context.close();
      }
    });
  });

  test.each(['/contact', '/availability'] as const)(
    'on %s a bot that fills it sees the same success a person does and stores nothing',
    async (path) => {
      // A person's form sends it empty (InquiryForm.test.tsx, AvailabilityChecker.test.tsx) and is stored
      // (inquiry.test.ts, booking.test.ts); the decoy answers as a person's request would (tests/security/decoy.test.ts).
      const email = uniqueEmail(`bot-${path.slice(1)}`);
      const { context, page } = await openPage(browser(), path);
      try {
        await openForm(page, path, 61);
        if (path === '/contact') await fillInquiry(page, email);
        else await fillBooking(page, email);
        // A bot fills every input it finds, hidden or not.
        await honeypot(page).fill('http://cheap-pills.example', { force: true });

        const request = page.waitForRequest((sent) => sent.method() === 'POST' && sent.url().includes('/api/'));
        await submit(page).click();
        const sent = JSON.parse((await request).postData() ?? '{}') as { website?: string };
        expect(sent.website).toBe('http://cheap-pills.example');
        const success = path === '/contact' ? INQUIRY_TOASTS.success.title : BOOKING_TOASTS.confirmed.title;
        await page.getByRole('status').filter({ hasText: success }).waitFor();

        const rows = path === '/contact'
          ? await queryRows('SELECT id FROM contact_inquiries WHERE email = $1', [email])
          : await queryRows('SELECT id FROM bookings WHERE client_email = $1', [email]);
        expect(rows).toHaveLength(0);
      } finally {
        await context.close();
      }
    },
  );
});
