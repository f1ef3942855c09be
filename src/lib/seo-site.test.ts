import { describe, expect, test } from 'vitest';
import { LOCAL_SITE_URL, canonicalUrl, isIndexablePath, siteUrlFromEnv } from './seo-site';

describe('siteUrlFromEnv', () => {
  test.each([
    [{}, `${LOCAL_SITE_URL}/`],
    [{ URL: 'https://lonestar.netlify.app' }, 'https://lonestar.netlify.app/'],
    [{ URL: 'https://lonestar.netlify.app', SITE_URL: 'https://www.lonestarmobilebar.com/' }, 'https://www.lonestarmobilebar.com/'],
    [{ SITE_URL: '  https://bar.example  ' }, 'https://bar.example/'],
    [{ SITE_URL: '', URL: 'https://lonestar.netlify.app' }, 'https://lonestar.netlify.app/'],
    [{ SITE_URL: 'https://bar.example/some/path?x=1' }, 'https://bar.example/'],
  ])('%o -> %s', (env, expected) => {
    expect(siteUrlFromEnv(env)).toBe(expected);
  });

  test.each([['bar.example'], ['ftp://bar.example'], ['javascript:alert(1)']])('refuses SITE_URL=%s with a clear message', (value) => {
    expect(() => siteUrlFromEnv({ SITE_URL: value })).toThrow(/SITE_URL must/);
  });
});

describe('isIndexablePath', () => {
  test.each([
    ['/', true],
    ['/about', true],
    ['/about/', true],
    ['/availability/', true],
    ['/admin', false],
    ['/admin/', false],
    ['/admin/bookings', false],
    ['/cancel', false],
    ['/cancel/abc', false],
    ['/404', false],
    ['/404/', false],
    ['/500', false],
    ['/og/home.png', false],
    ['/robots.txt', false],
    ['/administration-of-cocktails', true],
  ])('%s -> %s', (path, expected) => {
    expect(isIndexablePath(path)).toBe(expected);
  });
});

describe('canonicalUrl', () => {
  test.each([
    ['/', 'https://bar.example/'],
    ['/about', 'https://bar.example/about'],
    ['/about/', 'https://bar.example/about'],
  ])('%s -> %s', (path, expected) => {
    expect(canonicalUrl(path, 'https://bar.example/')).toBe(expected);
  });
});
