import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

interface Settings {
  site: {
    phone: string;
    email: string;
    brandName: string;
    renovationNotice: { title: string; message: string; confirmLabel: string; closeLabel: string; delayMs: number };
  };
}

/** The site settings data file (phone, e-mail...): the e2e suite checks the pages show what it says. */
export const settings = (JSON.parse(readFileSync(resolve(ROOT, 'src/content/settings.json'), 'utf8')) as Settings).site;

/** A screen of the site as the spec (§2) lists it. */
export interface RouteSpec {
  path: string;
  /** Main heading (h1). */
  heading: string | RegExp;
  /** Accessible name of the navigation link marked as current, or null when none is. */
  activeLink: string | null;
  status: number;
}

/** Every route of the spec; the last is an unknown path, which must get the not-found page. */
export const ROUTES: readonly RouteSpec[] = [
  { path: '/', heading: /\S/, activeLink: 'Home', status: 200 },
  { path: '/about', heading: 'Our Story', activeLink: 'About', status: 200 },
  { path: '/services', heading: /Services/, activeLink: 'Services', status: 200 },
  { path: '/menu', heading: 'Signature Cocktails', activeLink: 'Menu', status: 200 },
  { path: '/faq', heading: /Frequently Asked Questions|FAQ/, activeLink: 'FAQ', status: 200 },
  { path: '/contact', heading: 'Get In Touch', activeLink: 'Contact', status: 200 },
  { path: '/availability', heading: 'Check Availability', activeLink: 'Availability', status: 200 },
  { path: '/this-trail-goes-nowhere', heading: '404 Page Not Found', activeLink: null, status: 404 },
];

/** Accessible names of the header navigation, in order (the last is the Contact button). */
export const NAV_LINKS = [
  ['Home', '/'],
  ['About', '/about'],
  ['Services', '/services'],
  ['Menu', '/menu'],
  ['FAQ', '/faq'],
  ['Availability', '/availability'],
  ['Contact', '/contact'],
] as const;

/** A date `days` from today in UTC, as YYYY-MM-DD (the booking rules compare dates in UTC). */
export function utcDate(days = 0): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
