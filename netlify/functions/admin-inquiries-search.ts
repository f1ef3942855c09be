import type { Config } from '@netlify/functions';
import * as v from 'valibot';
import { InquirySearchSchema } from '@shared/schemas/owner';
import { readJsonBody } from '../lib/http/body';
import { replyInvalidPage } from '../lib/http/query';
import { reply } from '../lib/http/reply';
import { replyRefusal } from '../lib/http/refusal';
import { ownerEndpoint } from '../lib/owner/endpoint';
import { listInquiries } from '../lib/inquiries/read';

/**
 * POST /api/admin/inquiries/search { q, status?, cursor? }: a page of the inquiries whose name, e-mail or phone holds
 * `q` (and of `status` when given), newest first. The term travels in the body, so it never reaches an address, a
 * request log or the browser history.
 */
export default ownerEndpoint('admin-inquiries-search', {
  POST: async (req, { db }) => {
    const body = await readJsonBody(req);
    if (!body.ok) return replyRefusal(body);
    const search = v.safeParse(InquirySearchSchema, body.value);
    if (!search.success) return replyInvalidPage(search.issues);
    const { q, status, cursor } = search.output;
    return reply(200, await listInquiries(db, { q, status, after: cursor }));
  },
});

// A literal: Netlify reads config.path from the source without running it (INQUIRY_SEARCH_PATH names the same address).
export const config: Config = { path: '/api/admin/inquiries/search' };
