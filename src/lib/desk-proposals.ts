/**
 * The owner's desk calls about proposals (docs/api.md, issue 28's owner routes), through the site's one API client.
 * Every call rejects with ApiError on a non-OK answer: 409 slot_taken, proposal_signed…, 400 invalid_fields.
 */
import type { Proposal, ProposalRequestInput } from '@shared/schemas/proposal';
import { apiRequest, postJson } from './api';

/** Whose proposals: an inquiry's (made from it) or a booking's. */
export type ProposalOwner = { inquiryId: string } | { bookingId: string };

const proposalPath = (id: string, action: string) => `/api/admin/proposals/${encodeURIComponent(id)}/${action}`;

/** GET /api/admin/proposals?inquiryId=… | ?bookingId=…: that inquiry's or booking's proposals, newest first. */
export async function fetchProposals(of: ProposalOwner): Promise<Proposal[]> {
  const params = new URLSearchParams('inquiryId' in of ? { inquiryId: of.inquiryId } : { bookingId: of.bookingId });
  const answer = (await (await apiRequest('GET', `/api/admin/proposals?${params}`)).json()) as { proposals: Proposal[] };
  return answer.proposals;
}

/** POST /api/admin/proposals: makes and sends a proposal (replacing the open one); answers it. */
export async function createProposal(request: ProposalRequestInput): Promise<Proposal> {
  return (await postJson<{ proposal: Proposal }>('/api/admin/proposals', request)).proposal;
}

/** POST /api/admin/proposals/{id}/withdraw: the client can no longer sign it; answers it as it now is. */
export async function withdrawProposal(id: string): Promise<Proposal> {
  return (await postJson<{ proposal: Proposal }>(proposalPath(id, 'withdraw'), {})).proposal;
}

/** POST /api/admin/proposals/{id}/countersign: the business signs a signed proposal; answers it as it now is. */
export async function countersignProposal(id: string): Promise<Proposal> {
  return (await postJson<{ proposal: Proposal }>(proposalPath(id, 'countersign'), {})).proposal;
}
