import { z } from 'astro/zod';
import { ICON_NAMES } from '../lib/icons';

/** An entry's place in its file (added by the ordered file loader), so pages keep the file's order. */
export const position = z.number().int().min(0);

/** A link within the site: its words and a root-relative address. */
export const link = z.object({ label: z.string().min(1), href: z.string().startsWith('/') });
/** The name of one of the site's icons (src/lib/icons.ts). */
export const icon = z.enum(ICON_NAMES);

/** Every page's title, description, heading and lead. */
export const pageMeta = {
  title: z.string().min(1),
  description: z.string().min(1),
  heading: z.string().min(1),
  lead: z.string().min(1),
};
/** A section of a page: its heading and, maybe, its lead. */
export const section = z.object({ heading: z.string().min(1), lead: z.string().optional() });

/** Copy that may not be empty. */
export const text = z.string().min(1);
/** Copy with a `{name}` placeholder for each of `names`, filled in by the island. */
export const template = (...names: string[]) =>
  names.reduce((schema, name) => schema.refine((value) => value.includes(`{${name}}`), `must contain {${name}}`), text);
/** A toast's title and text. */
export const toast = z.object({ title: text, description: text });
/** A failed send: the toast title, and its text when the server sends no message of its own. */
export const failure = z.object({ title: text, fallback: text });
