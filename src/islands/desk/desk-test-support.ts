import { vi } from 'vitest';
import type { OwnerBooking } from '@shared/schemas/owner/bookings';
import type { OwnerInquiry } from '@shared/schemas/owner/inquiries';
import type { OwnerSession } from '@shared/schemas/owner/session';

/** The signed-in owner every desk test works as (no failed sign-ins, so the desk shows no warning about them). */
export const SIGNED_IN: OwnerSession = { user: { username: 'dolores' }, failedSignIns: 0 };

const SESSION_PATH = '/api/admin/session';

/**
 * Inquiry number `n` as GET /api/admin/inquiries lists it: id and names numbered after `n` (so a test finds it as
 * /Client<n>/), opened, status new, no notes. `patch` sets what a test is about (a status, notes, a hostile message).
 */
export function ownerInquiry(n: number, patch: Partial<OwnerInquiry> = {}): OwnerInquiry {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    firstName: `Client${n}`,
    lastName: 'Tester',
    email: `client${n}@example.com`,
    phone: '(512) 555-0199',
    eventType: 'wedding',
    guestCount: '80',
    eventDate: '2027-03-23',
    eventLocation: 'Austin, TX',
    message: 'hello',
    createdAt: '2026-06-20T23:05:00.000Z',
    acknowledgementHeld: false,
    status: 'new',
    statusChangedAt: null,
    isNew: false,
    notes: [],
    estimate: null,
    ...patch,
  };
}

/**
 * One held reservation as the desk lists it: a client with only the required details, every mail sent, no block.
 * `patch` sets what a test is about; its date is fixed, so a test that needs "upcoming" or "past" sets the date.
 */
export function ownerBooking(patch: Partial<OwnerBooking> = {}): OwnerBooking {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    date: '2027-07-10',
    timeSlot: 'evening',
    kind: 'reservation',
    state: 'held',
    clientName: 'Dolly Rivera',
    clientEmail: 'dolly@example.com',
    eventType: 'wedding',
    phone: null,
    guestCount: null,
    eventLocation: null,
    createdAt: '2026-06-20T23:05:00.000Z',
    cancelledAt: null,
    cancelledBy: null,
    confirmationHeld: false,
    cancellationHeld: false,
    cancelReason: null,
    blockId: null,
    blockNote: null,
    stage: 'held',
    tentativeUntil: null,
    ...patch,
  };
}

/** One request the desk sent to the fake owner API: `path` and `search` are `url`'s, `body` its JSON body if any. */
export type DeskRequest = {
  method: string;
  path: string;
  search: string;
  url: URL;
  body: Record<string, string> | undefined;
  /** The request's headers (an Idempotency-Key, say). */
  headers: Headers;
};

/**
 * A fake owner API in place of `fetch`: each request goes to `answer`, whose Response is sent as it is (an error
 * status, a download) and anything else as JSON; a throw fails the request as a network error would. The session
 * GET goes to `answer` too, but only a Response counts there (a signed-out desk, say): anything else signs the desk in
 * as SIGNED_IN, so a test answers only what it is about. Returns the requests received, in order, without the
 * session GETs: every desk asks for the session, and a test's expected list is about its own view.
 */
export function serveDesk(answer: (request: DeskRequest) => unknown): DeskRequest[] {
  const requests: DeskRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL, init: RequestInit = {}) => {
      const url = new URL(input, 'http://desk.test');
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, string>) : undefined;
      const request = { method: init.method ?? 'GET', path: url.pathname, search: url.search, url, body, headers: new Headers(init.headers) };
      const session = request.method === 'GET' && request.path === SESSION_PATH;
      if (!session) requests.push(request);
      const reply = answer(request);
      if (reply instanceof Response) return reply;
      return Response.json(session ? SIGNED_IN : reply);
    }),
  );
  return requests;
}
