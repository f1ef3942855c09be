import type { Config } from '@netlify/functions';
import * as v from 'valibot';
import { InquiryStatusChangeSchema } from '@shared/schemas/owner';
import { readJsonBody } from '../lib/http/body';
import { reply, replyError, replyInvalid } from '../lib/http/reply';
import { replyRefusal } from '../lib/http/refusal';
import { isUuid, ownerEndpoint } from '../lib/owner/endpoint';
import { setInquiryStatus } from '../lib/inquiries/write';

/**
 * POST /api/admin/inquiries/{id}/status { status }: moves an inquiry along the pipeline; the change (who, from, to)
 * goes into the audit log in the same transaction. Answers the inquiry as it now is.
 */
export default ownerEndpoint('admin-inquiry-status', {
  POST: async (req, { db, params, session }) => {
    const body = await readJsonBody(req);
    if (!body.ok) return replyRefusal(body);
    const change = v.safeParse(InquiryStatusChangeSchema, body.value);
    if (!change.success) return replyInvalid(change.issues);
    const id = params.id ?? '';
    const inquiry = isUuid(id)
      ? await setInquiryStatus(db, { id, status: change.output.status, actor: session.user.username })
      : undefined;
    if (!inquiry) return replyError(404, 'not_found', 'There is no inquiry with that id.');
    return reply(200, { inquiry });
  },
});

export const config: Config = { path: '/api/admin/inquiries/:id/status' };
