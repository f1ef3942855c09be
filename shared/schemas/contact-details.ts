/** The client's contact details, asked alike by the inquiry and (optionally) by the booking form. */
import * as v from 'valibot';
import pricesJson from '@content/prices.json' with { type: 'json' };
import settings from '@content/settings.json' with { type: 'json' };
import { requiredText } from './fields';
import { fillTemplate } from '../template';

/**
 * The guest range of the price list (content/prices.json): the inquiry, the booking, the planner and the estimate
 * take the same counts. Above the largest, the message says to call.
 */
export const GUEST_RANGE = { min: pricesJson.prices.guests.min, max: pricesJson.prices.guests.max } as const;

/** The sentence for a party above the range: call us, with the number. */
export const TOO_MANY_GUESTS_MESSAGE = fillTemplate(pricesJson.prices.copy.tooManyGuests, {
  max: GUEST_RANGE.max,
  phone: settings.site.phone,
});

const PHONE_CHARACTERS = /^\+?[\d\s().-]+$/;

function digitCount(value: string): number {
  return value.replace(/\D/g, '').length;
}

/** A phone number as the inquiry asks it: 7 to 15 digits, at most 30 characters of digits, spaces, + ( ) . -. */
export const PhoneSchema = v.pipe(
  requiredText(
    'Please enter your phone number.',
    30,
    'Please enter a phone number of at most 30 characters.',
    'your phone number',
  ),
  v.regex(PHONE_CHARACTERS, 'Please enter a valid phone number.'),
  v.check((value) => digitCount(value) >= 7 && digitCount(value) <= 15, 'Please enter a valid phone number.'),
);

/** A guest count: a whole number in GUEST_RANGE, as text or number, output as text ("012" → "12"). */
export const GuestCountSchema = v.pipe(
  v.union([v.string(), v.number()], 'Please enter your guest count.'),
  v.transform((value) => String(value).trim()),
  v.nonEmpty('Please enter your guest count.'),
  v.regex(/^\d+$/, 'Please enter the number of guests as a whole number.'),
  v.check(
    (value) => Number(value) >= GUEST_RANGE.min,
    GUEST_RANGE.min === 1 ? 'Please enter at least 1 guest.' : `Please enter at least ${GUEST_RANGE.min} guests.`,
  ),
  v.check((value) => Number(value) <= GUEST_RANGE.max, TOO_MANY_GUESTS_MESSAGE),
  // Stored as text (contact_inquiries.guest_count in db/migrations/001_initial_schema.sql): "012" and 12 both become "12".
  v.transform((value) => String(Number(value))),
);

/** Where the event takes place: one line of at most 200 characters. */
export const EventLocationSchema = requiredText(
  'Please enter your event location.',
  200,
  'Please enter an event location of at most 200 characters.',
  'your event location',
);
