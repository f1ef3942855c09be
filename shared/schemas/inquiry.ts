import * as v from 'valibot';
import { INQUIRY_WINDOW_YEARS, addYearsUtc, isCalendarDate, todayUtc } from './dates';
import {
  MAX_FIRST_NAME_LENGTH,
  emailAddress,
  formObject,
  multiLineText,
  personName,
  requiredText,
  storableText,
} from './fields';
import { EventLocationSchema, GuestCountSchema, PhoneSchema } from './contact-details';
import { HONEYPOT_FIELD, HoneypotSchema } from './honeypot';
import type { PricedRequest } from '../pricing';

// The contact details live in their own module, shared with the booking schema: the availability page's bundle then
// carries them without this module (the inquiry's own rules, field table and copy schema ship to /contact only).
export { EventLocationSchema, GUEST_RANGE, GuestCountSchema, PhoneSchema } from './contact-details';

/** Event types a visitor can pick on the inquiry form, in display order. */
export const INQUIRY_EVENT_TYPES = [
  { value: 'wedding', label: 'Wedding' },
  { value: 'private', label: 'Private Party' },
  { value: 'corporate', label: 'Corporate Event' },
  { value: 'other', label: 'Other' },
] as const;

/** Longest free-text message the form accepts, in characters. */
export const MAX_MESSAGE_LENGTH = 5_000;

/**
 * The event inquiry schema, judging "today" (UTC, as bookings do) by `now()` at each validation: pass a fixed clock in
 * tests. Event dates before today or more than INQUIRY_WINDOW_YEARS ahead are refused.
 */
export function createInquirySchema(now: () => Date = () => new Date()) {
  return formObject(
    {
      // The acknowledgement greets the visitor by it: short, and no link or address (personName).
      firstName: personName(
        'Please enter your first name.',
        MAX_FIRST_NAME_LENGTH,
        `Please enter a first name of at most ${MAX_FIRST_NAME_LENGTH} characters.`,
        'your first name',
        'Please write your first name without a web or e-mail address.',
      ),
      lastName: requiredText(
        'Please enter your last name.',
        100,
        'Please enter a last name of at most 100 characters.',
        'your last name',
      ),
      email: emailAddress('Please enter your email address.'),
      phone: PhoneSchema,
      eventType: v.picklist(
        INQUIRY_EVENT_TYPES.map((type) => type.value),
        'Please choose an event type.',
      ),
      guestCount: GuestCountSchema,
      eventDate: v.pipe(
        v.string('Please choose your event date.'),
        v.trim(),
        v.nonEmpty('Please choose your event date.'),
        v.check(isCalendarDate, 'Please choose a valid event date.'),
        v.check((date) => date >= todayUtc(now()), 'Please choose an event date of today or later.'),
        v.check(
          (date) => date <= addYearsUtc(todayUtc(now()), INQUIRY_WINDOW_YEARS),
          `Please choose an event date within the next ${INQUIRY_WINDOW_YEARS} years.`,
        ),
      ),
      eventLocation: EventLocationSchema,
      message: v.optional(
        v.pipe(
          v.string('Please write your message as text.'),
          v.trim(),
          v.normalize('NFC'),
          v.maxLength(MAX_MESSAGE_LENGTH, 'Please keep your message to at most 5,000 characters.'),
          storableText(),
          multiLineText('your message'),
          // A blank message is no message.
          v.transform((value) => (value === '' ? undefined : value)),
        ),
      ),
      // The estimate's inputs ({ packageId, serviceLevel, guests, hours, zip, addOns, date? }), taken as they come:
      // the server checks and prices them with the shared estimate schema (estimatePrice), so the price list and its
      // rules stay out of the contact page's bundle. Null is no estimate, as absent is.
      estimate: v.nullish(v.unknown()),
      [HONEYPOT_FIELD]: HoneypotSchema,
    },
    'Please send the inquiry form fields.',
  );
}

/** The event inquiry a visitor sends from the contact form, judged against today's date at each validation. */
export const InquirySchema = createInquirySchema();

/** What the inquiry form sends (with an estimate, its inputs: EstimateRequestInput, checked by the server). */
export type InquiryInput = v.InferInput<typeof InquirySchema>;
/**
 * A validated inquiry's fields: trimmed, NFC-normalised, guest count as text, unknown fields dropped. The estimate's
 * inputs are not among them: the server prices them (PricedInquiry).
 */
