import { z } from 'astro/zod';
import { template, text } from './common';

const source = z.string().min(1);
const plural = z.object({ one: text, other: text });
const plannerGroup = z.enum(['alcohol', 'supplies']);
/** One purchasable item bought per so many drinks (a case of 24 beers, a 750 ml bottle pouring 16). */
const plannerLine = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  label: text,
  group: plannerGroup,
  drinksPerUnit: z.number().positive(),
  unit: plural,
  source,
});
const plannerLimit = z
  .object({ min: z.number().int().min(1), max: z.number().int(), source })
  .refine((limit) => limit.min <= limit.max, 'min must not exceed max');
const plannerKind = z.enum(['beer', 'wine', 'spirits']);

/** The bar planner on /services (one entry, `planner`): its ratios, each with its source, and its copy. */
export const barPlannerContentSchema = z.object({
  heading: text,
  lead: text,
  /** The drinks are the host's and free to guests (TABC: a sale or a tip jar beside the alcohol is a sale). */
  hostNote: text,
  limits: z.object({ guests: plannerLimit, hours: plannerLimit }),
  drinks: z.object({ firstHour: z.number().positive(), laterHours: z.number().positive(), source }),
  // The rule of thumb: one bartender per 40-75 guests, two at minimum.
  bartenders: z.object({ guestsPer: z.number().int().min(40).max(75), minimum: z.number().int().min(2), source }),
  kinds: z.record(plannerKind, z.object({ label: text, lines: z.array(plannerLine).min(1) })),
  mixes: z
    .array(
      z.object({
        id: z.string().regex(/^[a-z0-9-]+$/),
        label: text,
        shares: z
          .partialRecord(plannerKind, z.number().positive().max(1))
          .refine((shares) => Math.abs(Object.values(shares).reduce((sum, share) => sum + (share ?? 0), 0) - 1) < 1e-9, 'shares must add up to 1'),
        source,
      }),
    )
    .min(1),
  /** A signature cocktail's shopping lines, keyed by its id in content/cocktails.json. */
  cocktails: z.record(z.string(), z.array(plannerLine).min(1)),
  /** The lines of a cocktail without its own. */
  cocktailFallback: z.array(plannerLine).min(1),
  /** Items bought per guest, whatever the drinks: ice and cups. */
  perGuest: z.array(
    z.object({ id: z.string(), label: text, group: plannerGroup, perGuest: z.number().positive(), unitSize: z.number().positive(), unit: plural, source }),
  ),
  /** The case the page shows before the island runs (and without JavaScript). */
  example: z.object({ guests: z.number().int(), hours: z.number().int(), mix: z.string() }),
  copy: z.object({
    labels: z.object({ guests: text, hours: text, mix: text }),
    problems: z.object({ guests: template('min', 'max'), hours: template('min', 'max'), mix: text }),
    cocktail: template('name'),
    drinks: template('drinks', 'guests', 'hours'),
    groups: z.object({ alcohol: text, supplies: text }),
    itemHeader: text,
    quantityHeader: text,
    bartenders: z.object({ one: template('count'), other: template('count') }),
    bartendersLabel: text,
    noscript: text,
    rulesHeading: text,
    rulesLead: text,
    send: text,
    message: template('guests', 'hours', 'mix', 'drinks', 'lines', 'bartenders'),
  }),
});

/** The bar planner's ratios and copy (content/bar-planner.json). */
export type BarPlannerContent = z.infer<typeof barPlannerContentSchema>;
/** One purchasable item of the planner's shopping list, as content gives it. */
export type PlannerLineContent = z.infer<typeof plannerLine>;
