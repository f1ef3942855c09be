import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import availability from '../../netlify/functions/availability';
import publicBookings from '../../netlify/functions/bookings';
import proposals from '../../netlify/functions/admin-proposals';
import steps from '../../netlify/functions/admin-proposal-steps';
import lookup from '../../netlify/functions/portal-lookup';
import sign from '../../netlify/functions/portal-sign';
import contractPdf from '../../netlify/functions/portal-contract-pdf';
import reschedule from '../../netlify/functions/reschedule';
import { withDatabase } from '../../netlify/lib/db';
import { validity } from '../../netlify/lib/desk/proposals';
import { expireDueProposals } from '../../netlify/lib/jobs/proposal-expiry';
import { formatCents } from '@shared/money';
import type { Booking, TimeSlotKey } from '@shared/schemas/booking';
import { addDaysUtc, todayUtc } from '@shared/schemas/dates';
import type { ClientProposal, Proposal } from '@shared/schemas/proposal';
import { formatLongDate } from '@shared/texas-time';
import type { TestDatabase } from '../setup/database';
import { pdfText } from '../pdf-text';
import { auditMark, auditSince, callWith, deskRequest, ownerCookie, resetOwnerTables } from './admin-support';
import { call, databases, get, postJson, query, useDatabase } from './support';

const ESTIMATE = { packageId: 'wedding', serviceLevel: 'byob', guests: 80, hours: 4, zip: '78701', addOns: [] };
const SIGNER = 'Dolly Rivera';
type ErrorBody = { error: { code: string; fields?: Record<string, string> } };

describe('a proposal stays open until the end of its last day on the Texas calendar', () => {
  test('seven days from a day of daylight time end at midnight of standard time (UTC-6), a day later at 06:00Z', () => {
    // Daylight saving time ends on Sunday, November 1, 2026: the last day is in standard time.
    expect(validity(new Date('2026-10-30T17:00:00Z'), 7)).toEqual({ validUntil: '2026-11-06', expiresAt: new Date('2026-11-07T06:00:00Z') });
    // Late on October 30 in Texas is October 31 in UTC: the Texas day counts.
    expect(validity(new Date('2026-10-31T04:30:00Z'), 1)).toEqual({ validUntil: '2026-10-31', expiresAt: new Date('2026-11-01T05:00:00Z') });
  });
});

