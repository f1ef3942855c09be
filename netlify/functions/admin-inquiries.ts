import type { Config } from '@netlify/functions';
import * as v from 'valibot';
import { InquiryQuerySchema } from '../../src/schemas/owner';
import { reply, replyError, replyInvalid } from '../lib/http/reply';
import { ownerEndpoint } from '../lib/owner/endpoint';
import { decodeCursor, listInquiries } from '../lib/owner/inquiries';

/** GET /api/admin/inquiries?q=&cursor=: 50 inquiries a page, newest first, `q` matching name, e-mail or phone. */
export default ownerEndpoint('admin-inquiries', {
  GET: async (req, { db }) => {
    const query = v.safeParse(InquiryQuerySchema, Object.fromEntries(new URL(req.url).searchParams));
    if (!query.success) return replyInvalid(query.issues);
    const after = query.output.cursor === undefined ? undefined : decodeCursor(query.output.cursor);
    if (query.output.cursor !== undefined && !after) {
      return replyError(400, 'invalid_cursor', 'That page link is not valid; please start again.');
    }
    return reply(200, await listInquiries(db, { q: query.output.q, after }));
  },
});

export const config: Config = { path: '/api/admin/inquiries' };
