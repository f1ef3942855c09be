import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { openContext, openPage, skipBrowser, useBrowser, type ViewportName } from './support/browser';
import { NAV_LINKS, ROUTES, settings, utcDate } from './support/site';

/** Names of visible headings at any level. */
async function headings(page: Page): Promise<string[]> {
  return page.getByRole('heading').allInnerTexts();
}

/** Asserts every name appears among the page's headings. */
async function expectHeadings(page: Page, names: string[]): Promise<void> {
  const found = (await headings(page)).map((text) => text.trim());
  for (const name of names) expect(found, `heading "${name}"`).toContain(name);
}

/** href of the link or button-link with this accessible name (exact), asserting there is exactly one visible. */
async function hrefOf(page: Page, name: string): Promise<string | null> {
  const link = page.getByRole('link', { name, exact: true }).filter({ visible: true });
  expect(await link.count(), `visible links named "${name}"`).toBe(1);
  return link.getAttribute('href');
}

const KEY_CONTENT: Record<string, (page: Page) => Promise<void>> = {
  '/': async (page) => {
    expect(await hrefOf(page, 'View Services')).toBe('/services');
    expect(await hrefOf(page, 'Book Now')).toBe('/contact');
    await expectHeadings(page, ['Premium Cocktails', 'Mobile Service', '5-Star Experience']);
    const invitations = page.getByText('This could be you!', { exact: false });
    expect(await invitations.count()).toBe(3);
  },
  '/about': async (page) => {
    const story = await page.locator('main').innerText();
    expect(story).toContain('2024');
    expect(story).toMatch(/first-generation Texan/i);
    expect(story).toMatch(/hospitality/i);
    expect(story).toMatch(/vintage horse trailer/i);
    expect(story).toMatch(/hundreds of events/i);
    await expectHeadings(page, ['Authentic Hospitality', 'Quality Craftsmanship', 'Texas Spirit']);
  },
  '/services': async (page) => {
    const main = await page.locator('main').innerText();
    for (const stat of ['350+', '12+', '5-Star', '100%']) expect(main).toContain(stat);
    await expectHeadings(page, ['Wedding Packages', 'Private Events', 'Corporate Events']);
    for (const button of ['Get Wedding Quote', 'Plan Your Event', 'Corporate Inquiry']) {
      expect(await hrefOf(page, button)).toBe('/contact');
    }
    // Each package shows an image with a text alternative.
    expect(await page.locator('main img[alt]:not([alt=""])').count()).toBeGreaterThanOrEqual(3);
  },
  '/menu': async (page) => {
    const cocktails = [
      ["Cowboy's Old Fashioned", 'Bourbon Base'],
      ['Lone Star Rita', 'Tequila Base'],
      ['True Texas Ranch Water', 'Light & Refreshing'],
      ['Buckaroo Smash', 'Whiskey & Mint'],
      ['Texas Mule', 'Spicy & Bold'],
      ['Sunset Sangria', 'Wine Based'],
    ];
    await expectHeadings(page, cocktails.map(([name]) => name));
    const main = await page.locator('main').innerText();
    for (const [, type] of cocktails) expect(main).toContain(type);
    expect(await page.locator('main img[alt]:not([alt=""])').count()).toBeGreaterThanOrEqual(6);
    const custom = page.locator('main a[href="/contact"]').filter({ visible: true });
    expect(await custom.count()).toBeGreaterThanOrEqual(1);
  },
  '/faq': async (page) => {
    await expectHeadings(page, ['Service Questions', 'Pricing & Packages', 'Event Planning']);
    // Nine questions, each a disclosure holding its answer.
    expect(await page.locator('main details > summary').count()).toBe(9);
  },
  '/contact': async (page) => {
    await expectHeadings(page, ['Book Your Event']);
    for (const label of [
      'First Name',
      'Last Name',
      'Email Address',
      'Phone Number',
      'Event Type',
      'Guest Count',
      'Event Date',
      'Event Location',
      'Tell us about your event',
    ]) {
      expect(await page.getByLabel(label, { exact: false }).filter({ visible: true }).count(), `field "${label}"`).toBe(1);
    }
    expect(await page.getByLabel('Email Address', { exact: false }).getAttribute('type')).toBe('email');
    expect(await page.getByLabel('Phone Number', { exact: false }).getAttribute('type')).toBe('tel');
    expect(await page.getByLabel('Event Location', { exact: false }).getAttribute('placeholder')).toBe('City, State');
    expect(await page.getByLabel('Tell us about your event', { exact: false }).getAttribute('rows')).toBe('4');
    expect(await page.getByRole('button', { name: 'Send My Request' }).isVisible()).toBe(true);
    const main = await page.locator('main').innerText();
    expect(main).toContain(settings.phone);
    expect(main).toContain(settings.email);
    expect(main).toContain('All of Texas');
    await expectHeadings(page, ['Business Hours', 'Follow Us']);
  },
  '/availability': async (page) => {
    const date = page.locator('main input[type="date"]');
    expect(await date.count()).toBe(1);
    // Today is the visitor's clock's business (UTC date), so it may be set once the checker has hydrated.
    await page.locator('main input[type="date"][min]').waitFor();
    expect(await date.getAttribute('min')).toBe(utcDate(0));
    await expectHeadings(page, ['How It Works', 'Select Date', 'Pick Time Slot', 'Instant Booking']);
    // No date chosen yet: no slot list.
    expect(await page.getByText(/Morning 9AM - 1PM/).count()).toBe(0);
  },
  '/this-trail-goes-nowhere': async (page) => {
    expect(await page.locator('main').innerText()).toMatch(/forg[eo]t to add the page to the router/i);
  },
};

