// The proposal form's values as the owner types them, and the request they become: pure, so tests read them plainly.
import type * as v from 'valibot';
import { PRICES } from '@shared/prices';
import type { FieldErrors } from '@shared/schemas/api-error';
import type { TimeSlotKey } from '@shared/schemas/booking';
import type { EstimateRequest } from '@shared/schemas/estimate';
import type { OwnerBooking } from '@shared/schemas/owner/bookings';
import type { OwnerInquiry } from '@shared/schemas/owner/inquiries';
import { PACKAGE_IDS, SERVICE_LEVELS, type PackageId, type ServiceLevel } from '@shared/schemas/price-list';
import type { ProposalRequestInput } from '@shared/schemas/proposal';
import type { ProposalOwner } from '../../../lib/desk-proposals';

/** What the form starts from: the estimate's inputs the inquiry was sent with (or the guests alone), its date. */
export type ProposalPrefill = {
  estimate?: Partial<EstimateRequest>;
  date?: string;
  timeSlot?: TimeSlotKey;
};

/** One extra line as typed: its words and its amount in dollars (text); `key` keeps React's rows apart. */
export type DraftLine = { key: number; label: string; amount: string };

/** The form's values, as typed (numbers stay text until sent). */
export type ProposalDraft = {
  packageId: PackageId;
  serviceLevel: ServiceLevel;
  guests: string;
  hours: string;
  zip: string;
  addOns: string[];
  date: string;
  timeSlot: TimeSlotKey | '';
  validDays: string;
  extraLines: DraftLine[];
};

/** The prefill of an inquiry: its stored estimate's inputs when it has one, else its guest count; its event date. */
export function prefillFromInquiry(inquiry: Pick<OwnerInquiry, 'estimate' | 'guestCount' | 'eventDate'>): ProposalPrefill {
  const guests = /^\d{1,6}$/.test(inquiry.guestCount ?? '') ? Number(inquiry.guestCount) : undefined;
  const estimate = inquiry.estimate?.request ?? (guests === undefined ? undefined : { guests });
  return { ...(estimate && { estimate }), ...(inquiry.eventDate && { date: inquiry.eventDate }) };
}

/** The prefill of a booking: its guest count when the client gave one (its date and slot are its own). */
export function prefillFromBooking(booking: Pick<OwnerBooking, 'guestCount'>): ProposalPrefill {
  return booking.guestCount === null ? {} : { estimate: { guests: booking.guestCount } };
}

/** The form's first values: the prefill, else the price list's first package and level and its included hours. */
export function initialDraft(prefill: ProposalPrefill, validDays: number): ProposalDraft {
  const { estimate = {} } = prefill;
  return {
    packageId: estimate.packageId ?? PACKAGE_IDS[0],
    serviceLevel: estimate.serviceLevel ?? SERVICE_LEVELS[0],
    guests: estimate.guests === undefined ? '' : String(estimate.guests),
    hours: String(estimate.hours ?? PRICES.hours.included),
    zip: estimate.zip ?? '',
    addOns: [...(estimate.addOns ?? [])],
    date: prefill.date ?? estimate.date ?? '',
    timeSlot: prefill.timeSlot ?? '',
    validDays: String(validDays),
    extraLines: [],
  };
}

/**
 * Dollars as typed ("150", "-25.5", "$1,200.00") in integer cents, or NaN when it is not an amount. Worked on the text,
 * so no binary fraction creeps in (0.29 dollars is 29 cents, not 28.999…).
 */
export function dollarsToCents(text: string): number {
  const match = /^(-)?\s*\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return Number.NaN;
  const [, minus, whole = '', fraction = ''] = match;
  const cents = Number(whole.replaceAll(',', '')) * 100 + Number(fraction.padEnd(2, '0'));
  return minus ? -cents : cents;
}

/** A number as typed, or NaN (the schema then says what to type). */
const whole = (text: string) => (/^\s*-?\d+\s*$/.test(text) ? Number(text) : Number.NaN);

/** The request the draft makes for `of`: the date and slot only from an inquiry (a booking keeps its own). */
export function proposalRequest(of: ProposalOwner, draft: ProposalDraft): ProposalRequestInput {
  const offered = PRICES.addOns.filter((addOn) => (addOn.packages as readonly string[]).includes(draft.packageId)).map((addOn) => addOn.id);
  return {
    ...of,
    ...('inquiryId' in of && { date: draft.date, timeSlot: draft.timeSlot as TimeSlotKey }),
    estimate: {
      packageId: draft.packageId,
      serviceLevel: draft.serviceLevel,
      guests: whole(draft.guests),
      hours: whole(draft.hours),
      zip: draft.zip.trim(),
      addOns: draft.addOns.filter((id) => offered.includes(id)),
    },
    extraLines: draft.extraLines.map((line) => ({ label: line.label, amountCents: dollarsToCents(line.amount) })),
    validDays: whole(draft.validDays),
  };
}

/**
 * A field's message by the form's control names: an estimate field by its own name (`guests`, whether the answer says
 * `estimate.guests` or `guests`), an extra line's as `extraLines.<n>.label` / `.amount`; anything else as it came.
 */
export function formFieldName(path: string): string {
  return path.replace(/^estimate\./, '').replace(/^(extraLines\.\d+\.)amountCents$/, '$1amount');
}

/** The server's (or the schema's) messages by the form's names; the first message per name wins. */
export function formErrors(fields: FieldErrors): FieldErrors {
  const errors: FieldErrors = {};
  for (const [path, message] of Object.entries(fields)) {
    const name = formFieldName(path);
    if (!(name in errors)) errors[name] = message;
  }
  return errors;
}

/** The schema's issues by dotted path (`estimate.guests`, `extraLines.0.label`); a form-wide one under ''. */
export function issuePaths(issues: readonly v.BaseIssue<unknown>[]): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of issues) {
    const path = (issue.path ?? []).map((item) => String(item.key)).join('.');
    if (!(path in fields)) fields[path] = issue.message;
  }
  return fields;
}
