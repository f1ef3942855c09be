// Browser-safe: the planner island and the contact form price with these, and /services at build time. Never import
// shared/places.ts or shared/pricing.ts here (their types aside): they carry the table of Texas ZIP codes, which no
// page ships.
import * as v from 'valibot';
import { createEstimateRequestSchema, type EstimateRequest, type EstimateRequestInput } from '@shared/schemas/estimate';
import type { PriceList } from '@shared/schemas/price-list';

/** The parts of the price list a page's islands read: the ranges, the choices, the deposit and the estimate's words. */
type BrowserPart = 'guests' | 'hours' | 'bartenders' | 'packages' | 'serviceLevels' | 'addOns' | 'deposit' | 'copy';

/** The price list as an island receives it: its choices and rules, without the sources (fewer bytes of HTML). */
export type BrowserPrices = {
  guests: Omit<PriceList['guests'], 'source'>;
  hours: Omit<PriceList['hours'], 'source'>;
  bartenders: Omit<PriceList['bartenders'], 'source'>;
  packages: { [K in keyof PriceList['packages']]: Omit<PriceList['packages'][K], 'source'> };
  serviceLevels: PriceList['serviceLevels'];
  addOns: Omit<PriceList['addOns'][number], 'source'>[];
  deposit: Omit<PriceList['deposit'], 'source'>;
  copy: PriceList['copy'];
};

/** What /services and /contact hand their islands (build time): the browser's part of `prices`, sources dropped. */
export function browserPrices(prices: PriceList): BrowserPrices {
  const picked: Pick<PriceList, BrowserPart> = {
    guests: prices.guests,
    hours: prices.hours,
    bartenders: prices.bartenders,
    packages: prices.packages,
    serviceLevels: prices.serviceLevels,
    addOns: prices.addOns,
    deposit: prices.deposit,
    copy: prices.copy,
  };
  return JSON.parse(JSON.stringify(picked, (key, value: unknown) => (key === 'source' ? undefined : value))) as BrowserPrices;
}

/**
 * The browser's part of the price list where the shared rules ask for a whole one. They read only the ranges, the
 * add-ons' ids and packages and the call-us sentence (estimate.test.ts checks they judge as with the full list).
 */
export function asPriceList(prices: Partial<BrowserPrices>): PriceList {
  return prices as unknown as PriceList;
}

/** The estimate route's schema (shared/schemas/estimate.ts) over the browser's part of the price list. */
export function estimateSchema(prices: BrowserPrices, phone: string, now?: () => Date) {
  return createEstimateRequestSchema(asPriceList(prices), phone, now);
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
