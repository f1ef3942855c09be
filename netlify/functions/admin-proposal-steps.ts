import type { Config } from '@netlify/functions';
import { refused } from '@shared/result';
import { countersignByOwner, withdrawByOwner } from '../lib/desk/proposals';
import { reply, replyError } from '../lib/http/reply';
import { replyRefusal } from '../lib/http/refusal';
import { deliverSoon } from '../lib/mail/deliver';
import { isUuid, ownerEndpoint } from '../lib/owner/endpoint';

/**
 * POST /api/admin/proposals/{id}/withdraw: closes an open proposal (a tentative hold it made is released at once).
 * POST /api/admin/proposals/{id}/countersign: the owner countersigns a signed proposal; the booking is confirmed and
 * both sides get the countersigned PDF. 200 { proposal }; 409 when the proposal's state does not allow the step.
 */
export default ownerEndpoint('admin-proposal-steps', {
  POST: async (req, { db, now, params, background, session }) => {
    const id = params.id ?? '';
    const step = { id, username: session.user.username, now };
    // The step is the path's last segment: the function serves exactly the two paths below.
    const name = new URL(req.url).pathname.split('/').at(-1);
    if (name !== 'withdraw' && name !== 'countersign') return replyError(404, 'not_found', 'There is no such step.');
    const result = !isUuid(id)
      ? refused('not_found')
      : name === 'withdraw'
        ? await withdrawByOwner(db, step)
        : await countersignByOwner(db, step);
    if (!result.ok) return replyRefusal(result, { not_found: 'There is no proposal with that id.' });
    await deliverSoon(background, result.value.mailIds);
    return reply(200, { proposal: result.value.proposal });
  },
});

// Two explicit paths, not `/:id/:step`: /api/admin/proposals/{id}/payments is another function's (admin-payments).
export const config: Config = { path: ['/api/admin/proposals/:id/withdraw', '/api/admin/proposals/:id/countersign'] };
