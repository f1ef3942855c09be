import type { Queryable } from '../db';
import { DETAILS_COLUMNS, type DetailsRow } from './row';

/** The final details of booking `bookingId`, or undefined while none were ever saved. */
export async function findDetails(db: Queryable, bookingId: string): Promise<DetailsRow | undefined> {
  const { rows } = await db.query<DetailsRow>(`SELECT ${DETAILS_COLUMNS} FROM event_details WHERE booking_id = $1`, [bookingId]);
  return rows[0];
}

/** The final details saved for any of `bookingIds`, by booking id (a booking without any is absent). */
export async function listDetails(db: Queryable, bookingIds: readonly string[]): Promise<Map<string, DetailsRow>> {
  if (bookingIds.length === 0) return new Map();
  const { rows } = await db.query<DetailsRow>(
    `SELECT ${DETAILS_COLUMNS} FROM event_details WHERE booking_id = ANY($1::uuid[])`,
    [[...bookingIds]],
  );
  return new Map(rows.map((row) => [row.booking_id, row]));
}
