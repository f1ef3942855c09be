import type { Config } from '@netlify/functions';
import * as v from 'valibot';
import { InquiryListQuerySchema } from '@shared/schemas/owner';
import { queryParams, replyInvalidPage } from '../lib/http/query';
import { reply } from '../lib/http/reply';
import { ownerEndpoint } from '../lib/owner/endpoint';
import { listInquiries } from '../lib/inquiries/read';

/**
 * GET /api/admin/inquiries?status=&cursor=: 50 inquiries a page, newest first, of one status or all. Searching is
 * POST /api/admin/inquiries/search, so the term never sits in an address; a `q` here is refused with a 400 that says so.
 */
export default ownerEndpoint('admin-inquiries', {
  GET: async (req, { db }) => {
    const query = v.safeParse(InquiryListQuerySchema, queryParams(req));
    if (!query.success) return replyInvalidPage(query.issues);
    const { status, cursor } = query.output;
    return reply(200, await listInquiries(db, { q: '', status, after: cursor }));
  },
});

export const config: Config = { path: '/api/admin/inquiries' };
