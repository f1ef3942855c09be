// @vitest-environment jsdom
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { telHref } from '@shared/phone';
import { faqGroups as faq, site as settings } from '../fixtures';
import { DIST, loadPage } from './dist';

type Node = Record<string, unknown> & { '@type': string };


/** The public routes: every navigation link plus the call to action (seven pages). */
const PUBLIC = [...settings.nav.links, settings.nav.cta].map((link) => link.href);
const NOT_INDEXED = ['/404', '/cancel'];

/** The site address the build used, read from the home page (the build under SITE_URL below checks where it comes from). */
const SITE = loadPage('/').querySelector('link[rel="canonical"]')!.getAttribute('href')!;
const url = (path: string) => (path === '/' ? SITE : new URL(path, SITE).href);
const distFile = (address: string) => join(DIST, new URL(address).pathname);
const meta = (doc: Document, key: string) =>
  doc.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute('content') ?? null;
const sitemapLocs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);

/** Every JSON-LD node of a built page (blocks parsed as a browser reads them; @graph unwrapped). */
function jsonLdNodes(doc: Document): Node[] {
  return [...doc.querySelectorAll('script[type="application/ld+json"]')].flatMap((script) => {
    const data = JSON.parse(script.textContent ?? '') as { '@context': string; '@graph'?: Node[] } & Node;
    expect(data['@context']).toBe('https://schema.org');
    return data['@graph'] ?? [data];
  });
}
const nodeOf = (doc: Document, type: string) => jsonLdNodes(doc).filter((node) => node['@type'] === type);

test('the site address is absolute http(s) with no path', () => {
  expect(SITE).toMatch(/^https?:\/\/[^/]+\/$/);
});

describe('sitemap', () => {
  test('the index points to one sitemap on the site', () => {
    const index = readFileSync(join(DIST, 'sitemap-index.xml'), 'utf8');
    const sitemaps = sitemapLocs(index);
    expect(sitemaps).toEqual([url('/sitemap-0.xml')]);
    expect(existsSync(distFile(sitemaps[0]!))).toBe(true);
  });

  test('lists exactly the seven public routes, spelled like their canonical links', () => {
    const locs = sitemapLocs(readFileSync(join(DIST, 'sitemap-0.xml'), 'utf8'));
    expect(PUBLIC).toHaveLength(7);
    expect([...locs].sort()).toEqual(PUBLIC.map(url).sort());
    for (const path of PUBLIC) {
      expect(loadPage(path).querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(url(path));
    }
  });

  test('never lists the 404 page, the owner desk, the cancel page or a file', () => {
    const xml = readFileSync(join(DIST, 'sitemap-0.xml'), 'utf8');
    for (const loc of sitemapLocs(xml)) expect(new URL(loc).pathname).not.toMatch(/^\/(404|500|admin|cancel)|\.\w+$/);
  });
});

describe('robots.txt', () => {
  const robots = () => readFileSync(join(DIST, 'robots.txt'), 'utf8');

  test('points to the sitemap index by absolute address', () => {
    expect(robots()).toMatch(new RegExp(`^Sitemap: ${url('/sitemap-index.xml').replace(/[.?]/g, '\\$&')}$`, 'm'));
  });

  test('disallows the owner desk, the cancel page and the API, and nothing public', () => {
    const disallowed = [...robots().matchAll(/^Disallow: *(\S*)$/gm)].map((match) => match[1]);
    expect(disallowed).toEqual(expect.arrayContaining(['/admin', '/cancel', '/api/']));
    for (const rule of disallowed) for (const path of PUBLIC) expect(path === rule || path.startsWith(`${rule}/`) || rule === '/').toBe(false);
  });
});

describe('noindex', () => {
  test.each(PUBLIC)('%s is indexable (canonical link, no robots meta)', (path) => {
    const doc = loadPage(path);
    expect(doc.querySelector('meta[name="robots"]')).toBeNull();
    expect(doc.querySelector('link[rel="canonical"]')).not.toBeNull();
  });

  test.each(NOT_INDEXED)('%s says noindex and has no canonical link', (path) => {
    const doc = loadPage(path);
    expect(meta(doc, 'robots')).toBe('noindex');
    expect(doc.querySelector('link[rel="canonical"]')).toBeNull();
  });
});

describe.each([...PUBLIC, ...NOT_INDEXED])('structured data on %s', (path) => {
  test('has one LocalBusiness whose facts equal settings.json', () => {
    const [business, ...others] = nodeOf(loadPage(path), 'LocalBusiness');
    expect(others).toEqual([]);
    expect(business).toMatchObject({
      '@id': `${SITE}#business`,
      name: settings.brandName,
      description: settings.footer.blurb,
      url: SITE,
      telephone: telHref(settings.phone).replace('tel:', ''),
      email: settings.email,
    });
    const areas = business!.areaServed as Array<{ '@type': string; name: string }>;
    expect(areas.map((area) => area.name)).toEqual([settings.state, ...settings.primaryAreas]);
    expect(areas.map((area) => area['@type'])).toEqual(['State', ...settings.primaryAreas.map(() => 'City')]);
    const hours = business!.openingHoursSpecification as Array<{ dayOfWeek: string[]; opens: string; closes: string }>;
    expect(hours).toHaveLength(settings.businessHours.filter((row) => /\d/.test(row.hours)).length);
    for (const spec of hours) {
      expect(spec.opens).toMatch(/^\d\d:\d\d$/);
      expect(spec.closes > spec.opens).toBe(true);
      expect(spec.dayOfWeek.length).toBeGreaterThan(0);
    }
    for (const key of ['logo', 'image'] as const) {
      const address = business![key] as string;
      expect(address.startsWith(SITE)).toBe(true);
      expect(existsSync(distFile(address))).toBe(true);
    }
  });

  test('has a breadcrumb trail from Home to the page exactly on inner public pages', () => {
    const trails = nodeOf(loadPage(path), 'BreadcrumbList');
    if (path === '/' || !PUBLIC.includes(path)) {
      expect(trails).toEqual([]);
      return;
    }
    const link = [...settings.nav.links, settings.nav.cta].find((item) => item.href === path)!;
    expect(trails).toHaveLength(1);
    expect(trails[0]!.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: settings.nav.links.find((item) => item.href === '/')!.label, item: SITE },
      { '@type': 'ListItem', position: 2, name: link.label, item: url(path) },
    ]);
  });
});

