// Browser-safe: the planner island and the /services page's static plan both compute with these.
import * as v from 'valibot';
import type { BarPlannerContent } from '../content-schemas/bar-planner';
import { guestsRule, hoursRule } from '@shared/schemas/estimate';
import { fillTemplate } from '@shared/template';
import type { BrowserPrices } from './estimate';
import { bartendersFor } from '@shared/staffing';

/** `T` without its `source` fields, at any depth: the page states the sources, the island only computes. */
type WithoutSources<T> = T extends readonly (infer U)[]
  ? WithoutSources<U>[]
  : T extends object
    ? { [K in keyof T as K extends 'source' ? never : K]: WithoutSources<T[K]> }
    : T;

/** The ratios and copy the planner computes and words with (content/bar-planner.json, sources aside). */
export type PlannerRules = WithoutSources<
  Pick<BarPlannerContent, 'drinks' | 'kinds' | 'mixes' | 'cocktails' | 'cocktailFallback' | 'perGuest' | 'copy'>
>;

/**
 * What the planner reads of the price list (content/prices.json, one source for the planner, the estimate, the
 * inquiry and the booking): the guest and hours ranges with their messages, and the bartender ratio.
 */
export type PlannerPrices = Pick<BrowserPrices, 'guests' | 'hours' | 'bartenders' | 'copy'>;

/** The rules as the island receives them: without the sources, which the page lists once (fewer bytes of HTML). */
export function withoutSources<T>(rules: T): WithoutSources<T> {
  return JSON.parse(JSON.stringify(rules, (key, value: unknown) => (key === 'source' ? undefined : value))) as WithoutSources<T>;
}

/** A signature cocktail the host can pick as the whole menu. */
export interface CocktailChoice {
  id: string;
  name: string;
}

/** What a page gives an island to plan with: the rules (without sources), the signature cocktails, the ranges. */
export interface PlannerSetup {
  rules: PlannerRules;
  cocktails: CocktailChoice[];
  prices: PlannerPrices;
}

/** What the host tells the planner; a number that is not a whole number in range is refused. */
export interface PlanInput {
  guests: number;
  hours: number;
  mix: string;
}

/** One line of the shopping list: how many of a purchasable unit. */
export interface PlanLine {
  id: string;
  label: string;
  group: 'alcohol' | 'supplies';
  quantity: number;
  unit: { one: string; other: string };
}

/** A worked plan: the drinks, the shopping list in whole units, and the bartenders. */
export interface Plan {
  guests: number;
  hours: number;
  /** The chosen mix's label ("Beer and wine", "Signature cocktail: Texas Mule"). */
  mix: string;
  drinks: number;
  lines: PlanLine[];
  bartenders: number;
}

/** A field's message, per field the planner refused. */
export type PlanProblems = Partial<Record<keyof PlanInput, string>>;

/** A plan, or why there is none. */
export type PlanResult = { ok: true; plan: Plan } | { ok: false; problems: PlanProblems };

// Shares like 0.3 × 500 land a hair above the whole number (150.00000000000003): never buy a unit for that hair.
const EPSILON = 1e-9;

/** Rounds up to a whole purchasable unit (never below zero, never -0). */
export function roundUp(value: number): number {
  return Math.max(0, Math.ceil(value - EPSILON));
}

