import * as v from 'valibot';
import { isCalendarDate } from './dates';

/** The packages the price list prices, as content/packages.json names them. */
export const PACKAGE_IDS = ['wedding', 'private', 'corporate'] as const;
/** Who supplies the alcohol: the host (`byob`, SPEC §9) or us (`premium`). */
export const SERVICE_LEVELS = ['byob', 'premium'] as const;
/** How an add-on is counted: once, per guest, or per hour of service. */
export const ADD_ON_UNITS = ['flat', 'perGuest', 'perHour'] as const;

export type PackageId = (typeof PACKAGE_IDS)[number];
export type ServiceLevel = (typeof SERVICE_LEVELS)[number];
export type AddOnUnit = (typeof ADD_ON_UNITS)[number];

const Text = v.pipe(v.string(), v.trim(), v.nonEmpty());
const Source = Text;
const Id = v.pipe(v.string(), v.regex(/^[a-z0-9-]+$/));
/** An amount of money: whole cents, never negative. */
const Cents = v.pipe(v.number(), v.integer(), v.minValue(0));
const Count = v.pipe(v.number(), v.integer(), v.minValue(1));
const Zip = v.pipe(v.string(), v.regex(/^\d{5}$/));

/** Whether each {name} the template needs is one of `names` (a misspelt placeholder would reach the page). */
// No side effects (as valibot's own functions are marked): a page that imports only the ids above drops the schema.
/* @__NO_SIDE_EFFECTS__ */
function onlyPlaceholders(names: readonly string[]) {
  return v.check(
    (template: string) => [...template.matchAll(/\{(\w+)\}/g)].every(([, name]) => names.includes(name!)),
    `may use only the placeholders ${names.map((name) => `{${name}}`).join(', ')}`,
  );
}
/* @__NO_SIDE_EFFECTS__ */
function template(...names: string[]) {
  return v.pipe(Text, onlyPlaceholders(names));
}

const Package = v.object({
  label: Text,
  /** The price per guest for the hours included, per service level. */
  perGuestCents: v.object({ byob: Cents, premium: Cents }),
  /** Each hour past the included ones, per bartender on duty. */
  extraHourCents: Cents,
  source: Source,
});

const AddOn = v.object({
  id: Id,
  label: Text,
  unit: v.picklist(ADD_ON_UNITS),
  priceCents: Cents,
  /** The packages that offer it. */
  packages: v.pipe(v.array(v.picklist(PACKAGE_IDS)), v.minLength(1)),
  taxable: v.boolean(),
  source: Source,
});

/** content/prices.json: every number the estimate uses, each with where such a figure comes from. */
export const PriceListSchema = v.pipe(
  v.object({
    guests: v.pipe(
      v.object({ min: Count, max: Count, minimumBilled: Count, source: Source }),
      v.check((guests) => guests.min <= guests.minimumBilled && guests.minimumBilled <= guests.max, 'min ≤ minimumBilled ≤ max'),
    ),
    hours: v.pipe(
      v.object({ min: Count, max: Count, included: Count, source: Source }),
      v.check((hours) => hours.min <= hours.included && hours.included <= hours.max, 'min ≤ included ≤ max'),
    ),
    bartenders: v.object({ guestsPer: Count, minimum: Count, source: Source }),
    packages: v.object({ wedding: Package, private: Package, corporate: Package }),
    serviceLevels: v.object({
      byob: v.object({ label: Text, short: Text, description: Text }),
      premium: v.object({ label: Text, short: Text, description: Text }),
    }),
    addOns: v.pipe(
      v.array(AddOn),
      v.check((addOns) => new Set(addOns.map((addOn) => addOn.id)).size === addOns.length, 'add-on ids must be unique'),
    ),
    travel: v.object({
      /** Each primary area (content/settings.json) by the ZIP code miles are counted from. */
      areas: v.pipe(v.record(Text, Zip), v.check((areas) => Object.keys(areas).length > 0, 'name at least one area')),
      freeMiles: v.pipe(v.number(), v.integer(), v.minValue(0)),
      perMileCents: Cents,
      /** Road miles per straight-line mile. */
      roadFactor: v.pipe(v.number(), v.minValue(1), v.maxValue(2)),
      taxable: v.boolean(),
      source: Source,
    }),
    surcharges: v.array(
      v.object({
        id: Id,
        label: Text,
        percent: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100)),
        dates: v.array(v.pipe(v.string(), v.check(isCalendarDate, 'write dates as YYYY-MM-DD'))),
        source: Source,
      }),
    ),
    tax: v.object({
      /** Hundredths of a percent: 825 is 8.25%. */
      rateBasisPoints: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(2_000)),
      source: Source,
    }),
    deposit: v.object({
      percent: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100)),
      balanceDaysBefore: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(365)),
      source: Source,
    }),
    copy: v.object({
      package: template('package', 'level', 'hours', 'guests'),
      packageMinimum: template('package', 'level', 'hours', 'guests', 'billed'),
      extraHours: template('hours', 'bartenders'),
      extraHour: template('hours', 'bartenders'),
      perHourAddOn: template('label', 'hours'),
      perGuestAddOn: template('label', 'guests'),
      travel: template('miles', 'area', 'free'),
      surcharge: template('label', 'percent'),
      tax: Text,
      tooManyGuests: template('max', 'phone'),
      outsideServiceArea: Text,
    }),
  }),
  v.check(
    (list) => list.addOns.every((addOn) => !['package', 'extra-hours', 'travel', 'tax'].includes(addOn.id)),
    'an add-on id may not be one of the estimate’s own line ids (package, extra-hours, travel, tax)',
  ),
);

/** The price list as the pricing function reads it. */
export type PriceList = v.InferOutput<typeof PriceListSchema>;
/** One add-on of the price list. */
export type AddOn = PriceList['addOns'][number];

/** The price list, checked: throws with every problem when content/prices.json breaks a rule (build and server start). */
export function checkPriceList(json: unknown): PriceList {
  const result = v.safeParse(PriceListSchema, json);
  if (result.success) return result.output;
  const problems = result.issues.map((issue) => `${v.getDotPath(issue) ?? '(root)'}: ${issue.message}`);
  throw new Error(`content/prices.json: ${problems.join('; ')}`);
}
