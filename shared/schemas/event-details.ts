import cocktails from '@content/cocktails.json' with { type: 'json' };
import policy from '@content/event-policy.json' with { type: 'json' };
import * as v from 'valibot';
import type { FieldErrors } from './api-error';
import { addDaysUtc } from './dates';
import type { TimeSlotKey } from './booking';
import { CancelTokenSchema } from './cancel';
import { formObject, multiLineText, optionalField, singleLineText, storableText } from './fields';
import { SLOT_HOURS } from '../time-slots';
import { businessTime } from '../texas-time';

// The final details the client gives on their event page from signing until their due date (content's
// details.dueDaysBefore before the event): saved as they type, so every field may still be empty. What the schema
// cannot know alone (the bar's hours within the booked slot) is checkDetailsForSlot's, run by browser and server.

/** The menu's cocktail ids, the only ones the client may choose. */
export const COCKTAIL_IDS = cocktails.map((cocktail) => cocktail.id);
/** The largest final guest count (and adult count) the details take; the column's check allows as many. */
export const MAX_GUESTS = 10_000;
/** The most cocktails one event's details may name. */
export const MAX_COCKTAILS = 20;
/** The longest venue notes, in characters. */
export const MAX_VENUE_NOTES_LENGTH = 2000;
/** The longest name of the contact on site, in characters. */
export const MAX_CONTACT_LENGTH = 120;
/** The longest phone of the contact on site, in characters. */
export const MAX_PHONE_LENGTH = 40;

/** The fields of the final details, as stored and answered (an empty field is null; no cocktail chosen is []). */
export type EventDetailsFields = {
  guestCount: number | null;
  adultGuests: number | null;
  /** The bar's hours, HH:MM on the Texas clock, within the booked slot. */
  barStart: string | null;
  barEnd: string | null;
  cocktails: string[];
  venueNotes: string | null;
  onSiteContact: string | null;
  onSitePhone: string | null;
};

/** The final details as the event page and the desk see them. */
export type EventDetails = EventDetailsFields & {
  /** When they were last saved (null: never), by whom ('client' or the owner's username). */
  updatedAt: string | null;
  updatedBy: string | null;
  /** The last Texas day they may be changed online, and whether that is still so now. */
  dueOn: string;
  open: boolean;
  /** Whether every field is filled (the reminder goes while none is). */
  complete: boolean;
};

/** The names of the menu's cocktails `ids`, in the order given (an id no longer on the menu as it is). */
export function cocktailNames(ids: readonly string[]): string[] {
  return ids.map((id) => cocktails.find((cocktail) => cocktail.id === id)?.name ?? id);
}

