import {
  EMPTY_DETAILS,
  detailsCloseAt,
  detailsComplete,
  detailsDueOn,
  type EventDetails,
  type EventDetailsFields,
} from '@shared/schemas/event-details';
import { isoTimestamp } from '../db';

/** One row of `event_details` (migration 014): the final details of one booking, each field null until given. */
export type DetailsRow = {
  booking_id: string;
  guest_count: number | null;
  adult_guests: number | null;
  bar_start: string | null;
  bar_end: string | null;
  /** jsonb: the menu's cocktail ids. */
  cocktails: string[];
  venue_notes: string | null;
  on_site_contact: string | null;
  on_site_phone: string | null;
  updated_at: Date | string;
  updated_by: string;
};

/** The columns of a DetailsRow, for every SELECT and RETURNING on `event_details`. */
export const DETAILS_COLUMNS = `booking_id, guest_count, adult_guests, bar_start, bar_end, cocktails, venue_notes,
  on_site_contact, on_site_phone, updated_at, updated_by`;

const count = (value: number | string | null) => (value === null ? null : Number(value));

/** The fields a row holds; no row is the details of nothing filled yet. */
export function fieldsOf(row: DetailsRow | undefined): EventDetailsFields {
  if (!row) return EMPTY_DETAILS;
  return {
    guestCount: count(row.guest_count),
    adultGuests: count(row.adult_guests),
    barStart: row.bar_start,
    barEnd: row.bar_end,
    cocktails: Array.isArray(row.cocktails) ? row.cocktails : [],
    venueNotes: row.venue_notes,
    onSiteContact: row.on_site_contact,
    onSitePhone: row.on_site_phone,
  };
}

/**
 * The one mapper of a DetailsRow: the final details of the booking on `date` as the event page and the desk see them
 * at `now` (the due day is the event's, so the row alone cannot say it).
 */
export function toEventDetails(row: DetailsRow | undefined, booking: { date: string }, now: Date): EventDetails {
  const fields = fieldsOf(row);
  return {
    ...fields,
    updatedAt: row ? isoTimestamp(row.updated_at) : null,
    updatedBy: row ? row.updated_by : null,
    dueOn: detailsDueOn(booking.date),
    open: now.getTime() < detailsCloseAt(booking.date).getTime(),
    complete: detailsComplete(fields),
  };
}
