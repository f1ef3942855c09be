// Structured data (schema.org JSON-LD) built from content: no fact here is typed twice.
import type {
  BreadcrumbList,
  DayOfWeek,
  FAQPage,
  Graph,
  LocalBusiness,
  OpeningHoursSpecification,
  Place,
  Thing,
} from 'schema-dts';
import { telHref } from '@shared/phone';
import { canonicalUrl } from './seo-site';

/** The facts of content/settings.json that the structured data needs. */
export interface BusinessFacts {
  brandName: string;
  phone: string;
  email: string;
  state: string;
  primaryAreas: readonly string[];
  businessHours: ReadonlyArray<{ days: string; hours: string }>;
  footer: { blurb: string };
  nav: { links: ReadonlyArray<{ label: string; href: string }>; cta: { label: string; href: string } };
}

/** A group of content/faq.json. */
export interface FaqGroup {
  items: ReadonlyArray<{ question: string; answer: string }>;
}

const WEEK = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/** "Monday - Friday" -> Monday..Friday, "Saturday" -> [Saturday]; throws for anything else. */
export function parseDays(days: string): DayOfWeek[] {
  const names = days.split(/\s*[-–]\s*/).map((name) => name.trim());
  const index = names.map((name) => WEEK.findIndex((day) => day.toLowerCase() === name.toLowerCase()));
  if (names.length > 2 || index.some((i) => i < 0)) {
    throw new Error(`settings.json businessHours: "${days}" is not a weekday or a range like "Monday - Friday"`);
  }
  const [first, last = first] = index as [number, number?];
  if (last! < first) throw new Error(`settings.json businessHours: "${days}" runs backwards`);
  return WEEK.slice(first, last! + 1);
}

/** "9:00 AM" -> "09:00", "6:00 PM" -> "18:00", "12:30 PM" -> "12:30"; null when it is not a clock time. */
export function parseClock(text: string): string | null {
  const match = /^(\d{1,2})(?::(\d{2}))?\s*([AP])\.?M\.?$/i.exec(text.trim());
  if (!match) return null;
  const [, h, m = '00', half] = match as unknown as [string, string, string | undefined, string];
  const hour = Number(h);
  if (hour < 1 || hour > 12 || Number(m) > 59) return null;
  const hour24 = (hour % 12) + (half.toUpperCase() === 'P' ? 12 : 0);
  return `${String(hour24).padStart(2, '0')}:${m}`;
}

/**
 * The opening hours of the business hours in settings.json. A row whose hours are not a time range ("By appointment")
 * has no fixed opening hours and is left out; a row that looks like a range but does not parse fails the build.
 */
export function openingHours(rows: BusinessFacts['businessHours']): OpeningHoursSpecification[] {
  return rows.flatMap((row) => {
    const parts = row.hours.split(/\s*[-–]\s*/);
    if (parts.length !== 2 || !/\d/.test(row.hours)) return [];
    const [opens, closes] = parts.map(parseClock);
    if (!opens || !closes) {
      throw new Error(`settings.json businessHours: "${row.hours}" is not a range like "9:00 AM - 6:00 PM"`);
    }
    return [{ '@type': 'OpeningHoursSpecification', dayOfWeek: parseDays(row.days), opens, closes }];
  });
}

/** Where the business is: the state, plus the primary cities within it. */
function areaServed(facts: BusinessFacts): Place[] {
  const state: Place = { '@type': 'State', name: facts.state };
  return [
    state,
    ...facts.primaryAreas.map((city): Place => ({ '@type': 'City', name: city, containedInPlace: state })),
  ];
}

/** The address of the business node, so other nodes can refer to it. */
export function businessId(site: string): string {
  return `${canonicalUrl('/', site)}#business`;
}

/** The LocalBusiness node shown on every page. `logo` and `image` are site paths ("/icon-512.png"). */
export function localBusiness(facts: BusinessFacts, site: string, assets: { logo: string; image: string }): LocalBusiness {
  return {
    '@type': 'LocalBusiness',
    '@id': businessId(site),
    name: facts.brandName,
    description: facts.footer.blurb,
    url: canonicalUrl('/', site),
    telephone: telHref(facts.phone).slice('tel:'.length),
    email: facts.email,
    logo: new URL(assets.logo, site).href,
    image: new URL(assets.image, site).href,
    areaServed: areaServed(facts),
    openingHoursSpecification: openingHours(facts.businessHours),
  };
}

/** The FAQPage node of /faq: every question of faq.json with its answer, in file order. */
export function faqPage(groups: readonly FaqGroup[], site: string): FAQPage {
  return {
    '@type': 'FAQPage',
    url: canonicalUrl('/faq', site),
    mainEntity: groups.flatMap((group) =>
      group.items.map((item) => ({
        '@type': 'Question' as const,
        name: item.question,
        acceptedAnswer: { '@type': 'Answer' as const, text: item.answer },
      })),
    ),
  };
}

/**
 * Home > page, named by the navigation of settings.json (its links and the call to action). Null for the home page
 * and for pages the navigation does not name (the 404 page, the owner's desk).
 */
export function breadcrumbs(path: string, nav: BusinessFacts['nav'], site: string): BreadcrumbList | null {
  const links = [...nav.links, nav.cta];
  const here = links.find((link) => link.href === path);
  const home = links.find((link) => link.href === '/');
  if (!here || !home || path === '/') return null;
  return {
    '@type': 'BreadcrumbList',
    itemListElement: [home, here].map((link, index) => ({
      '@type': 'ListItem' as const,
      position: index + 1,
      name: link.label,
      item: canonicalUrl(link.href, site),
    })),
  };
}

/** One JSON-LD document holding several nodes. */
export function graph(nodes: ReadonlyArray<Thing | null>): Graph {
  return { '@context': 'https://schema.org', '@graph': nodes.filter((node): node is Thing => node !== null) };
}

/**
 * JSON for a `<script type="application/ld+json">` block: `<`, `>` and `&` become \u escapes (still the same JSON),
 * so no copy can close the element (`</script>`) or open a comment (`<!--`); U+2028/2029 are escaped too.
 */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
