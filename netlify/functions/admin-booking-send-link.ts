import type { Config } from '@netlify/functions';
import { refused } from '@shared/result';
import { sendEventLink } from '../lib/bookings/owner';
import { reply } from '../lib/http/reply';
import { replyRefusal } from '../lib/http/refusal';
import { deliverSoon } from '../lib/mail/deliver';
import { isUuid, ownerEndpoint } from '../lib/owner/endpoint';

/**
 * POST /api/admin/bookings/{id}/send-link (no body): e-mails the client a fresh link to their event page. 200
 * { sent: true }; 404 not_found; 409 already_cancelled; 429 too_many_attempts when a link for the booking went out
 * less than a minute ago (a second click sends no duplicate).
 */
export default ownerEndpoint('admin-booking-send-link', {
  POST: async (_req, { db, now, params, background, session }) => {
    const id = params.id ?? '';
    const result = isUuid(id) ? await sendEventLink(db, { id, username: session.user.username, now }) : refused('not_found');
    if (!result.ok) {
      return replyRefusal(result, {
        not_found: 'There is no reservation with that id.',
        already_cancelled: 'That reservation was cancelled: there is no event page to send.',
        too_many_attempts: 'A link to this booking went out less than a minute ago. Please wait a minute before sending another.',
      });
    }
    await deliverSoon(background, result.value.mailIds);
    return reply(200, { sent: true });
  },
});

export const config: Config = { path: '/api/admin/bookings/:id/send-link' };
