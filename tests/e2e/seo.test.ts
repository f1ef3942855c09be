import { describe, expect, test } from 'vitest';
import { openContext, skipBrowser, useBrowser } from './support/browser';
import { settings } from './support/site';

declare global {
  interface Window {
    __seoViolations: string[];
  }
}

type Node = { '@type': string; name?: string };

describe.skipIf(skipBrowser)('search and sharing under the real headers', () => {
  const browser = useBrowser();

  test.each(['/', '/faq', '/contact'])(
    '%s: the JSON-LD block is read as data, the manifest loads, and nothing breaks the CSP',
    async (path) => {
      const context = await openContext(browser(), { viewportName: 'phone' });
      try {
        await context.addInitScript(() => {
          window.__seoViolations = [];
          document.addEventListener('securitypolicyviolation', (event) => {
            window.__seoViolations.push(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'}`);
          });
        });
        const page = await context.newPage();
        const errors: string[] = [];
        page.on('console', (message) => {
          if (message.type() === 'error') errors.push(message.text());
        });
        const response = await page.goto(path, { waitUntil: 'load' });
        expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");

        const nodes = await page
          .locator('script[type="application/ld+json"]')
          .evaluateAll((scripts) => scripts.flatMap((script) => (JSON.parse(script.textContent ?? '') as { '@graph': Node[] })['@graph']));
        expect(nodes.find((node) => node['@type'] === 'LocalBusiness')?.name).toBe(settings.brandName);
        if (path === '/faq') expect(nodes.map((node) => node['@type'])).toContain('FAQPage');

        // Chromium fetches the manifest under the page's policy (manifest-src): a blocked fetch comes back as an error.
        const cdp = await context.newCDPSession(page);
        const manifest = (await cdp.send('Page.getAppManifest')) as { errors: unknown[]; data?: string };
        expect(manifest.errors).toEqual([]);
        expect((JSON.parse(manifest.data ?? '{}') as { name?: string }).name).toBe(settings.brandName);

        const image = await page.locator('meta[property="og:image"]').getAttribute('content');
        const card = await page.request.get(new URL(image!).pathname);
        expect([card.status(), card.headers()['content-type']]).toEqual([200, 'image/png']);

        expect(await page.evaluate(() => window.__seoViolations)).toEqual([]);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );

  test('robots.txt and the sitemap are served as text and XML', async () => {
    const context = await openContext(browser());
    try {
      const robots = await context.request.get('/robots.txt');
      expect(robots.status()).toBe(200);
      expect(robots.headers()['content-type']).toMatch(/^text\/plain/);
      const sitemapUrl = /^Sitemap: (\S+)$/m.exec(await robots.text())?.[1];
      const sitemap = await context.request.get(new URL(sitemapUrl!).pathname);
      expect(sitemap.status()).toBe(200);
      expect(sitemap.headers()['content-type']).toMatch(/xml/);
    } finally {
      await context.close();
    }
  });
});
