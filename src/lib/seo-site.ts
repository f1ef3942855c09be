// Imported by astro.config.mjs (the site address and the sitemap filter) and by the layout: no astro:* imports here.

/** The address used when neither SITE_URL nor Netlify's URL is set: the local site of `npm start`. */
export const LOCAL_SITE_URL = 'http://localhost:8888';

/**
 * Paths that must never be indexed nor listed in the sitemap: the owner's desk, the cancel page and the 404 page.
 * BaseLayout gives their pages `noindex` from this list; robots.txt disallows the first two and the API.
 */
export const NOINDEX_PATHS = ['/admin', '/cancel', '/404'] as const;

/** Paths robots.txt keeps crawlers out of (the 404 page is never linked, and a crawler must see its status). */
export const DISALLOWED_PATHS = ['/admin', '/cancel', '/api/'] as const;

/**
 * The site's public address at build time: `SITE_URL` when set (any host), else `URL`, which Netlify sets to the
 * site's main address on every build, else the local default. Returns the origin with a trailing slash and fails the
 * build for anything that is not an absolute http(s) address.
 */
export function siteUrlFromEnv(env: Record<string, string | undefined>): string {
  const [name, raw] = env.SITE_URL?.trim()
    ? ['SITE_URL', env.SITE_URL.trim()]
    : env.URL?.trim()
      ? ['URL', env.URL.trim()]
      : ['default', LOCAL_SITE_URL];
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${name} must be an absolute address such as https://example.com, got "${raw}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`${name} must start with https:// or http://, got "${raw}"`);
  }
  return `${url.origin}/`;
}

/** Whether a page path may be indexed and listed in the sitemap: not a noindex path (or below one), not a file. */
export function isIndexablePath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (NOINDEX_PATHS.some((blocked) => path === blocked || path.startsWith(`${blocked}/`))) return false;
  if (path === '/500') return false;
  return !/\.[a-z0-9]+$/i.test(path);
}

/** The one spelling of a page's address: absolute, no trailing slash except the home page ("/about", not "/about/"). */
export function canonicalUrl(path: string, site: string | URL): string {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return new URL(trimmed, site).href;
}
