import type { Config } from '@netlify/functions';
import * as v from 'valibot';
import { createProposalRequestSchema, ProposalListQuerySchema } from '@shared/schemas/proposal';
import { makeProposal } from '../lib/desk/proposals';
import { readJsonBody } from '../lib/http/body';
import { queryParams } from '../lib/http/query';
import { reply, replyError, replyInvalid } from '../lib/http/reply';
import { replyRefusal } from '../lib/http/refusal';
import { deliverSoon } from '../lib/mail/deliver';
import { isUuid, ownerEndpoint } from '../lib/owner/endpoint';
import { findProposal, listProposals } from '../lib/proposals/read';
import { toProposal } from '../lib/proposals/row';

const NOT_FOUND = { not_found: 'There is no proposal with that id.' };

/**
 * GET /api/admin/proposals?inquiryId=|bookingId=: the proposals of one inquiry or booking, newest first.
 * GET /api/admin/proposals/{id}: one proposal. POST /api/admin/proposals: makes and sends a proposal (201
 * { proposal }); from an inquiry it holds the date and slot tentatively (409 slot_taken when another booking holds
 * them), from a booking it replaces the open one (409 proposal_signed once the contract is signed).
 */
export default ownerEndpoint('admin-proposals', {
  GET: async (req, { db, params }) => {
    if (params.id !== undefined) {
      const row = isUuid(params.id) ? await findProposal(db, params.id) : undefined;
      return row ? reply(200, { proposal: toProposal(row) }) : replyRefusal({ ok: false, code: 'not_found', details: undefined }, NOT_FOUND);
    }
    const query = v.safeParse(ProposalListQuerySchema, queryParams(req));
    if (!query.success) return replyInvalid(query.issues);
    const { inquiryId, bookingId } = query.output;
    const rows = await listProposals(db, inquiryId !== undefined ? { inquiryId } : { bookingId: bookingId! });
    return reply(200, { proposals: rows.map(toProposal) });
  },
  POST: async (req, { db, now, params, background, session }) => {
    if (params.id !== undefined) return replyError(404, 'not_found', 'Send new proposals to /api/admin/proposals.');
    const body = await readJsonBody(req);
    if (!body.ok) return replyRefusal(body);
    const request = v.safeParse(createProposalRequestSchema(() => now), body.value);
    if (!request.success) return replyInvalid(request.issues);
    const made = await makeProposal(db, request.output, { username: session.user.username, now });
    if (!made.ok) {
      return replyRefusal(made, {
        not_found: request.output.inquiryId ? 'There is no inquiry with that id.' : 'There is no booking with that id.',
        already_cancelled: 'That booking was cancelled.',
        proposal_signed: 'This booking’s contract is signed: a change is agreed with the client by phone.',
      });
    }
    await deliverSoon(background, made.value.mailIds);
    return reply(201, { proposal: made.value.proposal });
  },
});

export const config: Config = { path: ['/api/admin/proposals', '/api/admin/proposals/:id'] };
