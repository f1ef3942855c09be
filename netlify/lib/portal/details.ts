import type { FieldErrors } from '@shared/schemas/api-error';
import type { CancelRefusal } from '@shared/schemas/cancel';
import {
  DETAILS_CLOSED_MESSAGE,
  checkDetailsForSlot,
  detailsCloseAt,
  detailsDueOn,
  type DetailsRequest,
  type EventDetails,
} from '@shared/schemas/event-details';
import { BUSINESS_PHONE } from '@shared/prices';
import { done, refused, type Result } from '@shared/result';
import { fillTemplate } from '@shared/template';
import { formatLongDate } from '@shared/texas-time';
import { lockBookingByCancelToken } from '../bookings/cancel-links';
import type { BookingRow } from '../bookings/row';
import type { Queryable } from '../db';
import { findDetails } from '../details/read';
import { toEventDetails } from '../details/row';
import { saveDetails } from '../details/write';
import { inTransaction } from '../transaction';

// The final details on the client's event page: open from the contract's signature until the end of their due day
// (content/event-policy.json's details.dueDaysBefore before the event), saved as the client types.

/** Why the details could not be saved, beyond the link's own refusals. */
export type DetailsRefusal = CancelRefusal | 'details_not_open' | 'details_closed' | 'invalid_fields';

/** What a refusal carries for its reply: the sentence naming the due day and the phone, or the fields the slot breaks. */
export type DetailsRefusalDetails = { message: string } | { fields: FieldErrors } | undefined;

/** The sentence of a details_closed refusal: when they were due, and whom to call. */
export function detailsClosedMessage(date: string): string {
  return fillTemplate(DETAILS_CLOSED_MESSAGE, { dueOn: formatLongDate(detailsDueOn(date)), phone: BUSINESS_PHONE });
}

/** The final details the event page of a booking shows at `now`: none before its contract is signed. */
export async function clientDetails(db: Queryable, booking: BookingRow, now: Date): Promise<EventDetails | null> {
  if (booking.signed_at === null) return null;
  return toEventDetails(await findDetails(db, booking.id), booking, now);
}

/**
 * POST /api/portal/details: in one transaction the link's booking is locked and judged (as every portal route
 * does), then the details: open only once the contract is signed and until the end of their due day, and the bar's
 * hours within the booked slot; the whole set of fields is then stored as sent (empty ones too), by 'client'.
 */
export function saveDetailsByLink(
  db: Queryable,
  request: DetailsRequest & { now: Date },
): Promise<Result<{ details: EventDetails }, DetailsRefusal, DetailsRefusalDetails>> {
  const { token, now, ...fields } = request;
  return inTransaction(db, async (tx) => {
    const found = await lockBookingByCancelToken(tx, token, now);
    if (!found.ok) return found;
    const booking = found.value.row;
    if (booking.signed_at === null) return refused('details_not_open');
    if (now.getTime() >= detailsCloseAt(booking.date).getTime()) {
      return refused('details_closed', { message: detailsClosedMessage(booking.date) });
    }
    const broken = checkDetailsForSlot(fields, booking.time_slot);
    if (Object.keys(broken).length > 0) return refused('invalid_fields', { fields: broken });
    const row = await saveDetails(tx, booking.id, fields, { by: 'client', now });
    return done({ details: toEventDetails(row, booking, now) });
  });
}
