import type { Config } from '@netlify/functions';
import { reply, replyError } from '../lib/http/reply';
import { isUuid, ownerEndpoint } from '../lib/owner/endpoint';
import { openInquiry } from '../lib/inquiries/write';

/**
 * POST /api/admin/inquiries/{id}/opened: the owner opened the inquiry in the desk. Its "new" mark goes (the first
 * opening is kept) and the answer is the inquiry with its notes, which is also how the desk fetches one it was linked
 * to. A POST, not a GET, because it writes.
 */
export default ownerEndpoint('admin-inquiry-opened', {
  POST: async (_req, { db, params }) => {
    const id = params.id ?? '';
    const inquiry = isUuid(id) ? await openInquiry(db, id) : undefined;
    if (!inquiry) return replyError(404, 'not_found', 'There is no inquiry with that id.');
    return reply(200, { inquiry });
  },
});

export const config: Config = { path: '/api/admin/inquiries/:id/opened' };