/** A bar time (HH:MM on the Texas clock) as people read it: "18:30" → "6:30 PM". */
export function formatBarTime(hhmm: string): string {
  const hour = Number(hhmm.slice(0, 2));
  return `${hour % 12 === 0 ? 12 : hour % 12}:${hhmm.slice(3, 5)} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** The details of nothing filled yet. */
export const EMPTY_DETAILS: EventDetailsFields = {
  guestCount: null,
  adultGuests: null,
  barStart: null,
  barEnd: null,
  cocktails: [],
  venueNotes: null,
  onSiteContact: null,
  onSitePhone: null,
};

/** The last Texas day the final details of an event on `date` may be changed online. */
export function detailsDueOn(date: string, dueDaysBefore: number = policy.details.dueDaysBefore): string {
  return addDaysUtc(date, -dueDaysBefore);
}

/** The instant the details of an event on `date` close: the end of their due day in Texas. */
export function detailsCloseAt(date: string, dueDaysBefore: number = policy.details.dueDaysBefore): Date {
  return businessTime(addDaysUtc(detailsDueOn(date, dueDaysBefore), 1), 0);
}

/** Whether every field is filled. */
export function detailsComplete(details: EventDetailsFields): boolean {
  return (
    details.guestCount !== null &&
    details.adultGuests !== null &&
    details.barStart !== null &&
    details.barEnd !== null &&
    details.cocktails.length > 0 &&
    details.venueNotes !== null &&
    details.onSiteContact !== null &&
    details.onSitePhone !== null
  );
}

/** Whether nothing is filled. */
export function detailsEmpty(details: EventDetailsFields): boolean {
  return Object.entries(details).every(([, value]) => value === null || (Array.isArray(value) && value.length === 0));
}

const count = (what: string, least: number) =>
  optionalField(
    v.pipe(
      v.number(`Please enter ${what} as a number.`),
      v.integer(`Please enter ${what} as a whole number.`),
      v.minValue(least, `Please enter ${what} of ${least === 0 ? 'zero' : least} or more.`),
      v.maxValue(MAX_GUESTS, `Please call us for more than ${MAX_GUESTS.toLocaleString('en-US')} guests.`),
    ),
  );

const clock = (what: string) =>
  optionalField(v.pipe(v.string(`Please enter ${what} as HH:MM.`), v.trim(), v.regex(/^([01]\d|2[0-3]):[0-5]\d$/, `Please enter ${what} as HH:MM.`)));

const text = (what: string, max: number, multiLine = false) =>
  optionalField(
    v.pipe(
      v.string(`Please write ${what} as text.`),
      v.trim(),
      v.normalize('NFC'),
      v.maxLength(max, `Please keep ${what} to ${max} characters.`),
      storableText(),
      multiLine ? multiLineText(what) : singleLineText(what),
    ),
  );

/** What the event page sends to POST /api/portal/details: the link's token and the details as they stand. */
export const DetailsRequestSchema = v.pipe(
  formObject(
    {
      token: CancelTokenSchema,
      guestCount: count('the guest count', 1),
      adultGuests: count('the adult guests', 0),
      barStart: clock('the bar’s start'),
      barEnd: clock('the bar’s end'),
      cocktails: v.optional(
        v.pipe(
          v.array(v.picklist(COCKTAIL_IDS, 'Please choose the cocktails from our menu.'), 'Please send the cocktails as a list.'),
          v.maxLength(MAX_COCKTAILS, `Please choose at most ${MAX_COCKTAILS} cocktails.`),
          v.transform((ids) => [...new Set(ids)]),
        ),
        [],
      ),
      venueNotes: text('the venue notes', MAX_VENUE_NOTES_LENGTH, true),
      onSiteContact: text('the contact’s name', MAX_CONTACT_LENGTH),
      onSitePhone: text('the contact’s phone', MAX_PHONE_LENGTH),
    },
    'Please send the link and the details.',
  ),
  v.forward(
    v.check(
      (input) => input.guestCount === null || input.adultGuests === null || input.adultGuests <= input.guestCount,
      'The adult guests cannot be more than the guests.',
    ),
    ['adultGuests'],
  ),
);
export type DetailsRequestInput = v.InferInput<typeof DetailsRequestSchema>;
export type DetailsRequest = v.InferOutput<typeof DetailsRequestSchema>;

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * What the bar's hours break for a booking of slot `slot`: they lie within the slot's hours, and the end comes after
 * the start. Empty when nothing (browser and server both run it after the schema).
 */
export function checkDetailsForSlot(details: Pick<EventDetailsFields, 'barStart' | 'barEnd'>, slot: TimeSlotKey): FieldErrors {
  const hours = SLOT_HOURS[slot];
  const within = (hhmm: string) => minutes(hhmm) >= hours.start * 60 && minutes(hhmm) <= hours.end * 60;
  const range = `${String(hours.start).padStart(2, '0')}:00 and ${String(hours.end % 24).padStart(2, '0')}:00`;
  const errors: FieldErrors = {};
  if (details.barStart !== null && !within(details.barStart)) errors.barStart = `Please choose a start between ${range}, your booked time.`;
  if (details.barEnd !== null && !within(details.barEnd)) errors.barEnd = `Please choose an end between ${range}, your booked time.`;
  if (details.barStart !== null && details.barEnd !== null && !errors.barStart && !errors.barEnd && minutes(details.barEnd) <= minutes(details.barStart)) {
    errors.barEnd = 'Please choose an end after the start.';
  }
  return errors;
}

/** What the API answers (409 details_closed) to a change after the due date. */
export const DETAILS_CLOSED_MESSAGE =
  'Your final details were due by {dueOn}, so they can no longer be changed online. Please call us at {phone} with any change.';

/** What the API answers (409 details_not_open) to details sent before the contract is signed. */
export const DETAILS_NOT_OPEN_MESSAGE =
  'Your final details open once your contract is signed. Please read and sign it first, or give us a call.';
