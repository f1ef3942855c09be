import cancelJson from '@content/cancel.json';
import { CHANGE_POLICY, type ClientPolicy } from '@shared/change-policy';
import cocktailsJson from '@content/cocktails.json';
import plannerJson from '@content/bar-planner.json';
import { PRICES } from '@shared/prices';
import type { BarPlannerContent } from '../../content-schemas/bar-planner';
import { withoutSources, type PlannerSetup } from '../../lib/bar-planner';
import { browserPrices } from '../../lib/estimate';
import type { CancelBookingView } from '@shared/schemas/cancel';
import type { BookingStage, ClientContract, ClientProposal } from '@shared/schemas/proposal';

/** The event page's copy (content/cancel.json, `booking`), as the page passes it. */
export const eventCopy = cancelJson.cancel.booking;

/** The bar planner as the page passes it (the final details' shopping list). */
export const eventPlanner: PlannerSetup = {
  rules: withoutSources(plannerJson.planner as unknown as BarPlannerContent),
  cocktails: cocktailsJson.map(({ id, name }) => ({ id, name })),
  prices: browserPrices(PRICES),
};

/** A link's token in the shape the shared schema accepts. */
export const EVENT_TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde';

/** The evening of a summer Saturday (6 PM to 11 PM in Texas, CDT), at `stage`. */
export function eventBooking(stage: BookingStage, tentativeUntil: string | null = null): CancelBookingView {
  return {
    date: '2026-07-04',
    timeSlot: 'evening',
    eventType: 'wedding',
    clientName: 'Peggy Hill',
    startsAt: '2026-07-04T23:00:00.000Z',
    endsAt: '2026-07-05T04:00:00.000Z',
    stage,
    tentativeUntil,
  };
}

/**
 * The change policy the look-up answers for eventBooking's date (4 July 2026: online changes close at the start of
 * 20 June, Texas time), open with no move used unless `patch` says otherwise.
 */
export function eventPolicy(patch: Partial<ClientPolicy> = {}): ClientPolicy {
  return {
    changeWindowDays: 14,
    maxMoves: 3,
    movesUsed: 0,
    movesLeft: 3,
    changeDeadline: '2026-06-20T05:00:00.000Z',
    lastChangeDay: '2026-06-19',
    canMove: true,
    canCancel: true,
    retainerTerms: CHANGE_POLICY.retainerTerms,
    phone: CHANGE_POLICY.phone,
    ...patch,
  };
}

/** An open proposal of two lines and a discount, a retainer and a balance; `patch` makes it signed, countersigned… */
export function clientProposal(patch: Partial<ClientProposal> = {}): ClientProposal {
  return {
    id: '3f1c2b9a-6d4e-4f7a-8b1c-2d3e4f5a6b7c',
    state: 'viewed',
    lines: [
      { label: 'Classic bar, 100 guests, 4 hours', amountCents: 180000 },
      { label: 'Travel, 12 miles', amountCents: 4550 },
      { label: 'Returning client', amountCents: -5000 },
    ],
    totalCents: 179550,
    schedule: [
      { label: 'Retainer', amountCents: 50000, dueOn: '2026-05-01' },
      { label: 'Balance', amountCents: 129550, dueOn: '2026-06-04' },
    ],
    validUntil: '2026-05-15',
    documentSha256: 'a'.repeat(64),
    signedAt: null,
    signatureName: null,
    countersignedAt: null,
    ...patch,
  };
}

/** A contract of two sections with the electronic signature's words. */
export const CONTRACT: ClientContract = {
  version: '2026-1',
  title: 'Bar Service Agreement',
  sections: [
    { heading: 'Services', body: 'We bring the trailer and the bartenders.\n\nThe client supplies the alcohol.' },
    { heading: 'Cancellation', body: 'The retainer is not refunded and may move to a new date.' },
  ],
  esign: {
    disclosures: ['You may ask for a paper copy.', 'You may withdraw your consent before signing.'],
    consent: 'I agree to sign and receive this contract electronically.',
    intent: 'By typing my name and choosing "Sign the contract" I sign this contract.',
  },
};

/** A JSON answer of the API. */
export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