describe('FAQPage', () => {
  test('/faq lists every question and answer of faq.json, in order', () => {
    const [page, ...others] = nodeOf(loadPage('/faq'), 'FAQPage');
    expect(others).toEqual([]);
    const questions = page!.mainEntity as Array<{ '@type': string; name: string; acceptedAnswer: { '@type': string; text: string } }>;
    expect(questions).toEqual(
      faq.flatMap((group) =>
        group.items.map((item) => ({ '@type': 'Question', name: item.question, acceptedAnswer: { '@type': 'Answer', text: item.answer } })),
      ),
    );
  });

  test.each(PUBLIC.filter((path) => path !== '/faq'))('%s has none', (path) => {
    expect(nodeOf(loadPage(path), 'FAQPage')).toEqual([]);
  });
});

describe.each(PUBLIC)('social card of %s', (path) => {
  test('og:image is an absolute 1200×630 PNG in dist, with size and alt tags', async () => {
    const doc = loadPage(path);
    const image = meta(doc, 'og:image')!;
    expect(image.startsWith(SITE)).toBe(true);
    const metadata = await sharp(distFile(image)).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['png', 1200, 630]);
    expect([meta(doc, 'og:image:width'), meta(doc, 'og:image:height')]).toEqual(['1200', '630']);
    expect(meta(doc, 'og:image:alt')).toContain(settings.brandName);
    expect(meta(doc, 'twitter:card')).toBe('summary_large_image');
    expect(meta(doc, 'og:url')).toBe(url(path));
  });

  test('is its own card (each public page has a different image)', () => {
    const images = PUBLIC.map((route) => meta(loadPage(route), 'og:image'));
    expect(new Set(images).size).toBe(PUBLIC.length);
  });
});

describe('icons and manifest', () => {
  test('the Apple touch icon is an opaque 180 px PNG', async () => {
    const doc = loadPage('/');
    const href = doc.querySelector('link[rel="apple-touch-icon"]')!.getAttribute('href')!;
    const metadata = await sharp(join(DIST, href)).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['png', 180, 180]);
    const { isOpaque } = await sharp(join(DIST, href)).stats();
    expect(isOpaque).toBe(true);
  });

  test('the manifest names the business, uses the brand colours and lists icons that exist at their sizes', async () => {
    const doc = loadPage('/');
    const href = doc.querySelector('link[rel="manifest"]')!.getAttribute('href')!;
    const manifest = JSON.parse(readFileSync(join(DIST, href), 'utf8')) as {
      name: string;
      short_name: string;
      theme_color: string;
      background_color: string;
      start_url: string;
      display: string;
      icons: Array<{ src: string; sizes: string; type: string }>;
    };
    expect(manifest).toMatchObject({ name: settings.brandName, short_name: settings.shortName, start_url: '/', display: 'browser' });
    expect(manifest.theme_color).toBe(meta(doc, 'theme-color'));
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(['192x192', '512x512']);
    for (const icon of manifest.icons) {
      const metadata = await sharp(join(DIST, icon.src)).metadata();
      expect(`${metadata.width}x${metadata.height}`).toBe(icon.sizes);
    }
  });

  test('the CSP lets the manifest load and still has no unsafe-inline', () => {
    for (const path of [...PUBLIC, ...NOT_INDEXED]) {
      const policy = loadPage(path).querySelector('meta[http-equiv="content-security-policy"]')!.getAttribute('content')!;
      expect(policy).toContain("manifest-src 'self'");
      expect(policy).not.toContain('unsafe-inline');
    }
  });
});

describe('a build with SITE_URL set', () => {
  const CUSTOM = 'https://www.lonestar-mobile-bar.example';
  let out: string;

  beforeAll(() => {
    out = mkdtempSync(join(tmpdir(), 'seo-build-'));
    const build = spawnSync(process.execPath, [join('node_modules', 'astro', 'bin', 'astro.mjs'), 'build', '--outDir', out], {
      env: { ...process.env, SITE_URL: CUSTOM, URL: 'https://ignored.netlify.app' },
      encoding: 'utf8',
    });
    if (build.status !== 0) throw new Error(`astro build failed:\n${build.stdout}\n${build.stderr}`);
  }, 180_000);
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  test('uses it for the sitemap, robots.txt, canonical links, social cards and structured data', () => {
    const read = (file: string) => readFileSync(join(out, file), 'utf8');
    expect(sitemapLocs(read('sitemap-0.xml')).sort()).toEqual(PUBLIC.map((path) => new URL(path, CUSTOM).href.replace(/\/$/, path === '/' ? '/' : '')).sort());
    expect(read('robots.txt')).toContain(`Sitemap: ${CUSTOM}/sitemap-index.xml`);
    const menu = new DOMParser().parseFromString(read('menu/index.html'), 'text/html');
    expect(menu.querySelector('link[rel="canonical"]')!.getAttribute('href')).toBe(`${CUSTOM}/menu`);
    expect(meta(menu, 'og:image')).toBe(`${CUSTOM}/og/menu.png`);
    expect(nodeOf(menu, 'LocalBusiness')[0]!.url).toBe(`${CUSTOM}/`);
  });
});
