import type { Config } from '@netlify/functions';
import * as v from 'valibot';
import { OwnerMoveRequestSchema } from '@shared/schemas/owner';
import { refused } from '@shared/result';
import { moveByOwner } from '../lib/bookings/owner';
import { readJsonBody } from '../lib/http/body';
import { reply, replyInvalid } from '../lib/http/reply';
import { replyRefusal } from '../lib/http/refusal';
import { deliverSoon } from '../lib/mail/deliver';
import { isUuid, ownerEndpoint } from '../lib/owner/endpoint';

/**
 * POST /api/admin/bookings/{id}/move { date, timeSlot }: the client's move done by the owner (also of a signed
 * booking), with the same notices and calendar update as the client's own move. 200 { booking }; 404 not_found; 409
 * slot_taken, same_slot, slot_started, already_cancelled.
 */
export default ownerEndpoint('admin-booking-move', {
  POST: async (req, { db, now, params, background, session }) => {
    const body = await readJsonBody(req);
    if (!body.ok) return replyRefusal(body);
    const request = v.safeParse(OwnerMoveRequestSchema, body.value);
    if (!request.success) return replyInvalid(request.issues);
    const id = params.id ?? '';
    const result = isUuid(id)
      ? await moveByOwner(db, { id, username: session.user.username, now }, request.output)
      : refused('not_found');
    if (!result.ok) {
      return replyRefusal(result, {
        not_found: 'There is no reservation with that id.',
        already_cancelled: 'That reservation was cancelled: there is nothing to move.',
      });
    }
    await deliverSoon(background, result.value.mailIds);
    return reply(200, { booking: result.value.booking });
  },
});

export const config: Config = { path: '/api/admin/bookings/:id/move' };
