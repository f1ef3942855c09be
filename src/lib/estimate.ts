// Browser-safe: the planner island and the contact form price with these, and /services at build time. Never import
// shared/texas-zips.ts here: it carries the table of Texas ZIP codes, which no page ships.
import * as v from 'valibot';
import { createEstimateRequestSchema, type EstimateRequest, type EstimateRequestInput } from '@shared/schemas/estimate';
import type { PriceList } from '@shared/schemas/price-list';

/** The price list as an island receives it: its choices and rules, without sources or what only the server reads. */
export type BrowserPrices = {
  guests: Omit<PriceList['guests'], 'source'>;
  hours: Omit<PriceList['hours'], 'source'>;
  bartenders: Omit<PriceList['bartenders'], 'source'>;
  packages: { [K in keyof PriceList['packages']]: Pick<PriceList['packages'][K], 'label'> };
  serviceLevels: PriceList['serviceLevels'];
  addOns: Pick<PriceList['addOns'][number], 'id' | 'label' | 'unit' | 'priceCents' | 'packages'>[];
  deposit: Omit<PriceList['deposit'], 'source'>;
  /** The sentence above the largest party (the guests' rule says it). */
  copy: Pick<PriceList['copy'], 'tooManyGuests'>;
};

/** What /services and /contact hand their islands (build time): the part of `prices` the browser reads, no more. */
export function browserPrices(prices: PriceList): BrowserPrices {
  const { guests, hours, bartenders, serviceLevels, deposit } = prices;
  const { source: _guests, ...guestRange } = guests;
  const { source: _hours, ...hourRange } = hours;
  const { source: _bartenders, ...ratio } = bartenders;
  const { source: _deposit, ...terms } = deposit;
  const label = (id: keyof PriceList['packages']) => ({ label: prices.packages[id].label });
  return {
    guests: guestRange,
    hours: hourRange,
    bartenders: ratio,
    packages: { wedding: label('wedding'), private: label('private'), corporate: label('corporate') },
    serviceLevels,
    addOns: prices.addOns.map(({ id, label: name, unit, priceCents, packages }) => ({ id, label: name, unit, priceCents, packages })),
    deposit: terms,
    copy: { tooManyGuests: prices.copy.tooManyGuests },
  };
}

/** The estimate route's schema (shared/schemas/estimate.ts) over the browser's part of the price list. */
export function estimateSchema(prices: BrowserPrices, phone: string, now?: () => Date) {
  return createEstimateRequestSchema(prices, phone, now);
}

/** An estimate's inputs as the planner holds them while the visitor types (numbers may be NaN, the date blank). */
export type EstimateChoice = Pick<EstimateRequest, 'packageId' | 'serviceLevel' | 'zip' | 'addOns'> & { date: string };

/** The add-ons `packageId` offers, in the price list's order. */
export function offeredAddOns(prices: Pick<BrowserPrices, 'addOns'>, packageId: string): BrowserPrices['addOns'] {
  return prices.addOns.filter((addOn) => (addOn.packages as readonly string[]).includes(packageId));
}

/** The request for `choice` with `guests` and `hours`: only the add-ons the package offers, no date when blank. */
export function estimateInput(choice: EstimateChoice, guests: number, hours: number, prices: BrowserPrices): EstimateRequestInput {
  const offered = offeredAddOns(prices, choice.packageId).map((addOn) => addOn.id);
  const date = choice.date.trim();
  return {
    packageId: choice.packageId,
    serviceLevel: choice.serviceLevel,
    guests,
    hours,
    zip: choice.zip.trim(),
    addOns: choice.addOns.filter((id) => offered.includes(id)),
    ...(date ? { date } : {}),
  };
}

/** The address parameters of an estimate on /contact (its guests travel as the form's own `guestCount`). */
const PARAMS = { packageId: 'package', serviceLevel: 'level', hours: 'hours', zip: 'zip', addOns: 'addOns', date: 'date' } as const;

/** Every address parameter an estimate uses, so /contact can take them out of the address once read. */
export const ESTIMATE_PARAMS: readonly string[] = Object.values(PARAMS);

/** An estimate's inputs as address parameters (no personal data): package, level, hours, ZIP, add-ons, date. */
export function estimateParams(request: EstimateRequest): Record<string, string> {
  return {
    [PARAMS.packageId]: request.packageId,
    [PARAMS.serviceLevel]: request.serviceLevel,
    [PARAMS.hours]: String(request.hours),
    [PARAMS.zip]: request.zip,
    ...(request.addOns.length > 0 ? { [PARAMS.addOns]: request.addOns.join(',') } : {}),
    ...(request.date ? { [PARAMS.date]: request.date } : {}),
  };
}

/** A whole number as typed in an address ("120"), else NaN ("", "1e2", "12.5" and " 12" are not). */
function wholeNumber(text: string | null): number {
  return text !== null && /^\d{1,6}$/.test(text) ? Number(text) : Number.NaN;
}

/**
 * The estimate an address carries (/contact?package=…&guestCount=…), checked by the estimate's own schema: undefined
 * when it names no package or any input fails the schema. Parameters it does not know are not read.
 */
export function readEstimateParams(
  params: URLSearchParams,
  prices: BrowserPrices,
  phone: string,
  now?: () => Date,
): EstimateRequest | undefined {
  const packageId = params.get(PARAMS.packageId);
  if (packageId === null) return undefined;
  const addOns = params.get(PARAMS.addOns);
  const date = params.get(PARAMS.date);
  const parsed = v.safeParse(estimateSchema(prices, phone, now), {
    packageId,
    serviceLevel: params.get(PARAMS.serviceLevel) ?? undefined,
    guests: wholeNumber(params.get('guestCount')),
    hours: wholeNumber(params.get(PARAMS.hours)),
    zip: params.get(PARAMS.zip) ?? undefined,
    addOns: addOns ? addOns.split(',') : [],
    ...(date ? { date } : {}),
  });
  return parsed.success ? parsed.output : undefined;
}
