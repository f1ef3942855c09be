import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import {
  FOOTER_LINKS,
  INQUIRY_BUTTONS,
  INQUIRY_LABELS,
  SLOT_LABELS,
  clock,
  cocktails,
  faqGroups,
  forms,
  highlights,
  packages,
  pages,
  stats,
  testimonials,
  values,
} from '../fixtures';
import { checkState } from './support/axe';
import { VIEWPORTS, eventually, openContext, openPage, skipBrowser, useBrowser } from './support/browser';
import { NAV_LINKS, ROUTES, settings } from './support/site';

/** Names of visible headings at any level. */
async function headings(page: Page): Promise<string[]> {
  return page.getByRole('heading').allInnerTexts();
}

/** Asserts every name appears among the page's headings. */
async function expectHeadings(page: Page, names: string[]): Promise<void> {
  const found = (await headings(page)).map((text) => text.trim());
  for (const name of names) expect(found, `heading "${name}"`).toContain(name);
}

/** href of the link or button-link with this accessible name (exact), once exactly one is visible. */
async function hrefOf(page: Page, name: string): Promise<string | null> {
  const link = page.getByRole('link', { name, exact: true }).filter({ visible: true });
  await eventually(() => link.count(), `visible links named "${name}"`).toBe(1);
  return link.getAttribute('href');
}

/** The header navigation landmark. */
const mainNav = (page: Page) => page.getByRole('navigation', { name: settings.nav.label });

/** The label of the header link to `href`. */
const navLabel = (href: string) => NAV_LINKS.find(([, target]) => target === href)![0];

const KEY_CONTENT: Record<string, (page: Page) => Promise<void>> = {
  '/': async (page) => {
    for (const cta of [pages.home.primaryCta, pages.home.secondaryCta]) expect(await hrefOf(page, cta.label)).toBe(cta.href);
    await expectHeadings(page, highlights.map((item) => item.title));
    const quotes = page.locator('main blockquote');
    await eventually(() => quotes.allInnerTexts()).toEqual(testimonials.map((item) => expect.stringContaining(item.text)));
  },
  '/about': async (page) => {
    const story = await page.locator('main').innerText();
    for (const paragraph of pages.about.story) expect(story).toContain(paragraph);
    await expectHeadings(page, values.map((value) => value.title));
  },
  '/services': async (page) => {
    const main = await page.locator('main').innerText();
    for (const stat of stats) expect(main).toContain(stat.value);
    await expectHeadings(page, packages.map((item) => item.title));
    for (const item of packages) expect(await hrefOf(page, item.cta.label)).toBe(item.cta.href);
    // Each package shows its image with its text alternative.
    for (const item of packages) await page.locator('main img').and(page.getByAltText(item.imageAlt, { exact: true })).waitFor();
  },
  '/menu': async (page) => {
    await expectHeadings(page, cocktails.map((cocktail) => cocktail.name));
    const main = await page.locator('main').innerText();
    for (const cocktail of cocktails) expect(main).toContain(cocktail.typeLabel);
    for (const cocktail of cocktails) await page.locator('main').getByAltText(cocktail.imageAlt, { exact: true }).waitFor();
    expect(await hrefOf(page, pages.menu.custom.cta.label)).toBe(pages.menu.custom.cta.href);
  },
  '/faq': async (page) => {
    await expectHeadings(page, faqGroups.map((group) => group.title));
    // Every question is a disclosure holding its answer.
    const questions = faqGroups.flatMap((group) => group.items.map((item) => item.question));
    await eventually(() => page.locator('main details > summary').allInnerTexts()).toEqual(questions);
  },
  '/contact': async (page) => {
    await expectHeadings(page, [forms.contact.formHeading]);
    for (const label of Object.values(INQUIRY_LABELS)) {
      await eventually(() => page.getByLabel(label, { exact: false }).filter({ visible: true }).count(), `field "${label}"`).toBe(1);
    }
    expect(await page.getByLabel(INQUIRY_LABELS.email, { exact: false }).getAttribute('type')).toBe('email');
    expect(await page.getByLabel(INQUIRY_LABELS.phone, { exact: false }).getAttribute('type')).toBe('tel');
    expect(await page.getByLabel(INQUIRY_LABELS.eventLocation, { exact: false }).getAttribute('placeholder')).toBe('City, State');
    expect(await page.getByLabel(INQUIRY_LABELS.message, { exact: false }).getAttribute('rows')).toBe('4');
    await page.getByRole('button', { name: INQUIRY_BUTTONS.submit }).waitFor({ state: 'visible' });
    const main = await page.locator('main').innerText();
    expect(main).toContain(settings.phone);
    expect(main).toContain(settings.email);
    expect(main).toContain(settings.serviceArea);
    await expectHeadings(page, [settings.hoursHeading, settings.social.heading]);
  },
  '/availability': async (page) => {
    const date = page.locator('main input[type="date"]');
    await eventually(() => date.count()).toBe(1);
    // Today is the visitor's clock's business (UTC date), set once the checker has hydrated; this page's clock is
    // pinned to the test clock (see the route loop), so "today" is the clock's and cannot turn over mid-test.
    await eventually(() => date.getAttribute('min')).toBe(clock.today);
    const howItWorks = forms.availability.howItWorks;
    await expectHeadings(page, [howItWorks.heading, ...howItWorks.steps.map((step) => step.title)]);
    // No date chosen yet: no slot list.
    for (const label of SLOT_LABELS) await eventually(() => page.getByText(label).count()).toBe(0);
  },
  '/this-trail-goes-nowhere': async (page) => {
    expect(await page.locator('main').innerText()).toContain(pages.notFound.lead);
  },
};