export type InquiryOutput = Omit<v.InferOutput<typeof InquirySchema>, 'estimate'>;
/** A checked inquiry as the server stores it: its fields, and the estimate it priced from the inputs sent, if any. */
export type PricedInquiry = InquiryOutput & { estimate?: PricedRequest | undefined };
/** One of the inquiry event type values. */
export type InquiryEventType = (typeof INQUIRY_EVENT_TYPES)[number]['value'];

/** An inquiry field the visitor fills in (the honeypot is not one). */
export type InquiryFieldKey = Exclude<keyof InquiryOutput, typeof HONEYPOT_FIELD>;

/**
 * How a field is shown: `name` in the desk's summary line, `email` and `phone` as links, `eventType` by its option
 * label, `date` written out, `text` as it was typed, `message` as free text under its own heading.
 */
export type InquiryFieldKind = 'name' | 'email' | 'phone' | 'eventType' | 'date' | 'text' | 'message';

/**
 * One stored inquiry field: its key in the schema, its contact_inquiries column and how it is shown. `toVisitor`:
 * the acknowledgement mailed to the address the visitor typed may repeat it (only the link-free first name and
 * closed-set values: a field without it reaches the owner only, so that address cannot be sent text of a stranger's).
 */
export type InquiryField = { key: InquiryFieldKey; column: string; kind: InquiryFieldKind; toVisitor?: true };

// Keyed by the schema's own fields, so a field missing here, or one the schema does not have, does not compile.
const FIELDS: { [K in InquiryFieldKey]: Omit<InquiryField, 'key'> } = {
  firstName: { column: 'first_name', kind: 'name', toVisitor: true },
  lastName: { column: 'last_name', kind: 'name' },
  email: { column: 'email', kind: 'email' },
  phone: { column: 'phone', kind: 'phone' },
  eventType: { column: 'event_type', kind: 'eventType', toVisitor: true },
  guestCount: { column: 'guest_count', kind: 'text', toVisitor: true },
  eventDate: { column: 'event_date', kind: 'date', toVisitor: true },
  eventLocation: { column: 'event_location', kind: 'text' },
  message: { column: 'message', kind: 'message' },
};

/**
 * The inquiry's stored fields in display order: the SQL column lists, the CSV, the mails and the desk derive from it.
 * A new field is a line in the schema, a line here, its label in content/inquiry-fields.json and a migration.
 */
export const INQUIRY_FIELDS: readonly InquiryField[] = Object.entries(FIELDS).map(([key, field]) => ({
  key: key as InquiryFieldKey,
  ...field,
}));

/** A stored inquiry's fields: the schema's output, with an optional field that was left out stored as null. */
export type InquiryRecord = {
  [K in InquiryFieldKey]-?: Exclude<InquiryOutput[K], undefined> | (undefined extends InquiryOutput[K] ? null : never);
};

const Label = v.pipe(v.string(), v.trim(), v.nonEmpty());

/** Whether `labels` has a label for every inquiry field and for nothing else. */
function labelsEveryField(labels: Record<string, string>): boolean {
  const keys = Object.keys(labels);
  return keys.length === INQUIRY_FIELDS.length && INQUIRY_FIELDS.every((field) => Object.hasOwn(labels, field.key));
}

/** content/inquiry-fields.json: the CSV's "received" heading and one label per field, no more, no fewer. */
export const InquiryFieldCopySchema = v.object({
  received: Label,
  /** The CSV's column of the owner's pipeline status. */
  status: Label,
  // A record and a key check rather than v.strictObject: valibot is one module for every island, so a function only
  // the desk needs would be shipped to every public page with a form as well.
  labels: v.pipe(
    v.record(v.string(), Label),
    v.check(labelsEveryField, 'Please give one label per inquiry field, no more, no fewer.'),
    v.transform((labels) => labels as Record<InquiryFieldKey, string>),
  ),
});

/** The labels of the inquiry's fields, as the mails, the CSV and the desk show them. */
export type InquiryFieldCopy = v.InferOutput<typeof InquiryFieldCopySchema>;
