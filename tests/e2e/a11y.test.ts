import { describe, expect, test } from 'vitest';
import {
  BOOKING_LABELS,
  BOOKING_TOASTS,
  INQUIRY_BUTTONS,
  INQUIRY_LABELS,
  INQUIRY_TOASTS,
  bookingEventLabel,
  clock,
  forms,
  inquiry,
  inquiryEventLabel,
  slotLabel,
  uniqueEmail,
} from '../fixtures';
import { axeViolations } from './support/axe';
import { openContext, openPage, skipBrowser, useBrowser, waitForIsland, type ViewportName } from './support/browser';
import { settings } from './support/site';

describe.skipIf(skipBrowser)('accessibility (axe, WCAG 2.2 AA)', () => {
  const browser = useBrowser();

  // The control for every "no violations" below: the checker reports what a page gets wrong, also on a later check
  // of a document it has already checked (axe stays loaded in it between checks).
  test('the checker finds an unlabelled button and an image without text added to a clean page', async () => {
    const { context, page } = await openPage(browser(), '/about', { viewportName: 'phone' });
    try {
      expect(await axeViolations(page)).toEqual([]);
      const wrong = '<button id="bare"></button><img id="blind" src="/favicon.svg">';
      await page.evaluate((html) => document.querySelector('main')!.insertAdjacentHTML('beforeend', html), wrong);
      expect(await axeViolations(page)).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^button-name \(critical\) at #bare: Fix any of the following: /),
          expect.stringMatching(/^image-alt \(critical\) at #blind: Fix any of the following: /),
        ]),
      );
    } finally {
      await context.close();
    }
  });

  // Every route at phone and desktop width is checked by routes.test.ts on the page it has just read; here, the
  // states a visitor opens.
  test('the open phone menu has no violations', async () => {
    const { context, page } = await openPage(browser(), '/menu', { viewportName: 'phone' });
    try {
      const nav = page.getByRole('navigation', { name: settings.nav.label });
      await nav.getByRole('button', { name: settings.nav.menuLabel }).click();
      await nav.getByRole('link', { name: settings.nav.links.at(-1)!.label, exact: true }).waitFor({ state: 'visible' });
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test.each<ViewportName>(['phone', 'desktop'])('the open renovation notice has no violations (%s)', async (viewportName) => {
    const context = await openContext(browser(), { viewportName, noticeSeen: false });
    try {
      const page = await context.newPage();
      await page.goto('/');
      await page.getByRole('dialog', { name: settings.renovationNotice.title }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('an open FAQ answer has no violations', async () => {
    const { context, page } = await openPage(browser(), '/faq', { viewportName: 'phone' });
    try {
      await waitForIsland(page, 'FaqAccordion');
      await page.locator('main details summary').nth(3).click();
      await page.locator('main details[open]').waitFor();
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('the inquiry form with its errors shown, then with a toast shown, has no violations', async () => {
    const { context, page } = await openPage(browser(), '/contact', { viewportName: 'desktop' });
    try {
      const send = page.getByRole('button', { name: INQUIRY_BUTTONS.submit });
      await send.and(page.locator(':enabled')).waitFor();
      await send.click();
      await page.locator('main form [aria-invalid="true"]').first().waitFor();
      expect(await axeViolations(page), 'errors shown').toEqual([]);

      await page.route('**/api/contact', (route) => route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal Server Error' }));
      const sent = inquiry({ eventType: 'private', eventDate: clock.day(60) });
      for (const name of ['firstName', 'lastName', 'email', 'phone', 'guestCount', 'eventDate', 'eventLocation'] as const) {
        await page.getByLabel(INQUIRY_LABELS[name], { exact: true }).fill(String(sent[name]));
      }
      await page.getByLabel(INQUIRY_LABELS.eventType, { exact: true }).selectOption({ label: inquiryEventLabel(sent.eventType) });
      await send.click();
      await page.getByRole('alert').filter({ hasText: INQUIRY_TOASTS.failureTitle }).waitFor();
      expect(await axeViolations(page), 'failure toast shown').toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('the checker with slots listed, the reservation form, Missing Information and the confirmation have no violations', async () => {
    const { context, page } = await openPage(browser(), '/availability', { viewportName: 'phone' });
    try {
      await page.locator('main input[type="date"]:enabled').waitFor();
      const date = clock.day(38); // a day no other file books: the files share one database, in any order
      await page.locator('main input[type="date"]').fill(date);
      await page.getByRole('radio').first().waitFor();
      expect(await axeViolations(page), 'slots listed').toEqual([]);

      await page.getByRole('radio', { name: slotLabel('afternoon') }).check();
      await page.getByLabel(BOOKING_LABELS.clientName).waitFor();
      expect(await axeViolations(page), 'reservation form shown').toEqual([]);

      await page.locator('main form button[type="submit"]').click();
      await page.getByRole('alert').filter({ hasText: BOOKING_TOASTS.missing.title }).waitFor();
      expect(await axeViolations(page), 'missing information').toEqual([]);

      await page.getByLabel(BOOKING_LABELS.clientName).fill('Peggy Hill');
      await page.getByLabel(BOOKING_LABELS.clientEmail).fill(uniqueEmail('peggy'));
      await page.getByLabel(BOOKING_LABELS.eventType).selectOption({ label: bookingEventLabel('graduation') });
      // The list is refetched after a booking: hold that request to check the page while it refreshes, too.
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(`**/api/availability/${date}`, async (route) => {
        await held;
        await route.continue();
      });
      await page.locator('main form button[type="submit"]').click();
      await page.getByRole('status').filter({ hasText: BOOKING_TOASTS.confirmed.title }).waitFor();
      expect(await axeViolations(page), 'booking confirmed, slots refreshing').toEqual([]);
      release();
      // The confirmation panel stands in for the slots until the visitor asks to book another time.
      await page.getByRole('button', { name: forms.availability.checker.confirmation.again }).click();
      await page.waitForFunction(() => document.querySelectorAll('main input[type="radio"]').length === 2);
      expect(await axeViolations(page), 'booking confirmed, slots refreshed').toEqual([]);
    } finally {
      await context.close();
    }
  });
});
