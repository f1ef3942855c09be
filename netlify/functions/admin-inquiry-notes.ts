import type { Config } from '@netlify/functions';
import * as v from 'valibot';
import { InquiryNoteSchema } from '@shared/schemas/owner';
import { readJsonBody } from '../lib/http/body';
import { reply, replyError, replyInvalid } from '../lib/http/reply';
import { replyRefusal } from '../lib/http/refusal';
import { isUuid, ownerEndpoint } from '../lib/owner/endpoint';
import { addInquiryNote } from '../lib/inquiries/write';

/**
 * POST /api/admin/inquiries/{id}/notes { text }: appends a private note, signed with the owner's username and dated
 * by the database. Notes are never changed or deleted (the table refuses it) and never sent to anyone.
 */
export default ownerEndpoint('admin-inquiry-notes', {
  POST: async (req, { db, params, session }) => {
    const body = await readJsonBody(req);
    if (!body.ok) return replyRefusal(body);
    const note = v.safeParse(InquiryNoteSchema, body.value);
    if (!note.success) return replyInvalid(note.issues);
    const id = params.id ?? '';
    const added = isUuid(id)
      ? await addInquiryNote(db, { inquiryId: id, author: session.user.username, body: note.output.text })
      : undefined;
    if (!added) return replyError(404, 'not_found', 'There is no inquiry with that id.');
    return reply(201, { note: added });
  },
});

export const config: Config = { path: '/api/admin/inquiries/:id/notes' };
