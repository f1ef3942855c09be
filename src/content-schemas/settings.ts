import { z } from 'astro/zod';
import { link } from './common';

/** Site-wide settings: brand, contact details, hours, navigation, footer and the renovation notice (one entry, `site`). */
export const settingsSchema = z.object({
  brandName: z.string().min(1),
  /**
   * Name under an installed icon (web app manifest) and the header's lockup on phones. It must begin the brand name:
   * the header link's accessible name is the full name, and speech-input users say what they see (WCAG 2.5.3).
   */
  shortName: z.string().min(1).max(15),
  tagline: z.string().min(1),
  phone: z.string().regex(/^\(\d{3}\) \d{3}-\d{4}$/, 'format as (512) 555-0142'),
  email: z.email(),
  serviceArea: z.string().min(1),
  /** The state the business serves (structured data: areaServed). */
  state: z.string().min(1),
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
  /** The client's reminders before the event: days before its start, each sent once (netlify/lib/bookings/reminders.ts). */
  reminders: z.object({
    daysBefore: z
      .array(z.number().int().min(1).max(60))
      .max(5)
      .refine((days) => new Set(days).size === days.length, 'each number of days once'),
  }),
}).refine((site) => site.brandName.startsWith(site.shortName), {
  message: 'shortName must begin brandName (the phone header shows it inside a link named by brandName)',
  path: ['shortName'],
});
