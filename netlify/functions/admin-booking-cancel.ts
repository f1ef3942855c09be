import type { Config } from '@netlify/functions';
import * as v from 'valibot';
import { OwnerCancelSchema } from '@shared/schemas/owner';
import { done, refused } from '@shared/result';
import { releaseByOwner } from '../lib/bookings/release';
import { readJsonBody } from '../lib/http/body';
import { reply, replyInvalid } from '../lib/http/reply';
import { replyRefusal } from '../lib/http/refusal';
import { deliverSoon } from '../lib/mail/deliver';
import { isUuid, ownerEndpoint } from '../lib/owner/endpoint';

/** Whether a request came without a body (the desk's cancel needs none). */
function hasNoBody(req: Request): boolean {
  return req.body === null || req.headers.get('content-length') === '0';
}

/**
 * POST /api/admin/bookings/{id}/cancel [{ reason? }]: releases a reservation (the slot is free again at once) and sends
 * the cancellation e-mails; the reason is stored, audited and written into both notices. 409 already_cancelled when
 * it was, by the owner or the client's link.
 */
export default ownerEndpoint('admin-booking-cancel', {
  POST: async (req, { db, now, params, background, session }) => {
    const body = hasNoBody(req) ? done({}) : await readJsonBody(req);
    if (!body.ok) return replyRefusal(body);
    const request = v.safeParse(OwnerCancelSchema, body.value);
    if (!request.success) return replyInvalid(request.issues);
    const id = params.id ?? '';
    const { reason } = request.output;
    const result = isUuid(id)
      ? await releaseByOwner(db, { id, kind: 'reservation', username: session.user.username, reason, now })
      : refused('not_found');
    if (!result.ok) {
      return replyRefusal(result, {
        not_found: 'There is no reservation with that id.',
        already_cancelled: 'That reservation was already cancelled.',
      });
    }
    // On Netlify the send runs on after the answer (waitUntil), so this request's connection is not held during SMTP.
    await deliverSoon(background, result.value.mailIds);
    return reply(200, { booking: result.value.booking });
  },
});

export const config: Config = { path: '/api/admin/bookings/:id/cancel' };
