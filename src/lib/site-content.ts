// Build time only: reads Astro content collections, so import it from .astro files, never from islands.
import { getCollection, getEntry, type CollectionEntry } from 'astro:content';

/** Site-wide settings (brand, contact details, hours, navigation, footer, renovation notice). */
export type SiteSettings = CollectionEntry<'settings'>['data'];

// The contact and availability pages keep their copy with their forms' copy (content/forms.json).
type AnyPageCopy = CollectionEntry<'pages'>['data'] | CollectionEntry<'forms'>['data'];

/** The copy of one page, narrowed by its `page` key. */
export type PageCopy<K extends AnyPageCopy['page']> = Extract<AnyPageCopy, { page: K }>;

/** Loads the single site settings entry, failing the build when it is missing. */
export async function getSettings(): Promise<SiteSettings> {
  const entry = await getEntry('settings', 'site');
  if (!entry) throw new Error('content/settings.json must define a "site" entry');
  return entry.data;
}

/** Loads the copy of one page, failing the build when it is missing or has another shape. */
export async function getPageCopy<K extends AnyPageCopy['page']>(page: K): Promise<PageCopy<K>> {
  const entries = [...(await getCollection('pages')), ...(await getCollection('forms'))];
  const match = entries.find((entry) => entry.data.page === page);
  if (!match) throw new Error(`content/pages.json and forms.json have no entry with "page": "${page}"`);
  return match.data as PageCopy<K>;
}

/** Loads every entry of a list collection as plain data, in file order. */
export async function getList<C extends 'highlights' | 'testimonials' | 'values' | 'stats' | 'packages' | 'cocktails' | 'faq'>(
  collection: C,
): Promise<Array<CollectionEntry<C>['data'] & { id: string }>> {
  const entries = await getCollection(collection);
  return entries.map((entry) => ({ ...entry.data, id: entry.id })).sort((a, b) => a.position - b.position);
}

/** Loads the bar planner's ratios and copy, failing the build when an entry is missing or names no cocktail. */
export async function getBarPlanner(): Promise<CollectionEntry<'barPlanner'>['data']> {
  const entry = await getEntry('barPlanner', 'planner');
  if (!entry) throw new Error('content/bar-planner.json must define a "planner" entry');
  const cocktailIds = new Set((await getCollection('cocktails')).map((cocktail) => cocktail.id));
  const unknown = Object.keys(entry.data.cocktails).filter((id) => !cocktailIds.has(id));
  if (unknown.length > 0) throw new Error(`content/bar-planner.json has lines for unknown cocktails: ${unknown.join(', ')}`);
  return entry.data;
}

/**
 * Loads the price list (content/prices.json, checked by its schema), failing the build when it prices another set of
 * packages than content/packages.json lists.
 */
export async function getPrices(): Promise<CollectionEntry<'prices'>['data']> {
  const entry = await getEntry('prices', 'prices');
  if (!entry) throw new Error('content/prices.json must define a "prices" entry');
  const listed = (await getCollection('packages')).map((item) => item.id).sort();
  const priced = Object.keys(entry.data.packages).sort();
  if (listed.join() !== priced.join()) {
    throw new Error(`content/prices.json prices ${priced.join(', ')}; content/packages.json lists ${listed.join(', ')}`);
  }
  return entry.data;
}
