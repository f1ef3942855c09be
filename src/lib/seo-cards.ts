// Build time only: which social card each public page gets, from the page copy and its own illustration.
import type { ImageMetadata } from 'astro';
import { getList, getPageCopy, getSettings } from './site-content';
import { isIndexablePath } from './seo-site';

/** One page's social card: where it lives, what it says and which of our SVG illustrations it shows. */
export interface SocialCard {
  /** Page path, e.g. "/menu". */
  path: string;
  /** File name in /og/ without ".png" ("home" for "/"). */
  slug: string;
  heading: string;
  /** og:image:alt: the card's words and what its illustration shows. */
  alt: string;
  /** The SVG file's contents. */
  svg: string;
}

const SVGS = import.meta.glob<string>('../assets/**/*.svg', { query: '?raw', import: 'default', eager: true });

/** The raw SVG of an imported illustration, found by its file name (Astro's URL keeps the name before the hash). */
function svgOf(image: ImageMetadata): string {
  const name = image.src.split('/').pop()!.split(/[.?]/)[0];
  const key = Object.keys(SVGS).find((path) => path.endsWith(`/${name}.svg`));
  if (!key) throw new Error(`No SVG in src/assets named ${name}.svg for the social card`);
  return SVGS[key]!;
}

/** The address of a page's social card ("/" -> "/og/home.png"). */
export function socialCardPath(path: string): string {
  return `/og/${path === '/' ? 'home' : path.replace(/^\/+|\/+$/g, '').replace(/\//g, '-')}.png`;
}

/** The social card of every public page, in navigation order. */
export async function socialCards(): Promise<SocialCard[]> {
  const settings = await getSettings();
  const [home, about, services, menu, faq, contact, availability] = await Promise.all([
    getPageCopy('home'),
    getPageCopy('about'),
    getPageCopy('services'),
    getPageCopy('menu'),
    getPageCopy('faq'),
    getPageCopy('contact'),
    getPageCopy('availability'),
  ]);
  const [cocktails, packages] = await Promise.all([getList('cocktails'), getList('packages')]);
  const [firstCocktail, secondCocktail] = cocktails;
  const [firstPackage, , lastPackage] = packages;
  const hero = SVGS['../assets/hero-trailer-bar.svg']!;
  const landscape = SVGS['../assets/contact-landscape.svg']!;
  const pages = [
    { path: '/', heading: home.heading, svg: hero, imageAlt: home.heroImageAlt },
    { path: '/about', heading: about.heading, svg: hero, imageAlt: home.heroImageAlt },
    { path: '/services', heading: services.heading, svg: svgOf(firstPackage!.image), imageAlt: firstPackage!.imageAlt },
    { path: '/menu', heading: menu.heading, svg: svgOf(firstCocktail!.image), imageAlt: firstCocktail!.imageAlt },
    { path: '/faq', heading: faq.heading, svg: svgOf(secondCocktail!.image), imageAlt: secondCocktail!.imageAlt },
    { path: '/contact', heading: contact.heading, svg: landscape, imageAlt: contact.imageAlt },
    { path: '/availability', heading: availability.heading, svg: svgOf(lastPackage!.image), imageAlt: lastPackage!.imageAlt },
  ];
  return pages.filter((page) => isIndexablePath(page.path)).map((page) => ({
    path: page.path,
    slug: socialCardPath(page.path).slice('/og/'.length, -'.png'.length),
    heading: page.heading,
    alt: `${settings.brandName}: ${page.heading}. ${page.imageAlt}`,
    svg: page.svg,
  }));
}

/** The card of a page; pages without their own (404, noindex pages) share the home page's. */
export async function socialCardFor(path: string): Promise<SocialCard> {
  const cards = await socialCards();
  return cards.find((card) => card.path === path) ?? cards[0]!;
}
