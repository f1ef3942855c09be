import type { Config } from '@netlify/functions';
import { releaseByOwner } from '../lib/bookings/release';
import { reply, replyError } from '../lib/http/reply';
import { deliverSoon } from '../lib/mail/deliver';
import { isUuid, ownerEndpoint } from '../lib/owner/endpoint';

/**
 * POST /api/admin/bookings/{id}/cancel: releases a reservation (the slot is free again at once) and sends the
 * cancellation e-mails; 409 already_cancelled when it was, by the owner or the client's link.
 */
export default ownerEndpoint('admin-booking-cancel', {
  POST: async (_req, { db, now, params, background, session }) => {
    const id = params.id ?? '';
    const result = isUuid(id)
      ? await releaseByOwner(db, { id, kind: 'reservation', username: session.user.username, now })
      : { outcome: 'not_found' as const };
    if (result.outcome === 'not_found') return replyError(404, 'not_found', 'There is no reservation with that id.');
    if (result.outcome === 'already_released') {
      return replyError(409, 'already_cancelled', 'That reservation was already cancelled.');
    }
    // On Netlify the send runs on after the answer (waitUntil), so this request's connection is not held during SMTP.
    await deliverSoon(background, result.mailIds);
    return reply(200, { booking: result.booking });
  },
});

export const config: Config = { path: '/api/admin/bookings/:id/cancel' };
