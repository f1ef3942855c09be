import type { SchemaContext } from 'astro:content';
import { z } from 'astro/zod';
import { icon, link, pageMeta, position, section, template } from './common';

/** Copy of each content page (headings, intros, calls to action), keyed by page; `page` narrows the shape. */
export const pageSchema = z.discriminatedUnion('page', [
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
  z.object({
    page: z.literal('services'),
    ...pageMeta,
    stats: section,
    // Each card's starting price (price list, at build time) and what it is for.
    packages: section.extend({ from: template('price'), fromNote: template('guests', 'hours', 'level', 'free', 'areas') }),
  }),
  z.object({ page: z.literal('menu'), ...pageMeta, custom: section.extend({ cta: link }) }),
  z.object({ page: z.literal('faq'), ...pageMeta, more: section.extend({ cta: link }) }),
  z.object({ page: z.literal('notFound'), ...pageMeta, cta: link }),
]);

/** One of the three highlights of the home page intro. */
export const highlightSchema = z.object({ position, title: z.string().min(1), text: z.string().min(1), icon });

/** A testimonial card on the home page. */
export const testimonialSchema = z.object({
  position,
  rating: z.number().int().min(1).max(5),
  text: z.string().min(1),
  author: z.string().min(1),
  event: z.string().min(1),
});

/** A company value on the About page. */
export const valueSchema = z.object({ position, title: z.string().min(1), text: z.string().min(1), icon });

/** A headline figure on the Services page. */
export const statSchema = z.object({ position, value: z.string().min(1), label: z.string().min(1) });

/** A service package on the Services page (its image checked by Astro). */
export const packageSchema = ({ image }: SchemaContext) =>
  z.object({
    position,
    title: z.string().min(1),
    description: z.string().min(1),
    image: image(),
    imageAlt: z.string().min(1),
    features: z.array(z.string().min(1)).min(1),
    cta: link,
  });

/** A signature cocktail on the Menu page (its image checked by Astro). */
export const cocktailSchema = ({ image }: SchemaContext) =>
  z.object({
    position,
    name: z.string().min(1),
    description: z.string().min(1),
    typeLabel: z.string().min(1),
    image: image(),
    imageAlt: z.string().min(1),
  });

/** An FAQ group with its questions and answers. */
export const faqGroupSchema = z.object({
  position,
  title: z.string().min(1),
  items: z
    .array(z.object({ id: z.string().regex(/^[a-z0-9-]+$/), question: z.string().min(1), answer: z.string().min(1) }))
    .min(1),
});
