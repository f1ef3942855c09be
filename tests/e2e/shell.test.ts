import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { NOTICE_SEEN, openContext, openPage, skipBrowser, useBrowser, waitForIsland, type ViewportName } from './support/browser';
import { settings } from './support/site';

const notice = settings.renovationNotice;

/** The header navigation landmark. */
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** The hydrated menu toggle (before hydration it is a plain link to the panel). */
const menuButton = (page: Page) => mainNav(page).getByRole('button', { name: 'Menu' });

/** Whether the navigation link with this name is visible. */
const linkVisible = (page: Page, name: string) => mainNav(page).getByRole('link', { name, exact: true }).isVisible();

const noticeDialog = (page: Page) => page.getByRole('dialog', { name: notice.title });

const noticeFlag = (page: Page) => page.evaluate((key) => sessionStorage.getItem(key), NOTICE_SEEN.key);

/** Asserts the notice does not open within well over its delay. */
async function expectNoNotice(page: Page): Promise<void> {
  await page.waitForTimeout(notice.delayMs + 1500);
  expect(await noticeDialog(page).isVisible()).toBe(false);
}

describe.skipIf(skipBrowser)('shared shell', () => {
  const browser = useBrowser();

  describe('mobile menu (phone width)', () => {
    test('opens on the toggle and closes when a link is chosen', async () => {
      const { context, page } = await openPage(browser(), '/', { viewportName: 'phone' });
      try {
        const toggle = menuButton(page);
        await toggle.waitFor();
        expect(await toggle.getAttribute('aria-expanded')).toBe('false');
        expect(await linkVisible(page, 'About')).toBe(false);

        await toggle.click();
        expect(await toggle.getAttribute('aria-expanded')).toBe('true');
        for (const name of ['Home', 'About', 'Services', 'Menu', 'FAQ', 'Availability', 'Contact']) {
          expect(await linkVisible(page, name), name).toBe(true);
        }

        // First keep the browser from leaving, so the closing is seen on this page and not only on the next one.
        await page.evaluate(() => {
          window.addEventListener('click', (event) => (event.target as Element).closest('a[href]') && event.preventDefault(), {
            capture: true,
            once: true,
          });
        });
        await mainNav(page).getByRole('link', { name: 'About', exact: true }).click();
        expect(await toggle.getAttribute('aria-expanded')).toBe('false');
        expect(await linkVisible(page, 'Services')).toBe(false);
        expect(page.url()).toBe(`${new URL(page.url()).origin}/`);

        // Then for real: the chosen page opens with the menu closed.
        await toggle.click();
        await mainNav(page).getByRole('link', { name: 'About', exact: true }).click();
        await page.waitForURL('**/about');
        const next = menuButton(page);
        await next.waitFor();
        expect(await next.getAttribute('aria-expanded')).toBe('false');
        expect(await linkVisible(page, 'Services')).toBe(false);
      } finally {
        await context.close();
      }
    });

    test('closes on the toggle, on Escape (focus back on the toggle) and on a click outside', async () => {
      const { context, page } = await openPage(browser(), '/services', { viewportName: 'phone' });
      try {
        const toggle = menuButton(page);
        await toggle.click();
        await toggle.click();
        expect(await toggle.getAttribute('aria-expanded')).toBe('false');
        expect(await linkVisible(page, 'Home')).toBe(false);

        await toggle.click();
        await page.keyboard.press('Escape');
        expect(await toggle.getAttribute('aria-expanded')).toBe('false');
        expect(await toggle.evaluate((element) => element === document.activeElement)).toBe(true);

        await toggle.click();
        await page.locator('footer').getByText(/©/).click();
        expect(await toggle.getAttribute('aria-expanded')).toBe('false');
        expect(await linkVisible(page, 'Home')).toBe(false);
      } finally {
        await context.close();
      }
    });

    test('at desktop width the links are shown inline and there is no toggle', async () => {
      const { context, page } = await openPage(browser(), '/', { viewportName: 'desktop' });
      try {
        for (const name of ['Home', 'About', 'Services', 'Menu', 'FAQ', 'Availability', 'Contact']) {
          expect(await linkVisible(page, name), name).toBe(true);
        }
        expect(await mainNav(page).locator('.nav-toggle').isVisible()).toBe(false);
      } finally {
        await context.close();
      }
    });
  });

  describe.each<ViewportName>(['phone', 'desktop'])('FAQ accordion at %s width', (viewportName) => {
    test('opens one answer at a time and closes the open one when it is chosen again', async () => {
      const { context, page } = await openPage(browser(), '/faq', { viewportName });
      try {
        await waitForIsland(page, 'FaqAccordion');
        const items = page.locator('main details');
        expect(await items.count()).toBe(9);
        expect(await page.locator('main details[open]').count()).toBe(0);
        const first = items.nth(0);
        const later = items.nth(4); // in another group: the rule holds across groups
        const answerOf = (item: typeof first) => item.locator('.faq-item__answer, p').first();

        await first.locator('summary').click();
        expect(await answerOf(first).isVisible()).toBe(true);
        expect(await page.locator('main details[open]').count()).toBe(1);

        await later.locator('summary').click();
        expect(await answerOf(later).isVisible()).toBe(true);
        expect(await answerOf(first).isVisible()).toBe(false);
        expect(await page.locator('main details[open]').count()).toBe(1);

        await later.locator('summary').click();
        expect(await answerOf(later).isVisible()).toBe(false);
        expect(await page.locator('main details[open]').count()).toBe(0);
      } finally {
        await context.close();
      }
    });

    test('an answer opened before the accordion hydrated still closes when chosen again', async () => {
      const context = await openContext(browser(), { viewportName });
      try {
        const page = await context.newPage();
        // A slow phone: the visitor opens a question while the island's code is still on its way.
        let release: () => void = () => {};
        const held = new Promise<void>((resolve) => (release = resolve));
        await page.route(/\/FaqAccordion\.[^/]*\.js$/, async (route) => {
          await held;
          await route.continue();
        });
        await page.goto('/faq');
        const question = page.locator('main details').nth(1);
        await question.locator('summary').click();
        expect(await question.getAttribute('open')).not.toBeNull();
        release();
        await waitForIsland(page, 'FaqAccordion');

        await question.locator('summary').click();
        await page.waitForTimeout(200);
        expect(await page.locator('main details[open]').count()).toBe(0);
      } finally {
        await context.close();
      }
    });

    test('states the business facts of the spec', async () => {
      const { context, page } = await openPage(browser(), '/faq', { viewportName });
      try {
        // Answers are in the page even while closed (textContent, not innerText).
        const text = (await page.locator('main').textContent()) ?? '';
        for (const fact of [/all of Texas/i, /4-6 weeks/, /April/, /October/, /25 guests/, /30/, /200/, /liability insurance/i, /own alcohol/i]) {
          expect(text).toMatch(fact);
        }
      } finally {
        await context.close();
      }
    });
  });

  describe('renovation notice', () => {
    test('opens about a second after load, and "Okay, great!" closes it for the rest of the session', async () => {
      const context = await openContext(browser(), { noticeSeen: false, viewportName: 'phone' });
      try {
        const page = await context.newPage();
        await page.goto('/');
        expect(await noticeDialog(page).isVisible()).toBe(false);
        await noticeDialog(page).waitFor({ state: 'visible', timeout: 8000 });
        const openedAt = await page.evaluate(() => performance.now());
        expect(openedAt).toBeGreaterThanOrEqual(notice.delayMs);
        expect(await noticeDialog(page).innerText()).toContain('September 15th, 2026');
        expect(await noticeFlag(page)).toBeNull();

        await noticeDialog(page).getByRole('button', { name: notice.confirmLabel }).click();
        await noticeDialog(page).waitFor({ state: 'hidden' });
        expect(await noticeFlag(page)).toBe('true');

        await page.goto('/about');
        await expectNoNotice(page);
      } finally {
        await context.close();
      }
    });

    test('the close button also sets the flag; a new session shows the notice again', async () => {
      const first = await openContext(browser(), { noticeSeen: false, viewportName: 'desktop' });
      try {
        const page = await first.newPage();
        await page.goto('/menu');
        await noticeDialog(page).getByRole('button', { name: notice.closeLabel }).click();
        await noticeDialog(page).waitFor({ state: 'hidden' });
        expect(await noticeFlag(page)).toBe('true');
        await page.goto('/faq');
        await expectNoNotice(page);
      } finally {
        await first.close();
      }

      const second = await openContext(browser(), { noticeSeen: false, viewportName: 'desktop' });
      try {
        const page = await second.newPage();
        await page.goto('/faq');
        await noticeDialog(page).waitFor({ state: 'visible', timeout: 8000 });
        await page.keyboard.press('Escape');
        await noticeDialog(page).waitFor({ state: 'hidden' });
        expect(await noticeFlag(page)).toBe('true');
      } finally {
        await second.close();
      }
    });

    test('moves focus into the notice and keeps the page behind it inert', async () => {
      const context = await openContext(browser(), { noticeSeen: false, viewportName: 'desktop' });
      try {
        const page = await context.newPage();
        await page.goto('/services');
        await noticeDialog(page).waitFor({ state: 'visible', timeout: 8000 });
        const focusedInside = await page.evaluate(() => !!document.activeElement?.closest('dialog[open]'));
        expect(focusedInside).toBe(true);
        for (let step = 0; step < 4; step += 1) {
          await page.keyboard.press('Tab');
          const inside = await page.evaluate(() => !!document.activeElement?.closest('dialog[open]') || document.activeElement === document.body);
          expect(inside, `focus stays in the notice after ${step + 1} Tab`).toBe(true);
        }
      } finally {
        await context.close();
      }
    });
  });
});