describe.skipIf(skipBrowser)('routes', () => {
  const browser = useBrowser();

  describe.each<ViewportName>(['phone', 'desktop'])('at %s width', (viewportName) => {
    test.each(ROUTES)('$path shows its screen, the shared shell and the active link', async (route) => {
      const context = await openContext(browser(), { viewportName });
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
        expect(await page.title()).toMatch(/Lone Star Mobile Bar/);

        const h1 = page.getByRole('heading', { level: 1 });
        expect(await h1.count()).toBe(1);
        expect(await h1.innerText()).toMatch(route.heading);
        await KEY_CONTENT[route.path](page);

        // Header navigation: every link present with its target; exactly the expected one is current.
        // On a phone the links sit in the collapsed menu: present, but hidden until it opens.
        const nav = page.getByRole('navigation', { name: 'Main' }).getByRole('list', { includeHidden: true });
        for (const [name, href] of NAV_LINKS) {
          const link = nav.getByRole('link', { name, exact: true, includeHidden: true });
          expect(await link.getAttribute('href'), name).toBe(href);
          expect(await link.isVisible(), `${name} visible`).toBe(viewportName === 'desktop');
        }
        const current = nav.locator('[aria-current="page"]');
        if (route.activeLink === null) {
          expect(await current.count()).toBe(0);
        } else {
          expect(await current.count()).toBe(1);
          expect((await current.textContent())?.trim()).toBe(route.activeLink);
        }

        // Footer: blurb, quick links, contact block, three social icons going nowhere, copyright 2024.
        const footer = page.locator('footer');
        const footerText = await footer.innerText();
        expect(footerText).toContain(settings.phone);
        expect(footerText).toContain(settings.email);
        expect(footerText).toContain('Serving All of Texas');
        expect(footerText).toMatch(/©\s*2024/);
        for (const [name, href] of [['Home', '/'], ['About', '/about'], ['Services', '/services']]) {
          expect(await footer.getByRole('link', { name, exact: true }).getAttribute('href')).toBe(href);
        }
        const social = footer.getByRole('link', { name: /facebook|instagram|\bx\b/i });
        expect(await social.count()).toBe(3);
        for (const link of await social.all()) expect(await link.getAttribute('href')).toBeNull();

        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    });
  });

  test('the current link looks different from the others, not only to assistive technology', async () => {
    const { context, page } = await openPage(browser(), '/about', { viewportName: 'desktop' });
    try {
      const style = (name: string) =>
        page
          .getByRole('navigation', { name: 'Main' })
          .getByRole('link', { name, exact: true })
          .evaluate((link) => {
            const css = getComputedStyle(link);
            return [css.color, css.textDecorationLine, css.backgroundColor, css.borderBottomColor, css.fontWeight].join('|');
          });
      expect(await style('About')).not.toBe(await style('Services'));
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
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toMatch(route.heading);
      await KEY_CONTENT[route.path](page);
      expect(await page.getByRole('dialog').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  test('the phone menu opens from its link and leads to the chosen page', async () => {
    const { context, page } = await openPage(browser(), '/', { viewportName: 'phone', javaScriptEnabled: false });
    try {
      const nav = page.getByRole('navigation', { name: 'Main' });
      expect(await nav.getByRole('link', { name: 'About', exact: true }).isVisible()).toBe(false);
      await nav.getByRole('link', { name: 'Menu', exact: true }).first().click();
      expect(await nav.getByRole('link', { name: 'About', exact: true }).isVisible()).toBe(true);
      await nav.getByRole('link', { name: 'About', exact: true }).click();
      await page.waitForURL('**/about');
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Our Story');
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
      expect(await page.locator('main details[open]').count()).toBe(1);
      expect(await items.nth(7).getAttribute('open')).not.toBeNull();
    } finally {
      await context.close();
    }
  });
});
