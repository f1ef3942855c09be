/**
 * The one set of test fixtures (after Starlight's `__tests__/test-utils.ts`): the site's copy read from `content`,
 * a clock tests inject instead of reading the wall clock, and valid inquiries and bookings built from both.
 * Editing a cocktail, a nav link or the phone number in `content` changes what the tests expect, not the tests.
 */
import { afterEach, beforeEach, vi } from 'vitest';
import cocktailsJson from '@content/cocktails.json';
import emailsJson from '@content/emails.json';
import faqJson from '@content/faq.json';
import formsJson from '@content/forms.json';
import highlightsJson from '@content/highlights.json';
import packagesJson from '@content/packages.json';
import pagesJson from '@content/pages.json';
import settingsJson from '@content/settings.json';
import statsJson from '@content/stats.json';
import testimonialsJson from '@content/testimonials.json';
import valuesJson from '@content/values.json';
import { BOOKING_EVENT_TYPES, TIME_SLOTS, type BookingInput, type TimeSlotKey } from '@shared/schemas/booking';
import { addDaysUtc, todayUtc } from '@shared/schemas/dates';
import { INQUIRY_EVENT_TYPES, type InquiryInput, type InquiryOutput } from '@shared/schemas/inquiry';
import { fillTemplate } from '@shared/template';
import type { ProposalMail } from '../netlify/lib/mail/messages/proposal';
import type { ContractFacts } from '../netlify/lib/proposals/document';
import { sampleContractFacts } from '../scripts/lib/shared-harness/sample-contract';
import { sampleInquiry } from '../scripts/lib/shared-harness/sample-inquiry';

// ---------------------------------------------------------------------------------------------------------------
// Copy, as the owner writes it in content (slot and event-type labels live beside their keys in shared/schemas).

/** Site settings: brand, phone, e-mail, navigation, footer, renovation notice (content/settings.json). */
export const site = settingsJson.site;
/** The copy of each content page (content/pages.json). */
export const pages = pagesJson;

/** The availability checker's `business` prop, as src/pages/availability.astro builds it from the content. */
export const checkerBusiness = {
  brandName: site.brandName,
  phone: site.phone,
  email: site.email,
  calendar: { ...emailsJson.calendar, timeZoneName: emailsJson.common.timeZoneName },
};
/** The copy of the contact and availability pages (content/forms.json). */
export const forms = formsJson;
/** The signature cocktails, in menu order. */
export const cocktails = cocktailsJson;
/** The FAQ groups with their questions and answers, in page order. */
export const faqGroups = faqJson;
/** The home page's highlights, in order. */
export const highlights = highlightsJson;
/** The about page's values, in order. */
export const values = valuesJson;
/** The service packages, in order. */
export const packages = packagesJson;
/** The services page's stats, in order. */
export const stats = statsJson;
/** The home page's testimonials, in order. */
export const testimonials = testimonialsJson;

/** The header navigation as [label, href], in order, the Contact button last. */
export const NAV_LINKS: ReadonlyArray<readonly [label: string, href: string]> = [
  ...site.nav.links.map((link) => [link.label, link.href] as const),
  [site.nav.cta.label, site.nav.cta.href],
];
/** The footer's quick links as [label, href], in order. */
export const FOOTER_LINKS: ReadonlyArray<readonly [label: string, href: string]> = site.footer.quickLinks.map(
  (link) => [link.label, link.href] as const,
);
/** The `tel:` link of the phone number in settings. */
export const PHONE_HREF = `tel:+1${site.phone.replace(/\D/g, '')}`;


/** The label of a time slot key, as the checker lists it ("evening" → "Evening 6PM - 11PM"). */
export function slotLabel(key: TimeSlotKey): string {
  return TIME_SLOTS.find((slot) => slot.key === key)!.label;
}
/** The labels of every time slot, in day order. */
export const SLOT_LABELS: readonly string[] = TIME_SLOTS.map((slot) => slot.label);

/** The label of an inquiry event type value, as the inquiry form's select shows it. */
export function inquiryEventLabel(value: InquiryInput['eventType']): string {
  return INQUIRY_EVENT_TYPES.find((type) => type.value === value)!.label;
}
/** The label of a booking event type value, as the reservation form's select shows it. */
export function bookingEventLabel(value: BookingInput['eventType']): string {
  return BOOKING_EVENT_TYPES.find((type) => type.value === value)!.label;
}

