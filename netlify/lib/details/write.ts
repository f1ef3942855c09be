import type { EventDetailsFields } from '@shared/schemas/event-details';
import type { Queryable } from '../db';
import { DETAILS_COLUMNS, type DetailsRow } from './row';

/**
 * The one writer of `event_details`: stores the whole set of fields of booking `bookingId` as they stand (an empty
 * field is null), made or replaced in one statement, stamped with when and by whom ('client', or the owner's
 * username). A save as the client types is frequent: it is not audited, the row keeps only its last save.
 */
export async function saveDetails(
  db: Queryable,
  bookingId: string,
  fields: EventDetailsFields,
  stamp: { by: string; now: Date },
): Promise<DetailsRow> {
  const { rows } = await db.query<DetailsRow>(
    `INSERT INTO event_details (booking_id, guest_count, adult_guests, bar_start, bar_end, cocktails, venue_notes,
       on_site_contact, on_site_phone, updated_at, updated_by)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9, $10, $11)
     ON CONFLICT (booking_id) DO UPDATE SET
       guest_count = EXCLUDED.guest_count, adult_guests = EXCLUDED.adult_guests, bar_start = EXCLUDED.bar_start,
       bar_end = EXCLUDED.bar_end, cocktails = EXCLUDED.cocktails, venue_notes = EXCLUDED.venue_notes,
       on_site_contact = EXCLUDED.on_site_contact, on_site_phone = EXCLUDED.on_site_phone,
       updated_at = EXCLUDED.updated_at, updated_by = EXCLUDED.updated_by
     RETURNING ${DETAILS_COLUMNS}`,
    [
      bookingId,
      fields.guestCount,
      fields.adultGuests,
      fields.barStart,
      fields.barEnd,
      JSON.stringify(fields.cocktails),
      fields.venueNotes,
      fields.onSiteContact,
      fields.onSitePhone,
      stamp.now,
      stamp.by,
    ],
  );
  return rows[0]!;
}
