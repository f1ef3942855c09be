import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { faqGroups } from '../fixtures';
import { NOTICE_SEEN, eventually, openContext, openPage, skipBrowser, useBrowser, waitForIsland, type ViewportName } from './support/browser';
import { NAV_LINKS, settings } from './support/site';

const notice = settings.renovationNotice;

/** The header navigation landmark. */
const mainNav = (page: Page) => page.getByRole('navigation', { name: settings.nav.label });

/** The hydrated menu toggle (before hydration it is a plain link to the panel). */
const menuButton = (page: Page) => mainNav(page).getByRole('button', { name: settings.nav.menuLabel });

/** A header navigation link by its label. */
const navLink = (page: Page, name: string) => mainNav(page).getByRole('link', { name, exact: true });

/** Waits until the navigation link with this name is shown (true) or hidden (false). */
const linkShown = (page: Page, name: string, shown: boolean) => navLink(page, name).waitFor({ state: shown ? 'visible' : 'hidden' });

/** The label of the header link to `href`. */
const navLabel = (href: string) => NAV_LINKS.find(([, target]) => target === href)![0];
const ABOUT = navLabel('/about');
const SERVICES = navLabel('/services');
const HOME = navLabel('/');

/** How many questions the FAQ holds, over all groups. */
const QUESTIONS = faqGroups.reduce((sum, group) => sum + group.items.length, 0);

const noticeDialog = (page: Page) => page.getByRole('dialog', { name: notice.title });

const noticeFlag = (page: Page) => page.evaluate((key) => sessionStorage.getItem(key), NOTICE_SEEN.key);

/**
 * Asserts the notice does not open: a "never happens" can only be watched for a while, so this watches for well
 * over the notice's delay after the page's islands could have run.
 */
async function expectNoNotice(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page.waitForTimeout(notice.delayMs + 1500);
  await eventually(() => noticeDialog(page).count()).toBe(0);
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
        await linkShown(page, ABOUT, false);

        await toggle.click();
        await eventually(() => toggle.getAttribute('aria-expanded')).toBe('true');
        for (const [name] of NAV_LINKS) await linkShown(page, name, true);

        // First keep the browser from leaving, so the closing is seen on this page and not only on the next one.
        await page.evaluate(() => {
          window.addEventListener('click', (event) => (event.target as Element).closest('a[href]') && event.preventDefault(), {
            capture: true,
            once: true,
          });
        });
        await navLink(page, ABOUT).click();
        await eventually(() => toggle.getAttribute('aria-expanded')).toBe('false');
        await linkShown(page, SERVICES, false);
        expect(page.url()).toBe(`${new URL(page.url()).origin}/`);

        // Then for real: the chosen page opens with the menu closed.
        await toggle.click();
        await navLink(page, ABOUT).click();
        await page.waitForURL('**/about');
        const next = menuButton(page);
        await next.waitFor();
        expect(await next.getAttribute('aria-expanded')).toBe('false');
        await linkShown(page, SERVICES, false);
      } finally {
        await context.close();
      }
    });

    test('closes on the toggle, on Escape (focus back on the toggle) and on a click outside', async () => {
      const { context, page } = await openPage(browser(), '/services', { viewportName: 'phone' });
      try {
        const toggle = menuButton(page);
        await toggle.click();
        await eventually(() => toggle.getAttribute('aria-expanded')).toBe('true');
        await toggle.click();
        await eventually(() => toggle.getAttribute('aria-expanded')).toBe('false');
        await linkShown(page, HOME, false);

        await toggle.click();
        await linkShown(page, HOME, true);
        await page.keyboard.press('Escape');
        await eventually(() => toggle.getAttribute('aria-expanded')).toBe('false');
        await eventually(() => toggle.evaluate((element) => element === document.activeElement)).toBe(true);

        await toggle.click();
        await linkShown(page, HOME, true);
        await page.locator('footer').getByText(settings.footer.copyright).click();
        await eventually(() => toggle.getAttribute('aria-expanded')).toBe('false');
        await linkShown(page, HOME, false);
      } finally {
        await context.close();
      }
    });

    test('at desktop width the links are shown inline and there is no toggle', async () => {
      const { context, page } = await openPage(browser(), '/', { viewportName: 'desktop' });
      try {
        for (const [name] of NAV_LINKS) await linkShown(page, name, true);
        // The toggle is in the page but hidden by the stylesheet at this width (its island only hydrates on narrow screens).
        await mainNav(page).locator('.nav-toggle').waitFor({ state: 'hidden' });
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
        const open = page.locator('main details[open]');
        await eventually(() => items.count()).toBe(QUESTIONS);
        await eventually(() => open.count()).toBe(0);
        const first = items.nth(0);
        const later = items.nth(faqGroups[0]!.items.length); // the first of the next group: the rule holds across groups
        const answerOf = (item: typeof first) => item.locator('.faq-item__answer, p').first();

        await first.locator('summary').click();
        await answerOf(first).waitFor({ state: 'visible' });
        await eventually(() => open.count()).toBe(1);

        await later.locator('summary').click();
        await answerOf(later).waitFor({ state: 'visible' });
        await answerOf(first).waitFor({ state: 'hidden' });
        await eventually(() => open.count()).toBe(1);

        await later.locator('summary').click();
        await answerOf(later).waitFor({ state: 'hidden' });
        await eventually(() => open.count()).toBe(0);
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
        await eventually(() => question.getAttribute('open')).not.toBeNull();
        release();
        await waitForIsland(page, 'FaqAccordion');

        await question.locator('summary').click();
        await eventually(() => page.locator('main details[open]').count()).toBe(0);
      } finally {
        await context.close();
      }
    });

    test('holds every answer of the content in the page, even while closed', async () => {
      const { context, page } = await openPage(browser(), '/faq', { viewportName });
      try {
        await waitForIsland(page, 'FaqAccordion');
        // textContent, not innerText: a closed answer is not rendered, but it is there for search and find-in-page.
        const text = ((await page.locator('main').textContent()) ?? '').replace(/\s+/g, ' ');
        for (const item of faqGroups.flatMap((group) => group.items)) expect(text).toContain(item.answer);
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
        await noticeDialog(page).waitFor({ state: 'visible' });
        const openedAt = await page.evaluate(() => performance.now());
        expect(openedAt).toBeGreaterThanOrEqual(notice.delayMs);
        expect(await noticeDialog(page).innerText()).toContain(notice.message);
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
        await noticeDialog(page).waitFor({ state: 'visible' });
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
        await noticeDialog(page).waitFor({ state: 'visible' });
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
