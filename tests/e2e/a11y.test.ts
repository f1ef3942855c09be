import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { openContext, openPage, skipBrowser, useBrowser, waitForIsland, type ViewportName } from './support/browser';
import { ROUTES, settings, utcDate } from './support/site';

/** The WCAG levels every screen and state must pass. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Runs axe in the page as it is now; returns one readable line per failing element (empty when clean). */
async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return results.violations.flatMap((violation) =>
    violation.nodes.map(
      (node) => `${violation.id} (${violation.impact}) at ${node.target.join(' ')}: ${node.failureSummary?.replace(/\s+/g, ' ')}`,
    ),
  );
}

describe.skipIf(skipBrowser)('accessibility (axe, WCAG 2.2 AA)', () => {
  const browser = useBrowser();

  describe.each<ViewportName>(['phone', 'desktop'])('at %s width', (viewportName) => {
    test.each(ROUTES)('$path has no violations', async (route) => {
      const { context, page } = await openPage(browser(), route.path, { viewportName });
      try {
        expect(await axeViolations(page)).toEqual([]);
      } finally {
        await context.close();
      }
    });
  });

  test('the open phone menu has no violations', async () => {
    const { context, page } = await openPage(browser(), '/menu', { viewportName: 'phone' });
    try {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About', exact: true }).waitFor();
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
      await page.getByRole('dialog', { name: settings.renovationNotice.title }).waitFor({ timeout: 8000 });
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
      const send = page.getByRole('button', { name: 'Send My Request' });
      await send.and(page.locator(':enabled')).waitFor();
      await send.click();
      await page.locator('main form [aria-invalid="true"]').first().waitFor();
      expect(await axeViolations(page), 'errors shown').toEqual([]);

      await page.route('**/api/contact', (route) => route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal Server Error' }));
      await page.getByLabel('First Name', { exact: true }).fill('Dolly');
      await page.getByLabel('Last Name', { exact: true }).fill('Rancher');
      await page.getByLabel('Email Address', { exact: true }).fill('dolly@example.com');
      await page.getByLabel('Phone Number', { exact: true }).fill('(512) 555-0199');
      await page.getByLabel('Event Type', { exact: true }).selectOption({ label: 'Private Party' });
      await page.getByLabel('Guest Count', { exact: true }).fill('40');
      await page.getByLabel('Event Date', { exact: true }).fill(utcDate(60));
      await page.getByLabel('Event Location', { exact: true }).fill('Dallas, TX');
      await send.click();
      await page.getByRole('alert').filter({ hasText: 'Error' }).waitFor();
      expect(await axeViolations(page), 'failure toast shown').toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('the checker with slots listed, the reservation form, Missing Information and the confirmation have no violations', async () => {
    const { context, page } = await openPage(browser(), '/availability', { viewportName: 'phone' });
    try {
      await page.locator('main input[type="date"]:enabled').waitFor();
      const date = utcDate(40);
      await page.locator('main input[type="date"]').fill(date);
      await page.getByRole('radio').first().waitFor();
      expect(await axeViolations(page), 'slots listed').toEqual([]);

      await page.getByRole('radio', { name: 'Afternoon 1PM - 6PM' }).check();
      await page.getByLabel('Your Name').waitFor();
      expect(await axeViolations(page), 'reservation form shown').toEqual([]);

      await page.locator('main form button[type="submit"]').click();
      await page.getByRole('alert').filter({ hasText: 'Missing Information' }).waitFor();
      expect(await axeViolations(page), 'missing information').toEqual([]);

      await page.getByLabel('Your Name').fill('Peggy Hill');
      await page.getByLabel('Email Address').fill(`peggy-${Date.now()}@example.com`);
      await page.getByLabel('Event Type').selectOption({ label: 'Graduation' });
      // The list is refetched after a booking: hold that request to check the page while it refreshes, too.
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(`**/api/availability/${date}`, async (route) => {
        await held;
        await route.continue();
      });
      await page.locator('main form button[type="submit"]').click();
      await page.getByRole('status').filter({ hasText: 'Booking Confirmed!' }).waitFor();
      expect(await axeViolations(page), 'booking confirmed, slots refreshing').toEqual([]);
      release();
      await page.waitForFunction(() => document.querySelectorAll('main input[type="radio"]').length === 2);
      expect(await axeViolations(page), 'booking confirmed, slots refreshed').toEqual([]);
    } finally {
      await context.close();
    }
  });
});
