import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import availability from '../../netlify/functions/availability';
import bookings from '../../netlify/functions/bookings';
import contact from '../../netlify/functions/contact';
import estimate from '../../netlify/functions/estimate';
import reschedule from '../../netlify/functions/reschedule';
import type { Handler } from '../../netlify/lib/http/endpoint';
import { DIST, builtRoutes, htmlFileOf } from '../build/dist';
import { call, databases, get, postJson, useDatabase } from '../api/support';
import { staticHeaderRules, staticHeadersFor as staticHeadersForRules, type HeaderRule } from '../../scripts/lib/shared-harness/site-server';
import { clock } from '../fixtures';
import { grade, metaPolicies, parsePolicy } from './observatory';

const SITE = 'https://lonestar-mobile-bar.netlify.app';

/** Browser features the site never uses: each must be switched off (an empty allow list) wherever it is sent. */
const FEATURES_OFF = ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'serial', 'hid', 'midi', 'display-capture',
  'accelerometer', 'gyroscope', 'magnetometer', 'browsing-topics', 'publickey-credentials-get', 'xr-spatial-tracking'];

let rules: HeaderRule[] = [];

beforeAll(async () => {
  rules = await staticHeaderRules(DIST);
});

/** The headers Netlify sends for the static file at `path` (the browser suite's server sends the same). */
const staticHeadersFor = (path: string) => staticHeadersForRules(rules, path);

function permissions(value: string | undefined): Map<string, string> {
  return new Map(
    (value ?? '').split(',').map((entry) => {
      const [feature, allow] = entry.trim().split('=');
      return [feature!, allow ?? ''];
    }),
  );
}

/** The checks every response of the site must pass, static or from a function. */
function expectCommonHeaders(headers: Record<string, string>): void {
  const hsts = headers['strict-transport-security'] ?? '';
  expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(31_536_000);
  expect(hsts).toMatch(/;\s*includeSubDomains/i);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(['strict-origin-when-cross-origin', 'strict-origin', 'same-origin', 'no-referrer']).toContain(headers['referrer-policy']);
  expect(headers['cross-origin-resource-policy']).toBe('same-origin');
  const features = permissions(headers['permissions-policy']);
  for (const feature of FEATURES_OFF) expect(features.get(feature), `Permissions-Policy ${feature}`).toBe('()');
  expect([...features.values()].every((allow) => allow === '()')).toBe(true);
  const csp = parsePolicy(headers['content-security-policy'] ?? '');
  expect([...(csp.get('frame-ancestors') ?? [])]).toEqual(["'none'"]);
  for (const sources of csp.values()) {
    expect([...sources]).not.toContain("'unsafe-inline'");
    expect([...sources]).not.toContain("'unsafe-eval'");
  }
}

describe('static files: netlify.toml [[headers]]', () => {
  test('set each header name in one rule only (Netlify joins repeated names with commas)', () => {
    const names = rules.flatMap((rule) => Object.keys(rule.values).map((name) => name.toLowerCase()));
    expect(new Set(names).size).toBe(names.length);
  });

  test.each(['/', '/about', '/about/', '/contact', '/availability', '/no-such-page', '/_astro/client.js', '/favicon.svg', '/_astro/fonts/x.woff2'])(
    '%s gets every security header',
    (path) => {
      const headers = staticHeadersFor(path);
      expectCommonHeaders(headers);
      expect(headers['x-frame-options']).toBe('DENY');
      expect(headers['cross-origin-opener-policy']).toBe('same-origin');
    },
  );

  test("the header policy adds frame-ancestors and never names script, style or default sources (those would intersect away the pages' hashes)", () => {
    const csp = parsePolicy(staticHeadersFor('/')['content-security-policy']!);
    expect(Object.fromEntries([...csp].map(([name, sources]) => [name, [...sources]]))).toEqual({
      'frame-ancestors': ["'none'"],
      'object-src': ["'none'"],
      'base-uri': ["'none'"],
      'form-action': ["'self'"],
    });
  });
});