const inquiryForm = formsJson.contact.form;
const checker = formsJson.availability.checker;
const reservation = checker.reservation;

/** Field labels of the inquiry form, by field name. */
export const INQUIRY_LABELS: Record<keyof Omit<InquiryInput, 'website' | 'estimate'>, string> = inquiryForm.labels;
/** Buttons of the inquiry form: idle and while sending. */
export const INQUIRY_BUTTONS = { submit: inquiryForm.submit, pending: inquiryForm.pending };
/** Toasts of the inquiry form. */
export const INQUIRY_TOASTS = {
  success: inquiryForm.success,
  failureTitle: inquiryForm.failure.title,
  failureFallback: inquiryForm.failure.fallback,
};

/** Field labels of the reservation form, by field name. */
export const BOOKING_LABELS: Record<'clientName' | 'clientEmail' | 'eventType', string> = reservation.labels;
/** Buttons of the reservation form: idle and while booking. */
export const BOOKING_BUTTONS = { submit: reservation.submit, pending: reservation.pending };
/** Toasts of the reservation form. */
export const BOOKING_TOASTS = {
  confirmed: reservation.confirmed,
  failed: { title: reservation.failure.title, description: reservation.failure.fallback },
  missing: reservation.missing,
};
/** What the availability checker says about a date's slots. */
export const AVAILABILITY_MESSAGES = {
  loading: checker.loading,
  empty: checker.empty,
  loadFailed: checker.loadFailed,
  retry: checker.retry,
  slotGone: checker.slotGone,
};

/** The e-mails' copy (content/emails.json): subjects, headings and lines, with `{placeholders}`. */
export const emails = emailsJson;

/** Kinds of e-mail with their own copy in content/emails.json. */
export type MailKind = { [K in keyof typeof emailsJson]: (typeof emailsJson)[K] extends { subject: string } ? K : never }[keyof typeof emailsJson];

/**
 * A line of an e-mail's copy as the mail says it: `emails[kind][key]` with its placeholders filled
 * (`mailWording('inquiryClient', 'subject', { firstName: 'Dolly' })` → "We got your inquiry, Dolly").
 */
export function mailWording<K extends MailKind>(
  kind: K,
  key: keyof (typeof emailsJson)[K] & string,
  values: { readonly [name: string]: unknown } = {},
): string {
  // Only text and numbers fill a placeholder (an inquiry's estimate, say, is no placeholder's value).
  const filled = Object.fromEntries(
    Object.entries(values).filter((entry): entry is [string, string | number] => ['string', 'number'].includes(typeof entry[1])),
  );
  return fillTemplate(String((emailsJson[kind] as Record<string, unknown>)[key]), { brandName: site.brandName, ...filled });
}

/** The 503 body every endpoint answers while the database is unreachable (netlify/lib/http/endpoint.ts). */
export const UNAVAILABLE = {
  error: {
    code: 'service_unavailable',
    message: 'Our booking system is taking a short break. Please try again in a few minutes.',
  },
};

// ---------------------------------------------------------------------------------------------------------------
// The clock: tests pass one in instead of reading the wall clock.

/** A fixed instant and the calendar days around it (UTC, the booking rules' time zone: shared/schemas/dates.ts). */
export interface Clock {
  /** The fixed instant. */
  readonly now: Date;
  /** Its UTC date, YYYY-MM-DD. */
  readonly today: string;
  /** The UTC date `days` after today (negative: before), YYYY-MM-DD. */
  day(days: number): string;
}

/**
 * A clock fixed at `now`, by default noon UTC of the day this module loaded: twelve hours from either midnight, so
 * a date two or more days from `today` is on the same side of the server's "today" even if a run crosses midnight.
 */
export function fixedClock(now: Date = new Date(`${todayUtc()}T12:00:00.000Z`)): Clock {
  const today = todayUtc(now);
  return { now, today, day: (days) => addDaysUtc(today, days) };
}

/** The clock of this test run (one per test file). */
export const clock: Clock = fixedClock();

