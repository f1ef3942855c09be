// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import deskJson from '@content/desk.json';
import { FOOTER_LINKS, NAV_LINKS, PHONE_HREF, site } from '../fixtures';
import { DIST, builtRoutes, hrefOfLink, loadPage, textOf } from './dist';

/** Every page the header and footer link to, and the not-found page. */
const SITE_ROUTES = [...new Set([...NAV_LINKS, ...FOOTER_LINKS].map(([, href]) => href)), '/404'];
/** The owner's desk has a shell of its own (src/layouts/DeskLayout.astro), checked below. */
const DESK_ROUTE = '/admin';
const ROUTES = [...new Set([...SITE_ROUTES, ...builtRoutes()])].filter((route) => route !== DESK_ROUTE).sort();
const DESK = deskJson.desk;

/** Pages that pass `renovationNotice={false}` to BaseLayout: the client's cancel page. */
const WITHOUT_NOTICE = ['/cancel'];

const mainNav = (doc: Document) => doc.querySelector('header nav[aria-label="Main"]');

describe('build output', () => {
  test.each(SITE_ROUTES)('has a page for %s', (route) => {
    expect(() => loadPage(route)).not.toThrow();
  });
});

describe.each(ROUTES)('shared shell on %s', (route) => {
  test('is an English page with a title, a description and one h1', () => {
    const doc = loadPage(route);
    expect(doc.documentElement.lang).toBe('en');
    expect(doc.title).toContain(site.brandName);
    expect(doc.querySelector('meta[name="description"]')?.getAttribute('content')).toBeTruthy();
    expect(doc.querySelectorAll('h1')).toHaveLength(1);
    expect(doc.querySelector('main#main')).not.toBeNull();
  });

  test('header shows the brand, every navigation link and the call-to-action button', () => {
    const doc = loadPage(route);
    const header = doc.querySelector('header')!;
    expect(textOf(header.querySelector('a[href="/"]'))).toContain(site.brandName);
    const nav = mainNav(doc)!;
    expect(nav).not.toBeNull();
    // Scoped to the link panel: the toggle (a link before hydration) has a label of its own that may match a link's.
    const panel = nav.querySelector('#site-nav-panel')!;
    for (const [label, href] of NAV_LINKS) expect(hrefOfLink(panel, label), label).toBe(href);
  });

  test('marks exactly the active link with aria-current', () => {
    const doc = loadPage(route);
    const current = [...mainNav(doc)!.querySelectorAll('a[aria-current="page"]')].map((a) => a.getAttribute('href'));
    const expected = route === '/' ? ['/'] : NAV_LINKS.map(([, href]) => href).filter((href) => href !== '/' && route.startsWith(href));
    expect(current).toEqual(expected);
  });

  test('without JavaScript the menu toggle is a link to the panel holding the links', () => {
    const doc = loadPage(route);
    const nav = mainNav(doc)!;
    const toggle = nav.querySelector('a.nav-toggle');
    expect(toggle?.getAttribute('href')).toBe('#site-nav-panel');
    const panel = doc.getElementById('site-nav-panel');
    expect(panel?.closest('nav')).toBe(nav);
    expect(panel!.querySelectorAll('a[href^="/"]')).toHaveLength(NAV_LINKS.length);
    expect(nav.querySelector('button')).toBeNull();
  });

  test('footer holds the blurb, quick links, contact block, service line and copyright of the settings', () => {
    const doc = loadPage(route);
    const footer = doc.querySelector('footer')!;
    const text = textOf(footer);
    expect(text).toContain(site.footer.blurb);
    const quick = footer.querySelector('nav')!;
    expect([...quick.querySelectorAll('a')].map((a) => [textOf(a), a.getAttribute('href')])).toEqual(FOOTER_LINKS);
    expect(hrefOfLink(footer, site.phone)).toBe(PHONE_HREF);
    expect(hrefOfLink(footer, site.email)).toBe(`mailto:${site.email}`);
    expect(text).toContain(site.footer.serviceLine);
    expect(text).toContain(site.footer.copyright);
  });

  test('the social icons are named after the settings but lead nowhere', () => {
    const doc = loadPage(route);
    const icons = [...doc.querySelectorAll('footer [aria-disabled="true"]')];
    expect(icons.map((icon) => icon.getAttribute('aria-label'))).toEqual(site.social.links.map((link) => link.label));
    for (const icon of icons) expect(icon.hasAttribute('href')).toBe(false);
  });

  test('carries the renovation notice (from the settings), hydrated only after load when the browser is idle', () => {
    const doc = loadPage(route);
    const island = doc.querySelector('astro-island[component-url*="RenovationNotice"]');
    if (!site.renovationNotice.enabled || WITHOUT_NOTICE.includes(route)) {
      expect(island).toBeNull();
      return;
    }
    // client:idle-media="all": after the load event and idle (plain client:idle can fire before load on a slow phone).
    expect(island?.getAttribute('client')).toBe('idle-media');
    expect(island?.getAttribute('opts')).toContain('"value":"all"');
    expect(island?.getAttribute('props')).toContain(site.renovationNotice.message);
    expect(island?.querySelector('dialog')?.hasAttribute('open')).toBe(false);
    expect(textOf(island)).toContain(site.renovationNotice.confirmLabel);
  });

  test('loads nothing from another origin', () => {
    const doc = loadPage(route);
    const urls = [
      ...[...doc.querySelectorAll('img[src], script[src]')].map((el) => el.getAttribute('src')!),
      ...[...doc.querySelectorAll('link[rel="stylesheet"], link[rel="preload"], link[rel="icon"], link[rel="modulepreload"]')].map(
        (el) => el.getAttribute('href')!,
      ),
      ...[...doc.querySelectorAll('astro-island')].flatMap((el) => [el.getAttribute('component-url')!, el.getAttribute('renderer-url')!]),
    ];
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) expect(url, url).toMatch(/^\/(?!\/)/);
    const css = [...doc.querySelectorAll('style')].map((s) => s.textContent).join('\n');
    expect(css).not.toMatch(/url\((["']?)(https?:)?\/\//);
  });

  test('every image has alt text and explicit dimensions', () => {
    const doc = loadPage(route);
    for (const img of doc.querySelectorAll('img')) {
      expect(img.getAttribute('alt'), img.outerHTML).toBeTruthy();
      expect(Number(img.getAttribute('width')), img.outerHTML).toBeGreaterThan(0);
      expect(Number(img.getAttribute('height')), img.outerHTML).toBeGreaterThan(0);
    }
  });
});

describe.each(['/', '/about', '/services', '/menu', '/404'])('JavaScript on %s', (route) => {
  test('no island hydrates before the browser is idle and no script is fetched up front', () => {
    const doc = loadPage(route);
    for (const island of doc.querySelectorAll('astro-island')) {
      // `visible`: the bar planner below the packages on /services, fetched only once scrolled into view.
      expect(['idle', 'idle-media', 'visible']).toContain(island.getAttribute('client'));
    }
    expect(doc.querySelectorAll('script[src], link[rel="modulepreload"]')).toHaveLength(0);
  });
});

describe("the owner's desk shell (/admin)", () => {
  test('is an English page titled with the brand, with one h1 (the desk) beside the business name, and main#main', () => {
    const doc = loadPage(DESK_ROUTE);
    expect(doc.documentElement.lang).toBe('en');
    expect(doc.title).toBe(`${DESK.title} | ${site.brandName}`);
    expect(doc.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(DESK.description);
    expect([...doc.querySelectorAll('h1')].map(textOf)).toEqual([DESK.heading]);
    expect(textOf(doc.querySelector('header'))).toContain(site.brandName);
    expect(doc.querySelector('main#main astro-island[component-url*="OwnerDesk"]')).not.toBeNull();
  });

  test('leads back to the site and has no public header, footer, navigation or renovation notice', () => {
    const doc = loadPage(DESK_ROUTE);
    expect(hrefOfLink(doc.querySelector('header')!, DESK.backToSite)).toBe('/');
    expect(mainNav(doc)).toBeNull();
    expect(doc.querySelector('footer')).toBeNull();
    expect(doc.querySelector('astro-island[component-url*="RenovationNotice"]')).toBeNull();
    expect(textOf(doc.body)).not.toContain(site.footer.blurb);
  });

  test('is noindex, keeps the noscript message and links only its own manifest, scoped to /admin', () => {
    const doc = loadPage(DESK_ROUTE);
    expect(doc.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
    expect(doc.querySelector('link[rel="canonical"]')).toBeNull();
    expect(doc.querySelector('noscript')?.textContent).toContain(DESK.noscript);
    expect([...doc.querySelectorAll('link[rel="manifest"]')].map((link) => link.getAttribute('href'))).toEqual(['/admin.webmanifest']);
    const manifest = JSON.parse(readFileSync(join(DIST, 'admin.webmanifest'), 'utf8')) as Record<string, unknown>;
    expect(manifest).toMatchObject({
      name: `${site.brandName} Desk`,
      start_url: '/admin',
      scope: '/admin',
      display: 'standalone',
      icons: [expect.objectContaining({ src: '/icon-192.png' }), expect.objectContaining({ src: '/icon-512.png' })],
    });
    const policy = doc.querySelector('meta[http-equiv="content-security-policy"]')!.getAttribute('content')!;
    expect(policy).toContain("manifest-src 'self'");
    expect(policy).not.toContain('unsafe-inline');
  });

  test('no public page links the desk or its manifest', () => {
    for (const route of ROUTES) {
      const doc = loadPage(route);
      expect(doc.querySelector('a[href^="/admin"], link[href^="/admin"]'), route).toBeNull();
    }
  });
});
