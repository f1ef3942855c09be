import { INQUIRY_FIELDS, type InquiryOutput } from '@shared/schemas/inquiry';
import type { Queryable } from './db';

// The columns come from the field list in code, never from a request.
const INSERT = `INSERT INTO contact_inquiries (${INQUIRY_FIELDS.map((field) => field.column).join(', ')})
  VALUES (${INQUIRY_FIELDS.map((_, index) => `$${index + 1}`).join(', ')})
  RETURNING id`;

/** Stores a validated inquiry and returns its new id. */
export async function createInquiry(db: Queryable, inquiry: InquiryOutput): Promise<{ id: string }> {
  const { rows } = await db.query<{ id: string }>(
    INSERT,
    INQUIRY_FIELDS.map((field) => inquiry[field.key] ?? null),
  );
  return { id: rows[0]!.id };
}
