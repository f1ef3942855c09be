// @vitest-environment jsdom
import { describe, expect, test } from 'vitest';
import { builtRoutes, content, hrefOfLink, loadPage, textOf } from './dist';

interface Settings {
  site: {
    brandName: string;
    phone: string;
    email: string;
    footer: { blurb: string };
    renovationNotice: { enabled: boolean; message: string; confirmLabel: string };
  };
}
const { site } = content<Settings>('settings');

const NAV = [
  ['Home', '/'],
  ['About', '/about'],
  ['Services', '/services'],
  ['Menu', '/menu'],
  ['FAQ', '/faq'],
  ['Availability', '/availability'],
] as const;

/** The pages this engineer builds; the contact and availability pages join the shell checks once they exist. */
const SITE_ROUTES = ['/', '/about', '/services', '/menu', '/faq', '/404'];
const ROUTES = [...new Set([...SITE_ROUTES, ...builtRoutes()])].sort();

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

  test('header shows the brand, every navigation link and the Contact button', () => {
    const doc = loadPage(route);
    const header = doc.querySelector('header')!;
    expect(textOf(header.querySelector('a[href="/"]'))).toContain(site.brandName);
    const nav = mainNav(doc)!;
    expect(nav).not.toBeNull();
    // Scoped to the link panel: the toggle (a link before hydration) is also labelled "Menu".
    const panel = nav.querySelector('#site-nav-panel')!;
    for (const [label, href] of NAV) expect(hrefOfLink(panel, label), label).toBe(href);
    expect(hrefOfLink(panel, 'Contact')).toBe('/contact');
  });

  test('marks exactly the active link with aria-current', () => {
    const doc = loadPage(route);
    const current = [...mainNav(doc)!.querySelectorAll('a[aria-current="page"]')].map((a) => a.getAttribute('href'));
    const expected = route === '/' ? ['/'] : [...NAV.map(([, href]) => href), '/contact'].filter((href) => href !== '/' && route.startsWith(href));
    expect(current).toEqual(expected);
  });

  test('without JavaScript the menu toggle is a link to the panel holding the links', () => {
    const doc = loadPage(route);
    const nav = mainNav(doc)!;
    const toggle = nav.querySelector('a.nav-toggle');
    expect(toggle?.getAttribute('href')).toBe('#site-nav-panel');
    const panel = doc.getElementById('site-nav-panel');
    expect(panel?.closest('nav')).toBe(nav);
    expect(panel!.querySelectorAll('a[href^="/"]')).toHaveLength(NAV.length + 1);
    expect(nav.querySelector('button')).toBeNull();
  });

  test('footer holds the blurb, quick links, contact block, social icons and the 2024 copyright', () => {
    const doc = loadPage(route);
    const footer = doc.querySelector('footer')!;
    const text = textOf(footer);
    expect(text).toContain(site.footer.blurb);
    const quick = footer.querySelector('nav')!;
    expect([...quick.querySelectorAll('a')].map((a) => [textOf(a), a.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['About', '/about'],
      ['Services', '/services'],
    ]);
    expect(hrefOfLink(footer, site.phone)).toBe(`tel:+1${site.phone.replace(/\D/g, '')}`);
    expect(hrefOfLink(footer, site.email)).toBe(`mailto:${site.email}`);
    expect(text).toContain('Serving All of Texas');
    expect(text).toMatch(/©\s*2024/);
  });

  test('the three social icons are named but lead nowhere', () => {
    const doc = loadPage(route);
    const icons = [...doc.querySelectorAll('footer [aria-disabled="true"]')];
    expect(icons).toHaveLength(3);
    for (const icon of icons) {
      expect(icon.getAttribute('aria-label')).toBeTruthy();
      expect(icon.hasAttribute('href')).toBe(false);
    }
  });

  test('carries the renovation notice (from the settings), hydrated only after load when the browser is idle', () => {
    const doc = loadPage(route);
    const island = doc.querySelector('astro-island[component-url*="RenovationNotice"]');
    if (!site.renovationNotice.enabled) {
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
      expect(['idle', 'idle-media']).toContain(island.getAttribute('client'));
    }
    expect(doc.querySelectorAll('script[src], link[rel="modulepreload"]')).toHaveLength(0);
  });
});
