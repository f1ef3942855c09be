import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { BOOKING_TOASTS, clock, pages } from '../fixtures';
import { baseURL, eventually, openContext, skipBrowser, useBrowser, type ViewportName } from './support/browser';
import { ROUTES, settings } from './support/site';

/** Everything a page reported that a security policy, a missing file or a script error would cause. */
type Report = { violations: string[]; console: string[]; failedRequests: string[]; pageErrors: string[] };

declare global {
  interface Window {
    __cspViolations: string[];
    __injectedRan?: boolean;
  }
}

/** Opens a fresh context whose pages record CSP violations (the event, before any page script) and console output. */
async function watchedPage(context: BrowserContext): Promise<{ page: Page; report: Report }> {
  await context.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations.push(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sample})`);
    });
  });
  const page = await context.newPage();
  const report: Report = { violations: [], console: [], failedRequests: [], pageErrors: [] };
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') report.console.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => report.pageErrors.push(error.message));
  page.on('requestfailed', (request) => report.failedRequests.push(`${request.url()} ${request.failure()?.errorText}`));
  page.on('response', (response) => {
    if (response.status() >= 400 && response.request().resourceType() !== 'document') {
      report.failedRequests.push(`${response.url()} ${response.status()}`);
    }
  });
  return { page, report };
}

/** Scrolls every island into view and waits until each has hydrated, except media islands whose query does not match. */
async function hydrateAll(page: Page): Promise<void> {
  // Islands are display: contents, so scroll to what they render (client:visible watches that).
  await page.evaluate(async () => {
    for (const island of document.querySelectorAll('astro-island')) {
      (island.firstElementChild ?? island).scrollIntoView({ block: 'center' });
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  await page.waitForFunction(() =>
    [...document.querySelectorAll('astro-island[ssr]')].every((island) => {
      if (island.getAttribute('client') !== 'idle-media') return false;
      const { value } = JSON.parse(island.getAttribute('opts') ?? '{}') as { value?: string };
      return !window.matchMedia(value ?? 'all').matches;
    }),
  );
}

/** Every image decoded (CSP img-src) and no font face failed (CSP font-src). */
async function expectImagesAndFontsLoaded(page: Page): Promise<void> {
  const images = await page.evaluate(async () =>
    Promise.all(
      [...document.images].map(async (img) => {
        img.scrollIntoView({ block: 'center' });
        const ok = await img.decode().then(() => img.naturalWidth > 0, () => false);
        return `${img.getAttribute('src')}: ${ok ? 'loaded' : 'failed'}`;
      }),
    ),
  );
  expect(images.filter((status) => status.endsWith('failed'))).toEqual([]);
  const fonts = await page.evaluate(async () => {
    await document.fonts.ready;
    // Load every self-hosted face (font-display: optional may not have needed them yet): a blocked font fails to load.
    // The metric-matched fallbacks are local() system fonts, fetched from nowhere, and may not exist on this machine.
    const hosted = [...document.fonts].filter((face) => !face.family.includes('fallback'));
    return Promise.all(hosted.map((face) => face.load().then(() => `${face.family}: loaded`, () => `${face.family}: error`)));
  });
  // The site hosts one face, the display face Rye (headings and text use system faces).
  expect(fonts.length).toBeGreaterThanOrEqual(1);
  expect(fonts.filter((status) => status.endsWith('error'))).toEqual([]);
}

async function collect(page: Page, report: Report): Promise<Report> {
  report.violations = await page.evaluate(() => window.__cspViolations);
  return report;
}

function expectClean(report: Report, expectedConsole: RegExp[] = []): void {
  expect(report.violations, 'CSP violations').toEqual([]);
  const unexpected = report.console.filter((line) => !expectedConsole.some((pattern) => pattern.test(line)));
  expect(unexpected, 'console errors and warnings').toEqual([]);
  expect(report.pageErrors, 'uncaught errors').toEqual([]);
  expect(report.failedRequests, 'failed requests').toEqual([]);
}

describe.skipIf(skipBrowser)('Content-Security-Policy in Chromium', () => {
  const browser = useBrowser();

  describe.each<ViewportName>(['phone', 'desktop'])('at %s width', (viewportName) => {
    test.each(ROUTES.map((route) => [route.path, route.status] as const))(
      '%s hydrates every island, loads its fonts and images, and reports no violation',
      async (path, status) => {
        const context = await openContext(browser(), { viewportName });
        try {
          const { page, report } = await watchedPage(context);
          const response = await page.goto(path);
          expect(response?.status()).toBe(status);
          const headers = response!.headers();
          expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
          expect(headers['strict-transport-security']).toMatch(/max-age=\d{8}; includeSubDomains/);
          expect(headers['x-content-type-options']).toBe('nosniff');
          await eventually(() => page.locator('meta[http-equiv="content-security-policy"]').count()).toBe(1);
          await hydrateAll(page);
          await expectImagesAndFontsLoaded(page);
          // The not-found page is itself a 404 answer, which Chromium reports in the console.
          expectClean(await collect(page, report), status === 404 ? [/Failed to load resource: the server responded with a status of 404/] : []);
        } finally {
          await context.close();
        }
      },
    );
  });

  test('the islands work under the policy: notice dialog, FAQ accordion, availability fetch, toasts', async () => {
    const context = await openContext(browser(), { viewportName: 'phone', noticeSeen: false });
    try {
      const { page, report } = await watchedPage(context);
      await page.goto('/faq');
      await page.getByRole('dialog').waitFor();
      await page.getByRole('button', { name: settings.renovationNotice.confirmLabel }).click();
      await hydrateAll(page);
      const question = page.locator('main details > summary').first();
      await question.click();
      await eventually(() => question.evaluate((summary) => (summary.parentElement as HTMLDetailsElement).open)).toBe(true);
      await page.goto('/availability');
      await hydrateAll(page);
      await page.locator('main input[type="date"]').fill(clock.day(15));
      const slot = page.getByRole('radio').first();
      await slot.waitFor();
      await slot.check();
      await page.locator('main form button[type="submit"]').click();
      await page.getByRole('alert').filter({ hasText: BOOKING_TOASTS.missing.title }).waitFor();
      expectClean(await collect(page, report));
    } finally {
      await context.close();
    }
  });

  test('an injected inline script is blocked and reported (the watch above can see violations)', async () => {
    const context = await openContext(browser());
    try {
      const { page, report } = await watchedPage(context);
      await page.goto('/');
      await page.addScriptTag({ content: 'window.__injectedRan = true;' }).catch(() => {});
      await page.waitForFunction(() => window.__cspViolations.length > 0);
      expect(await page.evaluate(() => window.__injectedRan)).toBeUndefined();
      const { violations, console } = await collect(page, report);
      expect(violations.join('\n')).toMatch(/^script-src-elem blocked inline/m);
      expect(console.join('\n')).toMatch(/violates the following Content Security Policy directive/);
    } finally {
      await context.close();
    }
  });

  test('no page can be framed, not even by the site itself (frame-ancestors as a header)', async () => {
    const context = await openContext(browser());
    try {
      const page = await context.newPage();
      const answer = await context.request.get(`${baseURL}/about`);
      expect(answer.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
      // A parent without any policy of its own, so only the framed page's header can refuse the frame.
      await page.goto('about:blank');
      await page.setContent(`<iframe src="${baseURL}/about" title="framed"></iframe>`);
      const frame = page.frames().find((candidate) => candidate !== page.mainFrame())!;
      // Chromium replaces a refused frame with its own error page instead of the site.
      await expect.poll(() => frame.url()).toBe('chrome-error://chromewebdata/');
      await eventually(() => frame.getByText(pages.about.heading).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