describe.each(databases)('proposals, signatures and their holds on $name', (database: TestDatabase) => {
  useDatabase(database);
  resetOwnerTables(database);

  const desk = async (method: string, path: string, body?: unknown) =>
    callWith(path.includes('/withdraw') || path.includes('/countersign') ? steps : proposals, deskRequest(method, path, { cookie: await ownerCookie(database), body }));
  const date = addDaysUtc(todayUtc(), 60);

  async function newInquiry(): Promise<string> {
    const [row] = await query<{ id: string }>(
      database,
      `INSERT INTO contact_inquiries (first_name, last_name, email, phone, event_type, guest_count, event_date, event_location)
       VALUES ('Dolly', 'Rivera', $1, '(512) 555-0199', 'wedding', '80', $2, 'Rivera Ranch, Austin') RETURNING id`,
      [`dolly.${crypto.randomUUID().slice(0, 8)}@example.com`, date],
    );
    return row!.id;
  }

  async function propose(body: Record<string, unknown>): Promise<Proposal> {
    const response = await desk('POST', '/api/admin/proposals', { estimate: ESTIMATE, ...body });
    expect(response.status).toBe(201);
    return ((await response.json()) as { proposal: Proposal }).proposal;
  }

  /** The event page's token from the newest proposal mail of a booking (the link the client opens). */
  async function tokenOf(bookingId: string): Promise<string> {
    const [row] = await query<{ text_body: string }>(
      database,
      "SELECT text_body FROM outbox WHERE booking_id = $1 AND kind IN ('proposal_client', 'booking_client') ORDER BY created_at DESC LIMIT 1",
      [bookingId],
    );
    return decodeURIComponent(/#token=([^\s)>\]]+)/.exec(row!.text_body)![1]!);
  }

  const signAs = (token: string, proposalId: string, signatureName = SIGNER, consent: unknown = true) =>
    call(sign, postJson('/api/portal/sign', { token, proposalId, consent, signatureName }, { 'user-agent': 'Mozilla/5.0 Test' }));

  async function freeSlots(day: string): Promise<string[]> {
    return ((await (await call(availability, get(`/api/availability/${day}`))).json()) as { availableSlots: string[] }).availableSlots;
  }

  async function visitorBooking(timeSlot: TimeSlotKey): Promise<Booking> {
    const response = await call(
      publicBookings,
      postJson('/api/bookings', { date, timeSlot, clientName: 'Hank Hill', clientEmail: `hank.${crypto.randomUUID().slice(0, 6)}@example.com`, eventType: 'birthday' }),
    );
    expect(response.status).toBe(201);
    return ((await response.json()) as { booking: Booking }).booking;
  }

  test('from an inquiry: priced by the server, holds its slot tentatively (availability and bookings refuse it), the inquiry quoted, audited', async () => {
    const mark = await auditMark(database);
    const inquiryId = await newInquiry();
    const proposal = await propose({ inquiryId, date, timeSlot: 'evening', extraLines: [{ label: 'Friends discount', amountCents: -5_000 }] });
    expect(proposal).toMatchObject({ state: 'sent', inquiryId, date, timeSlot: 'evening', contractVersion: expect.any(String) });
    expect(proposal.lines.at(-1)).toEqual({ label: 'Friends discount', amountCents: -5_000 });
    expect(proposal.totalCents).toBe(proposal.lines.reduce((sum, line) => sum + line.amountCents, 0));
    expect(proposal.schedule.reduce((sum, item) => sum + item.amountCents, 0)).toBe(proposal.totalCents);
    expect(proposal.validUntil).toBe(validity(new Date()).validUntil);

    expect(await freeSlots(date)).not.toContain('evening');
    const taken = await call(publicBookings, postJson('/api/bookings', { date, timeSlot: 'evening', clientName: 'Ann', clientEmail: 'ann@example.com', eventType: 'wedding' }));
    expect(taken.status).toBe(409);
    expect(((await taken.json()) as ErrorBody).error.code).toBe('slot_taken');
    const second = await desk('POST', '/api/admin/proposals', { estimate: ESTIMATE, inquiryId: await newInquiry(), date, timeSlot: 'evening' });
    expect(second.status).toBe(409);
    expect(((await second.json()) as ErrorBody).error.code).toBe('slot_taken');

    const [hold] = await query<{ tentative_until: Date; status: string }>(
      database,
      'SELECT b.tentative_until, i.status FROM bookings b, contact_inquiries i WHERE b.id = $1 AND i.id = $2',
      [proposal.bookingId, inquiryId],
    );
    expect(new Date(hold!.tentative_until)).toEqual(validity(new Date()).expiresAt);
    expect(hold!.status).toBe('quoted');
    const listed = await desk('GET', `/api/admin/proposals?inquiryId=${inquiryId}`);
    expect(((await listed.json()) as { proposals: Proposal[] }).proposals.map((p) => p.id)).toEqual([proposal.id]);
    const actions = (await auditSince(database, mark)).map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['inquiry_status_changed', 'proposal_sent']));
  });

  test('expiry releases the tentative hold exactly once under two runs at once, judged at the end of the last Texas day', async () => {
    const proposal = await propose({ inquiryId: await newInquiry(), date, timeSlot: 'morning' });
    const { expiresAt } = validity(new Date());
    const mark = await auditMark(database);
    const justBefore = new Date(expiresAt.getTime() - 1);
    expect(await withDatabase(undefined, (db) => expireDueProposals(db, justBefore))).toEqual({ expired: 0, deferred: 0 });
    const runs = await Promise.all([1, 2].map(() => withDatabase(undefined, (db) => expireDueProposals(db, expiresAt))));
    expect(runs.map((run) => run.expired).sort()).toEqual([0, 1]);
    const entries = await auditSince(database, mark);
    expect(entries.filter((entry) => entry.action === 'proposal_expired')).toHaveLength(1);
    expect(entries.filter((entry) => entry.action === 'tentative_hold_released')).toHaveLength(1);
    expect(await freeSlots(date)).toContain('morning');
    const mails = await query<{ kind: string }>(database, 'SELECT kind FROM outbox WHERE booking_id = $1 AND kind LIKE $2 ORDER BY kind', [
      proposal.bookingId,
      'proposal_expired%',
    ]);
    expect(mails.map((mail) => mail.kind)).toEqual(['proposal_expired_client', 'proposal_expired_owner']);
    const token = await tokenOf(proposal.bookingId);
    expect((await signAs(token, proposal.id)).status).toBe(409);
  });

  test('signing twice at once gives one signature; the hash is the frozen text’s and the PDF holds name, date, total and hash', async () => {
    const proposal = await propose({ inquiryId: await newInquiry(), date, timeSlot: 'afternoon' });
    const token = await tokenOf(proposal.bookingId);
    const seen = (await (await call(lookup, postJson('/api/portal/lookup', { token }))).json()) as { proposal: ClientProposal; contract: { sections: unknown[] } };
    expect(seen.proposal).toMatchObject({ id: proposal.id, state: 'viewed' });
    expect(seen.contract.sections.length).toBeGreaterThan(10);
    const mark = await auditMark(database);
    const answers = await Promise.all([signAs(token, proposal.id), signAs(token, proposal.id, 'Dolly R. Rivera')]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const signed = ((await answers.find((answer) => answer.status === 200)!.json()) as { proposal: ClientProposal }).proposal;
    expect(signed).toMatchObject({ state: 'signed', signedAt: expect.any(String), documentSha256: proposal.documentSha256 });
    expect((await auditSince(database, mark)).filter((entry) => entry.action === 'proposal_signed')).toHaveLength(1);

    const [row] = await query<{ document: string; document_sha256: string; signature_user_agent: string; consent_text: string }>(
      database,
      'SELECT document, document_sha256, signature_user_agent, consent_text FROM proposals WHERE id = $1',
      [proposal.id],
    );
    expect(createHash('sha256').update(row!.document, 'utf8').digest('hex')).toBe(row!.document_sha256);
    expect(row!.signature_user_agent).toBe('Mozilla/5.0 Test');
    expect(row!.consent_text.length).toBeGreaterThan(20);
    const [booking] = await query<{ signed_at: Date | null; tentative_until: Date | null }>(database, 'SELECT signed_at, tentative_until FROM bookings WHERE id = $1', [proposal.bookingId]);
    expect(booking).toMatchObject({ signed_at: expect.any(Date), tentative_until: null });

    const pdf = await call(contractPdf, postJson('/api/portal/contract.pdf', { token, proposalId: proposal.id }));
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const { words, lines } = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(words).toMatch(signed.signatureName === SIGNER ? SIGNER : 'Dolly R. Rivera');
    expect(words).toContain(formatLongDate(date));
    expect(words).toContain(formatCents(proposal.totalCents));
    expect(lines).toContain(row!.document_sha256);
  });

  test('a signed proposal cannot be changed: no new proposal, no withdrawal, no edit, no client move; the owner countersigns once', async () => {
    const booking = await visitorBooking('evening');
    const proposal = await propose({ bookingId: booking.id });
    const token = await tokenOf(booking.id);
    expect((await signAs(token, proposal.id)).status).toBe(200);
    for (const response of [
      await desk('POST', '/api/admin/proposals', { estimate: ESTIMATE, bookingId: booking.id }),
      await desk('POST', `/api/admin/proposals/${proposal.id}/withdraw`),
    ]) {
      expect(response.status).toBe(409);
      expect(((await response.json()) as ErrorBody).error.code).toBe('proposal_signed');
    }
    await expect(query(database, "UPDATE proposals SET document = 'changed' WHERE id = $1", [proposal.id])).rejects.toThrow(/cannot be changed/);
    const moved = await call(reschedule, postJson('/api/bookings/reschedule', { token, date: addDaysUtc(date, 1), timeSlot: 'evening' }));
    expect(moved.status).toBe(409);
    expect(((await moved.json()) as ErrorBody).error.code).toBe('contract_signed');

    const mark = await auditMark(database);
    const countersigned = await desk('POST', `/api/admin/proposals/${proposal.id}/countersign`);
    expect(countersigned.status).toBe(200);
    expect(((await countersigned.json()) as { proposal: Proposal }).proposal).toMatchObject({ state: 'countersigned', countersignedBy: 'Dolores' });
    const again = await desk('POST', `/api/admin/proposals/${proposal.id}/countersign`);
    expect(((await again.json()) as ErrorBody).error.code).toBe('already_countersigned');
    expect((await auditSince(database, mark)).map((entry) => entry.action)).toEqual(['proposal_countersigned']);
    const page = (await (await call(lookup, postJson('/api/portal/lookup', { token }))).json()) as { booking: { stage: string } };
    expect(page.booking.stage).toBe('confirmed');
  });

  test('a replaced, withdrawn or expired proposal cannot be signed; a withdrawn tentative hold frees its slot at once', async () => {
    const booking = await visitorBooking('morning');
    const first = await propose({ bookingId: booking.id });
    const second = await propose({ bookingId: booking.id, extraLines: [{ label: 'Ice delivery', amountCents: 4_000 }] });
    const token = await tokenOf(booking.id);
    const codeOf = async (response: Response) => ((await response.json()) as ErrorBody).error.code;
    expect(await codeOf(await signAs(token, first.id))).toBe('proposal_replaced');
    expect((await desk('POST', `/api/admin/proposals/${second.id}/withdraw`)).status).toBe(200);
    expect(await codeOf(await signAs(token, second.id))).toBe('proposal_withdrawn');
    const third = await propose({ bookingId: booking.id });
    await query(database, "UPDATE proposals SET expires_at = now() - interval '1 second' WHERE id = $1", [third.id]);
    expect(await codeOf(await signAs(token, third.id))).toBe('proposal_expired');

    const tentative = await propose({ inquiryId: await newInquiry(), date, timeSlot: 'afternoon' });
    expect((await desk('POST', `/api/admin/proposals/${tentative.id}/withdraw`)).status).toBe(200);
    expect(await freeSlots(date)).toContain('afternoon');
  });

  test('signing needs the consent and a typed name (400 naming each field)', async () => {
    const proposal = await propose({ inquiryId: await newInquiry(), date, timeSlot: 'evening' });
    const token = await tokenOf(proposal.bookingId);
    const refused = await signAs(token, proposal.id, ' ', false);
    expect(refused.status).toBe(400);
    const { error } = (await refused.json()) as ErrorBody;
    expect(error.code).toBe('invalid_fields');
    expect(Object.keys(error.fields!).sort()).toEqual(['consent', 'signatureName']);
  });
});
