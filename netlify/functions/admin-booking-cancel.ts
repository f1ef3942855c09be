import type { Config } from '@netlify/functions';
import { queueOwnerCancellationMails } from '../lib/cancel';
import { reply, replyError } from '../lib/http/reply';
import { deliverSoon } from '../lib/mail/deliver';
import { cancelBooking } from '../lib/owner/bookings';
import { isUuid, ownerEndpoint } from '../lib/owner/endpoint';
import { inTransaction } from '../lib/transaction';

/** POST /api/admin/bookings/{id}/cancel: releases a reservation (the slot is free again at once); 409 if released. */
export default ownerEndpoint('admin-booking-cancel', {
  POST: async (_req, { db, params, background, session }) => {
    const id = params.id ?? '';
    // The release and the client's and owner's cancellation e-mails are one transaction; the mails go out after it.
    let mailIds: string[] = [];
    const result = isUuid(id)
      ? await inTransaction(db, async (tx) => {
          const cancelled = await cancelBooking(tx, id, session.user.username);
          if (cancelled.outcome === 'cancelled') mailIds = await queueOwnerCancellationMails(tx, cancelled.booking);
          return cancelled;
        })
      : { outcome: 'not_found' as const };
    if (result.outcome === 'not_found') return replyError(404, 'not_found', 'There is no reservation with that id.');
    if (result.outcome === 'already_released') {
      return replyError(409, 'already_released', 'That reservation was already cancelled.');
    }
    // On Netlify the send runs on after the answer (waitUntil), so this request's connection is not held during SMTP.
    await deliverSoon(background, mailIds);
    return reply(200, { booking: result.booking });
  },
});

export const config: Config = { path: '/api/admin/bookings/:id/cancel' };