/** The text a visitor typed as a whole number ("120", " 120 "), else NaN. */
export function parseWholeNumber(text: string): number {
  const trimmed = text.trim();
  return /^\d{1,6}$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** Every mix the host can choose: the content's mixes, then one per signature cocktail. */
export function mixOptions(rules: PlannerRules, cocktails: readonly CocktailChoice[]): { id: string; label: string }[] {
  return [
    ...rules.mixes.map(({ id, label }) => ({ id, label })),
    ...cocktails.map(({ id, name }) => ({ id, label: fillTemplate(rules.copy.cocktail, { name }) })),
  ];
}

/** Drinks for the party: more per guest in the first hour, then the later hours' rate. */
export function totalDrinks(guests: number, hours: number, rules: Pick<PlannerRules, 'drinks'>): number {
  return roundUp(guests * (rules.drinks.firstHour + (hours - 1) * rules.drinks.laterHours));
}

/** The first message of `schema` for `value`, or undefined when it takes it. */
function problemOf(schema: v.GenericSchema, value: unknown): string | undefined {
  const result = v.safeParse(schema, value);
  return result.success ? undefined : result.issues[0].message;
}

function linesFor(drinks: number, lines: PlannerRules['cocktailFallback']): PlanLine[] {
  return lines.map(({ id, label, group, drinksPerUnit, unit }) => ({
    id,
    label,
    group,
    quantity: roundUp(drinks / drinksPerUnit),
    unit,
  }));
}

/** The menu a plan is worked out for: one of the content's mixes, or signature cocktails sharing the drinks evenly. */
type Menu = { mix: PlannerRules['mixes'][number] } | { cocktails: readonly CocktailChoice[] };

/**
 * The shopping lines of `drinks` shared evenly among `chosen` cocktails: what two recipes both use (tequila, limes) is
 * added up before it is rounded up to whole units, so it is bought once for all. One cocktail is its own recipe's lines.
 */
function cocktailLines(drinks: number, chosen: readonly CocktailChoice[], rules: PlannerRules): PlanLine[] {
  const lines = new Map<string, PlanLine & { units: number }>();
  for (const cocktail of chosen) {
    for (const { id, label, group, drinksPerUnit, unit } of rules.cocktails[cocktail.id] ?? rules.cocktailFallback) {
      const units = drinks / chosen.length / drinksPerUnit;
      const line = lines.get(id);
      if (line) line.units += units;
      else lines.set(id, { id, label, group, quantity: 0, unit, units });
    }
  }
  return [...lines.values()].map(({ units, ...line }) => ({ ...line, quantity: roundUp(units) }));
}

/** The plan of `menu` for guests and hours by the price list's rules, or which of them is out of range (or no menu). */
function planFor(
  input: Pick<PlanInput, 'guests' | 'hours'>,
  menu: Menu | undefined,
  rules: PlannerRules,
  prices: PlannerPrices,
  phone: string,
): PlanResult {
  const { copy } = rules;
  const problems: PlanProblems = {};
  const guestsProblem = problemOf(guestsRule(prices, phone), input.guests);
  const hoursProblem = problemOf(hoursRule(prices), input.hours);
  if (guestsProblem) problems.guests = guestsProblem;
  if (hoursProblem) problems.hours = hoursProblem;
  if (!menu) problems.mix = copy.problems.mix;
  if (!menu || Object.keys(problems).length > 0) return { ok: false, problems };

  const { guests, hours } = input;
  const drinks = totalDrinks(guests, hours, rules);
  const lines: PlanLine[] = [];
  if ('mix' in menu) {
    for (const [kind, share] of Object.entries(menu.mix.shares) as [keyof PlannerRules['kinds'], number][]) {
      lines.push(...linesFor(roundUp(drinks * share), rules.kinds[kind].lines));
    }
  } else {
    lines.push(...cocktailLines(drinks, menu.cocktails, rules));
  }
  for (const item of rules.perGuest) {
    const { id, label, group, unit } = item;
    lines.push({ id, label, group, quantity: roundUp((guests * item.perGuest) / item.unitSize), unit });
  }
  const mixLabel = 'mix' in menu ? menu.mix.label : fillTemplate(copy.cocktail, { name: menu.cocktails.map((cocktail) => cocktail.name).join(', ') });
  return { ok: true, plan: { guests, hours, mix: mixLabel, drinks, lines, bartenders: bartendersFor(guests, prices.bartenders) } };
}

/**
 * Works out the plan for `input`, or says which inputs are out of range (never NaN): guests and hours by the price
 * list's rules, so above its largest party the message is its "call us" sentence with `phone`.
 */
export function planBar(
  input: PlanInput,
  rules: PlannerRules,
  cocktails: readonly CocktailChoice[],
  prices: PlannerPrices,
  phone: string,
): PlanResult {
  const mix = rules.mixes.find((candidate) => candidate.id === input.mix);
  const cocktail = mix ? undefined : cocktails.find((candidate) => candidate.id === input.mix);
  return planFor(input, mix ? { mix } : cocktail ? { cocktails: [cocktail] } : undefined, rules, prices, phone);
}

/**
 * The plan of a menu of several signature cocktails (the client's final details: the adult guests, the bar's whole
 * hours and the cocktails they chose), the drinks shared evenly among them; as planBar, by the same rules and content.
 */
export function planMenu(
  input: { guests: number; hours: number; cocktails: readonly string[] },
  rules: PlannerRules,
  cocktails: readonly CocktailChoice[],
  prices: PlannerPrices,
  phone: string,
): PlanResult {
  const chosen = cocktails.filter((cocktail) => input.cocktails.includes(cocktail.id));
  return planFor(input, chosen.length > 0 ? { cocktails: chosen } : undefined, rules, prices, phone);
}

/** "9 cases of 24", "1 sleeve of 50". */
export function quantityText(line: Pick<PlanLine, 'quantity' | 'unit'>): string {
  return `${line.quantity} ${line.quantity === 1 ? line.unit.one : line.unit.other}`;
}

/** "About 500 drinks for 100 guests over 4 hours." */
export function drinksText(plan: Pick<Plan, 'drinks' | 'guests' | 'hours'>, copy: PlannerRules['copy']): string {
  return fillTemplate(copy.drinks, { drinks: plan.drinks, guests: plan.guests, hours: plan.hours });
}

/** What the live region reads once the visitor pauses: the drinks and bartenders, or what to fix. */
export function resultSummary(result: PlanResult, copy: PlannerRules['copy']): string {
  if (!result.ok) return Object.values(result.problems).join(' ');
  return `${drinksText(result.plan, copy)} ${bartendersText(result.plan.bartenders, copy)}.`;
}

/** "2 bartenders". */
export function bartendersText(count: number, copy: PlannerRules['copy']): string {
  return fillTemplate(count === 1 ? copy.bartenders.one : copy.bartenders.other, { count });
}

/** The plan in one plain-text paragraph (plain spaces only): the inquiry's message, so the owner reads the numbers. */
export function planMessage(plan: Plan, copy: PlannerRules['copy']): string {
  return fillTemplate(copy.message, {
    guests: plan.guests,
    hours: plan.hours,
    mix: plan.mix,
    drinks: plan.drinks,
    lines: plan.lines.map((line) => `${line.label}: ${quantityText(line)}`).join('; '),
    bartenders: bartendersText(plan.bartenders, copy),
  }).replace(/\u00a0/g, ' '); // the units' no-break spaces keep "(750 ml)" on one line on screen; plain spaces in a message
}

/**
 * The contact page's address carrying the plan: the guest count, the plan as the message and, when given, the
 * estimate's other inputs (`estimateParams`). No personal data.
 */
export function inquiryHref(plan: Plan, copy: PlannerRules['copy'], estimate: Record<string, string> = {}): string {
  return `/contact?${new URLSearchParams({ guestCount: String(plan.guests), message: planMessage(plan, copy), ...estimate })}`;
}
