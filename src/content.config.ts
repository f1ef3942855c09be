import { defineCollection } from 'astro:content';
import { file } from 'astro/loaders';
import { z } from 'astro/zod';
import { ICON_NAMES } from './lib/icons';

/** A file() loader for a JSON array that records each entry's position, so pages can keep the file's order. */
function orderedFile(path: string) {
  return file(path, {
    parser: (text) => (JSON.parse(text) as Array<Record<string, unknown>>).map((item, position) => ({ ...item, position })),
  });
}
const position = z.number().int().min(0);

const link = z.object({ label: z.string().min(1), href: z.string().startsWith('/') });
const icon = z.enum(ICON_NAMES);

/** Site-wide settings: brand, contact details, hours, navigation, footer and the renovation notice (one entry, `site`). */
const settings = defineCollection({
  loader: file('src/content/settings.json'),
  schema: z.object({
    brandName: z.string().min(1),
    tagline: z.string().min(1),
    phone: z.string().regex(/^\(\d{3}\) \d{3}-\d{4}$/, 'format as (512) 555-0142'),
    email: z.email(),
    serviceArea: z.string().min(1),
    primaryAreas: z.array(z.string().min(1)).min(1),
    businessHours: z.array(z.object({ days: z.string().min(1), hours: z.string().min(1) })).min(1),
    nav: z.object({ label: z.string(), menuLabel: z.string(), links: z.array(link).min(1), cta: link }),
    contactLabels: z.object({ heading: z.string(), phone: z.string(), email: z.string(), serviceArea: z.string() }),
    hoursHeading: z.string(),
    social: z.object({
      heading: z.string(),
      links: z
        .array(z.object({ network: z.enum(['facebook', 'instagram', 'x']), label: z.string().min(1) }))
        .length(3),
    }),
    footer: z.object({
      blurb: z.string().min(1),
      quickLinksHeading: z.string(),
      quickLinks: z.array(link).min(1),
      contactHeading: z.string(),
      serviceLine: z.string(),
      copyright: z.string().min(1),
    }),
    renovationNotice: z.object({
      enabled: z.boolean(),
      title: z.string().min(1),
      message: z.string().min(1),
      confirmLabel: z.string().min(1),
      closeLabel: z.string().min(1),
      delayMs: z.number().int().min(0),
    }),
  }),
});

const pageMeta = {
  title: z.string().min(1),
  description: z.string().min(1),
  heading: z.string().min(1),
  lead: z.string().min(1),
};
const section = z.object({ heading: z.string().min(1), lead: z.string().optional() });

/** Copy of each content page (headings, intros, calls to action), keyed by page; `page` narrows the shape. */
const pages = defineCollection({
  loader: file('src/content/pages.json'),
  schema: z.discriminatedUnion('page', [
    z.object({
      page: z.literal('home'),
      ...pageMeta,
      eyebrow: z.string(),
      heroImageAlt: z.string().min(1),
      primaryCta: link,
      secondaryCta: link,
      intro: section,
      testimonials: section,
    }),
    z.object({
      page: z.literal('about'),
      ...pageMeta,
      story: z.array(z.string().min(1)).min(1),
      storyImageAlt: z.string().min(1),
      values: section,
      closing: section.extend({ cta: link }),
    }),
    z.object({ page: z.literal('services'), ...pageMeta, stats: section, packages: section }),
    z.object({ page: z.literal('menu'), ...pageMeta, custom: section.extend({ cta: link }) }),
    z.object({ page: z.literal('faq'), ...pageMeta, more: section.extend({ cta: link }) }),
    z.object({ page: z.literal('notFound'), ...pageMeta, cta: link }),
  ]),
});

/** The three highlights of the home page intro. */
const highlights = defineCollection({
  loader: orderedFile('src/content/highlights.json'),
  schema: z.object({ position, title: z.string().min(1), text: z.string().min(1), icon }),
});

/** Testimonial cards on the home page. */
const testimonials = defineCollection({
  loader: orderedFile('src/content/testimonials.json'),
  schema: z.object({
    position,
    rating: z.number().int().min(1).max(5),
    text: z.string().min(1),
    author: z.string().min(1),
    event: z.string().min(1),
  }),
});

/** Company values on the About page. */
const values = defineCollection({
  loader: orderedFile('src/content/values.json'),
  schema: z.object({ position, title: z.string().min(1), text: z.string().min(1), icon }),
});

/** Headline figures on the Services page. */
const stats = defineCollection({
  loader: orderedFile('src/content/stats.json'),
  schema: z.object({ position, value: z.string().min(1), label: z.string().min(1) }),
});

/** Service packages on the Services page. */
const packages = defineCollection({
  loader: orderedFile('src/content/packages.json'),
  schema: ({ image }) =>
    z.object({
      position,
      title: z.string().min(1),
      description: z.string().min(1),
      image: image(),
      imageAlt: z.string().min(1),
      features: z.array(z.string().min(1)).min(1),
      cta: link,
    }),
});

/** Signature cocktails on the Menu page. */
const cocktails = defineCollection({
  loader: orderedFile('src/content/cocktails.json'),
  schema: ({ image }) =>
    z.object({
      position,
      name: z.string().min(1),
      description: z.string().min(1),
      typeLabel: z.string().min(1),
      image: image(),
      imageAlt: z.string().min(1),
    }),
});

/** FAQ groups, each with its questions and answers. */
const faq = defineCollection({
  loader: orderedFile('src/content/faq.json'),
  schema: z.object({
    position,
    title: z.string().min(1),
    items: z
      .array(z.object({ id: z.string().regex(/^[a-z0-9-]+$/), question: z.string().min(1), answer: z.string().min(1) }))
      .min(1),
  }),
});

export const collections = { settings, pages, highlights, testimonials, values, stats, packages, cocktails, faq };
