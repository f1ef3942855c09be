import { NAV_LINKS, forms, pages, site } from '../../fixtures';

/** The site settings (phone, e-mail, renovation notice...) from content: the suite checks the pages show them. */
export const settings = site;

/** A screen of the site: the pages of src/pages, with their copy from src/content. */
export interface RouteSpec {
  path: string;
  /** Main heading (h1). */
  heading: string;
  /** Accessible name of the navigation link marked as current, or null when none is. */
  activeLink: string | null;
  status: number;
}

/** The label of the header link to `path` (see isActiveLink in src/lib/nav.ts for which one is current). */
function navLabel(path: string): string {
  const link = NAV_LINKS.find(([, href]) => href === path);
  if (!link) throw new Error(`content/settings.json has no navigation link to ${path}`);
  return link[0];
}

/** Every route of the site; the last is an unknown path, which must get the not-found page. */
export const ROUTES: readonly RouteSpec[] = [
  { path: '/', heading: pages.home.heading, activeLink: navLabel('/'), status: 200 },
  { path: '/about', heading: pages.about.heading, activeLink: navLabel('/about'), status: 200 },
  { path: '/services', heading: pages.services.heading, activeLink: navLabel('/services'), status: 200 },
  { path: '/menu', heading: pages.menu.heading, activeLink: navLabel('/menu'), status: 200 },
  { path: '/faq', heading: pages.faq.heading, activeLink: navLabel('/faq'), status: 200 },
  { path: '/contact', heading: forms.contact.heading, activeLink: navLabel('/contact'), status: 200 },
  { path: '/availability', heading: forms.availability.heading, activeLink: navLabel('/availability'), status: 200 },
  { path: '/this-trail-goes-nowhere', heading: pages.notFound.heading, activeLink: null, status: 404 },
];

/** Accessible names and targets of the header navigation, in order (the last is the call-to-action button). */
export { NAV_LINKS };
