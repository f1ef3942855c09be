import type { Config } from '@netlify/functions';
import { refused } from '@shared/result';
import { detailsForOwner } from '../lib/desk/details';
import { reply } from '../lib/http/reply';
import { replyRefusal } from '../lib/http/refusal';
import { isUuid, ownerEndpoint } from '../lib/owner/endpoint';

/**
 * GET /api/admin/bookings/{id}/details: the client's final details of a reservation, as they last saved them: 200
 * { details } (every field null while none given; whether complete, when last saved and by whom, the due day and
 * whether the client may still change them online). 404 not_found.
 */
export default ownerEndpoint('admin-booking-details', {
  GET: async (_req, { db, now, params }) => {
    const id = params.id ?? '';
    const found = isUuid(id) ? await detailsForOwner(db, id, now) : refused('not_found');
    if (!found.ok) return replyRefusal(found, { not_found: 'There is no reservation with that id.' });
    return reply(200, { details: found.value });
  },
});

export const config: Config = { path: '/api/admin/bookings/:id/details' };