describe.skipIf(skipBrowser)('routes', () => {
  const browser = useBrowser();

  // Each screen loads once, at the phone's width, and is read again at the desktop's: the header's links are hidden in
  // the collapsed menu on a phone and shown inline on a desktop; everything else must hold at both.
  test.each(ROUTES)('$path shows its screen, the shared shell and the active link at 390 and 1280 px; axe 0 at both', async (route) => {
    const context = await openContext(browser(), { viewportName: 'phone', clock });
    try {
      // Script errors and CSP violations both land in the console.
      const problems: string[] = [];
      const page = await context.newPage();
      page.on('pageerror', (error) => problems.push(error.message));
      page.on('console', (message) => {
        const expected404 = route.status === 404 && message.text().includes('status of 404');
        if (message.type() === 'error' && !expected404) problems.push(message.text());
      });
      const response = await page.goto(route.path);
      expect(response?.status()).toBe(route.status);
      expect(await page.title()).toContain(settings.brandName);

      for (const viewportName of ['phone', 'desktop'] as const) {
        await page.setViewportSize(VIEWPORTS[viewportName]);
        const h1 = page.getByRole('heading', { level: 1 });
        await eventually(() => h1.allInnerTexts()).toEqual([route.heading]);
        await KEY_CONTENT[route.path](page);

        // Header navigation: every link present with its target; exactly the expected one is current.
        // On a phone the links sit in the collapsed menu: present, but hidden until it opens.
        const nav = mainNav(page).getByRole('list', { includeHidden: true });
        for (const [name, href] of NAV_LINKS) {
          const link = nav.getByRole('link', { name, exact: true, includeHidden: true });
          expect(await link.getAttribute('href'), name).toBe(href);
          await link.waitFor({ state: viewportName === 'desktop' ? 'visible' : 'hidden' });
        }
        const current = nav.locator('[aria-current="page"]');
        await eventually(async () => (await current.allTextContents()).map((text) => text.trim())).toEqual(
          route.activeLink === null ? [] : [route.activeLink],
        );

        // Footer: blurb, quick links, contact block, social icons going nowhere, copyright (all from the settings).
        const footer = page.locator('footer');
        const footerText = await footer.innerText();
        for (const text of [settings.footer.blurb, settings.phone, settings.email, settings.footer.serviceLine, settings.footer.copyright]) {
          expect(footerText).toContain(text);
        }
        for (const [name, href] of FOOTER_LINKS) {
          expect(await footer.getByRole('link', { name, exact: true }).getAttribute('href')).toBe(href);
        }
        for (const { label } of settings.social.links) {
          const social = footer.getByRole('link', { name: label, exact: true });
          await eventually(() => social.count(), label).toBe(1);
          expect(await social.getAttribute('href'), label).toBeNull();
        }
      }

      expect(problems).toEqual([]);
      // WCAG 2.2 AA on the same page at both widths, once its content and islands are in.
      await checkState(page, `route${route.path.replaceAll('/', '-')}`);
    } finally {
      await context.close();
    }
  });

  test('the current link looks different from the others, not only to assistive technology', async () => {
    const { context, page } = await openPage(browser(), '/about', { viewportName: 'desktop' });
    try {
      const style = (name: string) =>
        mainNav(page)
          .getByRole('link', { name, exact: true })
          .evaluate((link) => {
            const css = getComputedStyle(link);
            return [css.color, css.textDecorationLine, css.backgroundColor, css.borderBottomColor, css.fontWeight].join('|');
          });
      const [about, other] = [navLabel('/about'), navLabel('/services')];
      expect(await style(about)).not.toBe(await style(other));
    } finally {
      await context.close();
    }
  });
});

describe.skipIf(skipBrowser)('with JavaScript disabled', () => {
  const browser = useBrowser();
  const contentRoutes = ROUTES.filter((route) => !['/contact', '/availability'].includes(route.path));

  test.each(contentRoutes)('$path still shows its whole screen', async (route) => {
    const { context, page, response } = await openPage(browser(), route.path, { viewportName: 'desktop', javaScriptEnabled: false, noticeSeen: false });
    try {
      expect(response?.status()).toBe(route.status);
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(route.heading);
      await KEY_CONTENT[route.path](page);
      // No script runs here, so nothing can change after load: one look is the whole truth.
      await eventually(() => page.getByRole('dialog').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  test('the phone menu opens from its link and leads to the chosen page', async () => {
    const { context, page } = await openPage(browser(), '/', { viewportName: 'phone', javaScriptEnabled: false });
    try {
      const nav = mainNav(page);
      const about = nav.getByRole('link', { name: navLabel('/about'), exact: true });
      await about.waitFor({ state: 'hidden' });
      // Before hydration (and without JavaScript) the toggle is a link to the panel, named like the menu button.
      await nav.getByRole('link', { name: settings.nav.menuLabel, exact: true }).first().click();
      await about.waitFor({ state: 'visible' });
      await about.click();
      await page.waitForURL('**/about');
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(pages.about.heading);
    } finally {
      await context.close();
    }
  });

  test('FAQ answers open one at a time without JavaScript', async () => {
    const { context, page } = await openPage(browser(), '/faq', { viewportName: 'phone', javaScriptEnabled: false });
    try {
      const items = page.locator('main details');
      await items.nth(0).locator('summary').click();
      await items.nth(7).locator('summary').click();
      await eventually(() => page.locator('main details[open]').count()).toBe(1);
      expect(await items.nth(7).getAttribute('open')).not.toBeNull();
    } finally {
      await context.close();
    }
  });
});