/**
 * Pins `Date` (not timers) to `at.now` for each test of the enclosing block, so code under test that asks for the
 * time (a function judging "today") gets the clock's answer: for tests on the exact edges of the booking window.
 */
export function freezeClock(at: Clock = clock): void {
  beforeEach(() => {
    vi.setSystemTime(at.now);
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Valid submissions.

let sequence = 0;

/** An e-mail address no other fixture of this run has used: `tag-<n>-<time>@example.com`. */
export function uniqueEmail(tag = 'guest'): string {
  sequence += 1;
  return `${tag}-${sequence}-${Date.now().toString(36)}@example.com`;
}

/** A valid inquiry as the form sends it; the event date is 150 days after the clock's today. */
export function inquiry(patch: Partial<InquiryInput> = {}, at: Clock = clock): InquiryInput {
  return { ...sampleInquiry(at.day(150)), ...patch };
}

/** The event date of the mail fixtures: a Saturday the mails spell out as "Saturday, April 17, 2027". */
export const MAIL_EVENT_DATE = '2027-04-17';

/**
 * The inquiry the mail tests send, as the server holds it after validation (`website` empty): `inquiry` on the fixed
 * `MAIL_EVENT_DATE`, so the wording the mails spell out (the date's weekday) does not move with the clock.
 */
export function mailInquiry(patch: Partial<InquiryOutput> = {}): InquiryOutput {
  return { ...inquiry({ eventDate: MAIL_EVENT_DATE }), website: '', ...patch } as InquiryOutput;
}

/** A proposal's facts for the contract's tests, on the fixed `MAIL_EVENT_DATE` so the document's words hold still. */
export function contractFacts(patch: Partial<ContractFacts> = {}): ContractFacts {
  return sampleContractFacts(MAIL_EVENT_DATE, patch);
}

/**
 * A sent proposal as its mails take it (tentative: made from an inquiry), with `patch` on top; `signed` and
 * `countersigned` add the client's signature and then the owner's.
 */
export function proposalMail(patch: Partial<ProposalMail> = {}, stage: 'sent' | 'signed' | 'countersigned' = 'sent'): ProposalMail {
  return {
    bookingId: '22222222-2222-4222-8222-222222222222',
    proposalId: '33333333-3333-4333-8333-333333333333',
    clientName: 'Dolly Rivera',
    clientEmail: 'dolly@example.com',
    eventType: 'wedding',
    date: '2027-07-10',
    timeSlot: 'evening',
    eventLocation: 'Rivera Ranch, 12 Live Oak Rd',
    totalCents: 576_000,
    schedule: [
      { label: 'Retainer', amountCents: 288_000, dueOn: '2026-12-05' },
      { label: 'Balance', amountCents: 288_000, dueOn: '2027-06-10' },
    ],
    validUntil: '2026-12-12',
    tentative: true,
    documentSha256: 'a'.repeat(64),
    ...(stage === 'sent' ? {} : { signatureName: 'Dolly Rivera', signedAt: '2026-12-04T20:15:00.000Z' }),
    ...(stage === 'countersigned' ? { countersignedBy: 'owner', countersignedAt: '2026-12-05T15:00:00.000Z' } : {}),
    ...patch,
  };
}

/** The row `inquiry` is stored as in contact_inquiries (without id and created_at), after trimming. */
export function storedInquiry(sent: InquiryInput): Record<string, unknown> {
  return {
    first_name: sent.firstName,
    last_name: sent.lastName,
    email: sent.email,
    phone: sent.phone,
    event_type: sent.eventType,
    guest_count: String(sent.guestCount),
    event_date: sent.eventDate,
    event_location: sent.eventLocation,
    message: sent.message ?? null,
    // Without an estimate (migration 012): both columns null.
    estimate_request: null,
    estimate: null,
  };
}

/**
 * A valid reservation as the form sends it: 30 days after the clock's today, the evening slot, and an e-mail address
 * of its own (a client may hold only a few slots at once, so fixtures never share one by accident).
 */
export function booking(patch: Partial<BookingInput> = {}, at: Clock = clock): BookingInput {
  return {
    date: at.day(30),
    timeSlot: 'evening',
    clientName: 'Hank Porter',
    clientEmail: uniqueEmail('hank'),
    eventType: 'birthday',
    ...patch,
  };
}
