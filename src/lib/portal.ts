/**
 * The browser side of the client's event page (docs/api.md, the portal routes): looking up the booking with its
 * proposal and contract, signing the proposal, fetching the signed contract's PDF, and saving the final details. The link's token travels in
 * POST bodies only: a URL would carry it into request logs.
 */
import type { ClientPolicy } from '@shared/change-policy';
import type { CancelBookingView } from '@shared/schemas/cancel';
import type { Balance, ClientPayment } from '@shared/schemas/payment';
import type { DetailsRequestInput, EventDetails } from '@shared/schemas/event-details';
import type { ClientContract, ClientProposal, SignRequestInput } from '@shared/schemas/proposal';
import { apiRequest, postJson, type WriteOptions } from './api';

/**
 * What the event page shows: the booking, its open (else signed) proposal, that proposal's contract, the change
 * policy (what the link may still change, until when), and once signed the payments recorded and where the balance
 * stands, and the final details (each null before).
 */
export interface EventLookup {
  booking: CancelBookingView;
  proposal: ClientProposal | null;
  contract: ClientContract | null;
  policy: ClientPolicy;
  payments: { list: ClientPayment[]; balance: Balance } | null;
  details: EventDetails | null;
}

/** POST /api/portal/lookup { token }: the event (rejects with ApiError 400/404/409/410 like /api/cancel/lookup). */
export function lookUpEvent(token: string): Promise<EventLookup> {
  return postJson('/api/portal/lookup', { token });
}

/** POST /api/portal/sign: signs the proposal with the typed name; answers the signed proposal. */
export function signProposal(request: SignRequestInput, options?: WriteOptions): Promise<{ proposal: ClientProposal }> {
  return postJson('/api/portal/sign', request, options);
}

/** POST /api/portal/contract.pdf { token, proposalId }: the signed contract as a PDF (409 proposal_not_signed before). */
export async function fetchContractPdf(token: string, proposalId: string): Promise<Blob> {
  return (await apiRequest('POST', '/api/portal/contract.pdf', { token, proposalId })).blob();
}

/**
 * POST /api/portal/details: the final details as they stand (empty fields too); answers them as saved (400 naming
 * the fields, 409 details_closed after the due day).
 */
export function saveDetails(request: DetailsRequestInput, options?: WriteOptions): Promise<{ details: EventDetails }> {
  return postJson('/api/portal/details', request, options);
}
