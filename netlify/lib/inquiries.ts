import type { InquiryOutput } from '../../src/schemas/inquiry';
import type { Queryable } from './db';

/** Stores a validated inquiry and returns its new id. */
export async function createInquiry(db: Queryable, inquiry: InquiryOutput): Promise<{ id: string }> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO contact_inquiries
       (first_name, last_name, email, phone, event_type, guest_count, event_date, event_location, message)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     RETURNING id`,
    [
      inquiry.firstName,
      inquiry.lastName,
      inquiry.email,
      inquiry.phone,
      inquiry.eventType,
      inquiry.guestCount,
      inquiry.eventDate,
      inquiry.eventLocation,
      inquiry.message ?? null,
    ],
  );
  return { id: rows[0]!.id };
}
