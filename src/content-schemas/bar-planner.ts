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
const plannerKind = z.enum(['beer', 'wine', 'spirits']);

/** The bar planner on /services (one entry, `planner`): its ratios, each with its source, and its copy. */
export const barPlannerContentSchema = z.object({
  heading: text,
  lead: text,
  /** The drinks are the host's and free to guests (TABC: a sale or a tip jar beside the alcohol is a sale). */
  hostNote: text,
  // The guest and hours ranges and the bartender ratio are the price list's (content/prices.json): one source.
  drinks: z.object({ firstHour: z.number().positive(), laterHours: z.number().positive(), source }),
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
  /**
   * The case the page shows before the island runs (and without JavaScript): the plan's inputs and the estimate's.
   * The page checks it with the estimate's own schema at build time.
   */
  example: z.object({
    guests: z.number().int(),
    hours: z.number().int(),
    mix: z.string(),
    packageId: z.string(),
    serviceLevel: z.string(),
    zip: z.string(),
    addOns: z.array(z.string()),
  }),
  copy: z.object({
    labels: z.object({
      guests: text,
      hours: text,
      mix: text,
      packageId: text,
      serviceLevel: text,
      zip: text,
      date: text,
      addOns: text,
    }),
    hints: z.object({ zip: text, date: template('days'), addOns: text }),
    // The guests' and hours' messages are the price list's rules' (shared/schemas/estimate.ts).
    problems: z.object({ mix: text }),
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
    sendPlan: text,
    price: z.object({
      heading: text,
      itemHeader: text,
      quantityHeader: text,
      unitHeader: text,
      amountHeader: text,
      subtotal: text,
      tax: text,
      total: text,
      deposit: template('percent'),
      depositAll: template('days'),
      balance: template('date'),
      balanceUndated: template('days'),
      pending: text,
      failed: text,
      retry: text,
      refused: text,
      announce: template('total'),
      note: text,
      /** An add-on's price beside its name, by how it is counted. */
      addOnPrice: z.object({ flat: template('price'), perGuest: template('price'), perHour: template('price') }),
    }),
    message: template('guests', 'hours', 'mix', 'drinks', 'lines', 'bartenders'),
  }),
});

/** The bar planner's ratios and copy (content/bar-planner.json). */
export type BarPlannerContent = z.infer<typeof barPlannerContentSchema>;
/** One purchasable item of the planner's shopping list, as content gives it. */
export type PlannerLineContent = z.infer<typeof plannerLine>;