describe('pages: the Content-Security-Policy <meta> of every built page', () => {
  const routes = builtRoutes();

  test('the site is built', () => {
    expect(existsSync(DIST), `no build in ${DIST}: run npm run build (npm test builds first)`).toBe(true);
    expect(routes).toEqual(expect.arrayContaining(['/', '/404', '/about', '/availability', '/contact', '/faq', '/menu', '/services']));
  });

  // A JSON-LD block (<script type="application/ld+json">) is data the browser never runs: no policy governs it.
  const DATA_BLOCKS = /<script\b[^>]*\btype\s*=\s*["']?application\/ld\+json["']?[^>]*>[\s\S]*?<\/script>/gi;
  const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

  test.each(routes)('%s: one policy, before any script, hashing every inline script and style it governs', (route) => {
    // JSON-LD blocks are data that no browser runs, so no script policy governs them (the browser suite proves it
    // under the real headers); every other script is checked below.
    const page = readFileSync(htmlFileOf(route), 'utf8');
    const dataBlocks = /<script type="application\/ld\+json">[\s\S]*?<\/script>/gi;
    // Every public page carries one; the owner's desk (noindex, its own layout) none.
    expect(page.match(dataBlocks) ?? []).toHaveLength(route === '/admin' ? 0 : 1);
    const html = page.replace(dataBlocks, '');
    const policies = metaPolicies(html);
    expect(policies).toHaveLength(1);
    const policy = parsePolicy(policies[0]!);
    const metaAt = html.search(/<meta\b[^>]*http-equiv="content-security-policy"/i);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(metaAt).toBeGreaterThan(-1);
    expect(head.slice(0, metaAt).replace(DATA_BLOCKS, '')).not.toMatch(/<script\b/i);

    expect([...policy.get('default-src')!]).toEqual(["'none'"]);
    for (const name of ['img-src', 'font-src', 'connect-src', 'form-action']) expect([...policy.get(name)!]).toEqual(["'self'"]);
    expect([...policy.get('base-uri')!]).toEqual(["'none'"]);
    expect([...policy.get('object-src')!]).toEqual(["'none'"]);
    const scriptSources = [...policy.get('script-src')!];
    const styleSources = [...policy.get('style-src')!];
    for (const sources of [scriptSources, styleSources]) {
      expect(sources[0]).toBe("'self'");
      expect(sources.slice(1).every((source) => /^'sha256-[A-Za-z0-9+/]+=*'$/.test(source))).toBe(true);
    }

    const inlineScripts = [...html.replace(DATA_BLOCKS, '').matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map((m) => m[1]!);
    expect(inlineScripts.length).toBeGreaterThan(0);
    for (const script of inlineScripts) expect(scriptSources, `inline script not hashed: ${script.slice(0, 80)}`).toContain(sha256(script));
    // A <meta> policy governs what comes after it: the @font-face styles Astro writes before it need no hash.
    const governedStyles = [...html.slice(metaAt).matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map((m) => m[1]!);
    for (const style of governedStyles) expect(styleSources, `inline style not hashed: ${style.slice(0, 80)}`).toContain(sha256(style));

    // What a hash cannot allow: inline event handlers, style attributes and javascript: URLs would be blocked.
    const tags = [...html.matchAll(/<[a-z][^>]*>/gi)].map((m) => m[0]);
    expect(tags.filter((tag) => /\son[a-z]+\s*=/i.test(tag))).toEqual([]);
    expect(tags.filter((tag) => /\sstyle\s*=/i.test(tag))).toEqual([]);
    expect(tags.filter((tag) => /(?:href|src|action)\s*=\s*["']?\s*javascript:/i.test(tag))).toEqual([]);
    // Everything is same-origin: no script, style, font, image or frame from elsewhere (the canonical link is no fetch).
    const loads = tags.filter((tag) => /^<(?:script|img|link|source|iframe|video|audio|object|embed)\b/i.test(tag) && !/rel\s*=\s*"?canonical/i.test(tag));
    expect(loads.filter((tag) => /(?:src|href|srcset)\s*=\s*["']?(?:[a-z]+:)?\/\//i.test(tag))).toEqual([]);
  });
});

const functionRequests: Array<[string, Handler, () => Request]> = [
  ['POST /api/contact (400)', contact, () => postJson('/api/contact', '{"firstName":')],
  ['GET /api/contact (405)', contact, () => get('/api/contact')],
  ['POST /api/bookings (415)', bookings, () => postJson('/api/bookings', 'date=x', { 'content-type': 'application/x-www-form-urlencoded' })],
  ['POST /api/estimate (200)', estimate, () => postJson('/api/estimate', { packageId: 'private', serviceLevel: 'byob', guests: 40, hours: 4, zip: '78701' })],
  ['POST /api/estimate (400)', estimate, () => postJson('/api/estimate', { packageId: 'private', serviceLevel: 'byob', guests: 40, hours: 4, zip: '74101' })],
  ['GET /api/availability (200)', availability, () => get(`/api/availability/${clock.day(3)}`)],
  ['GET /api/availability (400)', availability, () => get('/api/availability/someday')],
  ['POST /api/bookings/reschedule (404)', reschedule, () => postJson('/api/bookings/reschedule', { token: 'B'.repeat(43), date: clock.day(3), timeSlot: 'evening' })],
  ['GET /api/bookings/reschedule (405)', reschedule, () => get('/api/bookings/reschedule')],
];

describe.each(databases.slice(0, 1))('function answers: the reply helper on $name', (database) => {
  useDatabase(database);

  test.each(functionRequests)('%s carries every security header', async (_label, handler, request) => {
    const response = await call(handler, request());
    const headers = Object.fromEntries(response.headers.entries());
    expectCommonHeaders(headers);
    expect(parsePolicy(headers['content-security-policy']!).get('default-src')).toEqual(new Set(["'none'"]));
    expect(headers['cache-control']).toBe('no-store');
    // The same list of switched-off features as the static files, so the two places cannot drift apart.
    expect(headers['permissions-policy']).toBe(staticHeadersFor('/')['permissions-policy']);
  });
});

describe('MDN HTTP Observatory rules', () => {
  test.each(builtRoutes())('page %s grades A+ with the headers Netlify sends for it', (route) => {
    const path = route === '/404' ? '/no-such-page' : route;
    const result = grade({ url: `${SITE}${path}`, headers: staticHeadersFor(path), html: readFileSync(htmlFileOf(route), 'utf8') });
    expect(result.tests['content-security-policy']!.result).toBe('csp-implemented-with-no-unsafe-default-src-none');
    expect(result.tests['x-frame-options']!.result).toBe('x-frame-options-implemented-via-csp');
    expect(Object.values(result.tests).filter((t) => t.modifier < 0)).toEqual([]);
    expect(result).toMatchObject({ grade: 'A+', score: 130 });
  });

  test('a function answer grades A+', async () => {
    const response = await contact(get('/api/contact'), {});
    const result = grade({ url: `${SITE}/api/contact`, headers: Object.fromEntries(response.headers.entries()) });
    expect(Object.values(result.tests).filter((t) => t.modifier < 0)).toEqual([]);
    expect(result).toMatchObject({ grade: 'A+', score: 130 });
  });

  test.each([
    ['no headers at all', 'D', {}, undefined],
    ['a header policy allowing inline scripts', 'B+', { ...baseline(), 'content-security-policy': "default-src 'none'; script-src 'self' 'unsafe-inline'; frame-ancestors 'none'" }, undefined],
    ['no HSTS and no nosniff', 'B', { ...baseline(), 'strict-transport-security': '', 'x-content-type-options': '' }, undefined],
    ['neither the header nor the meta policy restricting scripts', 'B+', { ...baseline(), 'content-security-policy': "frame-ancestors 'none'" }, "img-src 'self'"],
    ["this site's split: frame-ancestors in the header, hashed scripts in the meta policy", 'A+', { ...baseline(), 'content-security-policy': "frame-ancestors 'none'" }, "default-src 'none'; script-src 'self' 'sha256-AAAA'"],
  ] as const)('the grader is not a rubber stamp: %s grades %s', (_label, expected, headers, meta) => {
    const html = meta === undefined ? undefined : `<html><head><meta http-equiv="content-security-policy" content="${meta}"></head></html>`;
    const clean = Object.fromEntries(Object.entries(headers).filter(([, value]) => value !== ''));
    expect(grade({ url: `${SITE}/`, headers: clean, html }).grade).toBe(expected);
  });
});

function baseline(): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'strict-transport-security': 'max-age=63072000; includeSubDomains',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cross-origin-resource-policy': 'same-origin',
  };
}
