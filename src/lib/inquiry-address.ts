// Browser-safe: what the contact form takes from its address (the planner's "Send this estimate with my inquiry").
import * as v from 'valibot';
import type { EstimateRequest } from '@shared/schemas/estimate';
import { GuestCountSchema, InquirySchema, type InquiryOutput } from '@shared/schemas/inquiry';
import { readPlanMessage, type PlanMessageCopy } from './plan-message';
import { ESTIMATE_PARAMS, readEstimateParams, type BrowserPrices } from './estimate';

/** The fields an address may fill, each only when its rule takes the value. */
export type AddressFills = Partial<Record<'guestCount' | 'message' | 'eventDate', string>>;

/** What an address brings the contact form: fields to fill, an estimate to attach, and the address without them. */
export interface InquiryAddress {
  fills: AddressFills;
  estimate?: EstimateRequest;
  /** The address with every parameter the form reads removed, or undefined when it had none. */
  cleaned?: URL;
}

/** What the form needs to judge an address: the planner's message words, the price list's part and the phone. */
export interface AddressRules {
  plan: PlanMessageCopy;
  prices: BrowserPrices;
  phone: string;
  now?: () => Date;
}

function taken<T>(schema: v.GenericSchema<unknown, T>, value: unknown): T | undefined {
  const parsed = v.safeParse(schema, value);
  return parsed.success ? parsed.output : undefined;
}

/**
 * Reads the planner's parameters: the guest count as the form takes it, the message only in the planner's own shape
 * (readPlanMessage), an estimate only when its inputs pass the estimate's schema (its date then fills the event
 * date). Anything else is ignored: a stranger's link cannot put words in the visitor's message.
 */
export function readInquiryAddress(url: URL, rules: AddressRules): InquiryAddress {
  const params = url.searchParams;
  const fills: AddressFills = {};
  const guestCount = params.get('guestCount');
  if (guestCount !== null) fills.guestCount = taken(GuestCountSchema, guestCount);
  const message = params.get('message');
  const plan = message === null ? undefined : readPlanMessage(message, rules.plan);
  if (plan !== undefined) fills.message = taken(InquirySchema.entries.message, plan);
  const estimate = readEstimateParams(params, rules.prices, rules.phone, rules.now);
  if (estimate?.date) fills.eventDate = taken(InquirySchema.entries.eventDate, estimate.date);

  const names = ['guestCount', 'message', ...ESTIMATE_PARAMS].filter((name) => params.has(name));
  if (names.length === 0) return { fills, estimate };
  const cleaned = new URL(url);
  for (const name of names) cleaned.searchParams.delete(name);
  return { fills, estimate, cleaned };
}

/**
 * The inquiry with its attached estimate: the estimate's inputs, with the form's own guest count and event date (the
 * visitor may have changed them since the planner).
 */
export function withEstimate(inquiry: InquiryOutput, estimate: EstimateRequest | undefined) {
  if (!estimate) return inquiry;
  const { packageId, serviceLevel, hours, zip, addOns } = estimate;
  const date = inquiry.eventDate;
  return {
    ...inquiry,
    estimate: { packageId, serviceLevel, guests: Number(inquiry.guestCount), hours, zip, addOns, ...(date ? { date } : {}) },
  };
}
