import ICAL from 'ical.js';
import { describe, expect, test } from 'vitest';
import adminDetails from '../../netlify/functions/admin-booking-details';
import adminFeed from '../../netlify/functions/admin-calendar-feed';
import proposals from '../../netlify/functions/admin-proposals';
import feed from '../../netlify/functions/calendar-feed';
import outboxSend from '../../netlify/functions/outbox-send';
import details from '../../netlify/functions/portal-details';
import lookup from '../../netlify/functions/portal-lookup';
import sign from '../../netlify/functions/portal-sign';
import { withDatabase } from '../../netlify/lib/db';
import { detailsReminderDueAt, detailsReminderIsDue, queueDetailsReminders } from '../../netlify/lib/jobs/details-reminders';
import { KINDS_WITH_SECRETS } from '../../netlify/lib/mail/outbox/queue';
import { saveDetailsByLink } from '../../netlify/lib/portal/details';
import type { TimeSlotKey } from '@shared/schemas/booking';
import { addDaysUtc } from '@shared/schemas/dates';
import { detailsCloseAt, detailsDueOn, type DetailsRequest, type EventDetails } from '@shared/schemas/event-details';
import type { Proposal } from '@shared/schemas/proposal';
import { formatLongDate, texasToday } from '@shared/texas-time';
import { site } from '../fixtures';
import type { TestDatabase } from '../setup/database';
import { callWith, deskRequest, ownerCookie, resetOwnerTables } from './admin-support';
import { expectNoMoreMail, useTestSmtpServer } from './mail-support';
import { linkedReservation } from './sale-support';
import { call, databases, get, postJson, query, useDatabase } from './support';

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

const FULL = {
  guestCount: 120,
  adultGuests: 95,
  barStart: '18:30',
  barEnd: '22:00',
  cocktails: ['lone-star-rita', 'texas-mule'],
  venueNotes: 'Gate code 4411.\nPower by the barn; park on the gravel.',
  onSiteContact: 'Maria Rivera',
  onSitePhone: '(512) 555-0144',
};

/** A date `days` Texas calendar days from the real today (the routes judge by the real clock). */
const ahead = (days: number) => addDaysUtc(texasToday(new Date()), days);

describe('when the details reminder is due (content: 14 days before the event, the reminder 7 days before that, 9:00 Texas time)', () => {
  test.each<[string, string, string, boolean]>([
    // Event Saturday 2026-07-25: due by 07-11, the reminder from 07-04 09:00 CDT (14:00Z) until 07-12 00:00 CDT.
    ['a millisecond before 9:00 on its day', '2026-07-25', '2026-07-04T13:59:59.999Z', false],
    ['9:00 on its day', '2026-07-25', '2026-07-04T14:00:00.000Z', true],
    ['the last millisecond of the due day', '2026-07-25', '2026-07-12T04:59:59.999Z', true],
    ['the end of the due day', '2026-07-25', '2026-07-12T05:00:00.000Z', false],
    // Event 2026-11-21: the reminder's day (10-31) is in daylight time, the due day's end (11-08) in standard time.
    ['across the fall-back change: 9:00 CDT', '2026-11-21', '2026-10-31T14:00:00.000Z', true],
    ['across the fall-back change: the due day ends at midnight CST', '2026-11-21', '2026-11-08T06:00:00.000Z', false],
    ['across the fall-back change: a millisecond before', '2026-11-21', '2026-11-08T05:59:59.999Z', true],
  ])('%s', (_case, date, now, due) => {
    expect(detailsReminderIsDue(date, new Date(now))).toBe(due);
  });
});

describe.each(databases)('the final details on $name', (database: TestDatabase) => {
  useDatabase(database);
  resetOwnerTables(database);
  const smtp = useTestSmtpServer(database, { ownerEmail: 'owner@lonestar.example', mailFrom: 'Lone Star Mobile Bar <bookings@lonestar.example>' });

  /** A held reservation stored directly, signed unless told otherwise; returns its id and a link's token. */
  const reservation = (date: string, timeSlot: TimeSlotKey, options: { signed?: boolean; email?: string } = {}) =>
    linkedReservation(database, date, timeSlot, { ...options, signed: options.signed ?? true, email: options.email ?? 'dolly@example.com' });

  const save = (token: string, fields: Record<string, unknown>) => call(details, postJson('/api/portal/details', { token, ...fields }));
  const pageOf = async (token: string) => (await (await call(lookup, postJson('/api/portal/lookup', { token }))).json()) as { details: EventDetails | null };
  const errorOf = async (response: Response) => ((await response.json()) as ErrorBody).error;

  test('saved as typed: a partial save, then the whole set; read back by the lookup and the owner, stamped by the client', async () => {
    const date = ahead(40);
    const { id, token } = await reservation(date, 'evening');
    const empty = await pageOf(token);
    expect(empty.details).toMatchObject({ guestCount: null, cocktails: [], updatedAt: null, dueOn: detailsDueOn(date), open: true, complete: false });

    const partial = await save(token, { guestCount: 80, barStart: '', venueNotes: '   ', cocktails: [] });
    expect(partial.status).toBe(200);
    expect(((await partial.json()) as { details: EventDetails }).details).toMatchObject({
      guestCount: 80,
      adultGuests: null,
      barStart: null,
      venueNotes: null,
      updatedBy: 'client',
      complete: false,
    });

    const whole = await save(token, FULL);
    expect(whole.status).toBe(200);
    const saved = ((await whole.json()) as { details: EventDetails }).details;
    expect(saved).toMatchObject({ ...FULL, updatedBy: 'client', dueOn: detailsDueOn(date), open: true, complete: true });
    expect((await pageOf(token)).details).toEqual(saved);
    const [row] = await query<{ updated_by: string; cocktails: string[] }>(database, 'SELECT updated_by, cocktails FROM event_details WHERE booking_id = $1', [id]);
    expect(row).toEqual({ updated_by: 'client', cocktails: FULL.cocktails });

    const owner = await callWith(adminDetails, deskRequest('GET', `/api/admin/bookings/${id}/details`, { cookie: await ownerCookie(database) }));
    expect(owner.status).toBe(200);
    expect(((await owner.json()) as { details: EventDetails }).details).toEqual(saved);
  });

  test('400 naming the field: bar hours outside the slot or backwards, a cocktail not on the menu, more adults than guests; nothing stored', async () => {
    const { token } = await reservation(ahead(40), 'evening');
    const cases: [Record<string, unknown>, string[]][] = [
      [{ barStart: '17:30', barEnd: '22:00' }, ['barStart']],
      [{ barStart: '18:00', barEnd: '23:30' }, ['barEnd']],
      [{ barStart: '21:00', barEnd: '20:00' }, ['barEnd']],
      [{ cocktails: ['lone-star-rita', 'mojito'] }, ['cocktails']],
      [{ guestCount: 80, adultGuests: 90 }, ['adultGuests']],
    ];
    for (const [fields, named] of cases) {
      const response = await save(token, fields);
      expect(response.status, JSON.stringify(fields)).toBe(400);
      const error = await errorOf(response);
      expect(error.code).toBe('invalid_fields');
      expect(Object.keys(error.fields ?? {}), JSON.stringify(fields)).toEqual(named);
    }
    expect((await save(token, { barStart: '18:00', barEnd: '23:00' })).status).toBe(200);
    const errors = await errorOf(await save(token, { barStart: '17:00' }));
    expect(errors.fields!.barStart).toContain('between 18:00 and 23:00');
    expect((await pageOf(token)).details).toMatchObject({ barStart: '18:00', barEnd: '23:00' });
  });

  test('before the contract is signed: 409 details_not_open and no details on the page; signing through the link opens them', async () => {
    const date = ahead(40);
    const { id, token } = await reservation(date, 'evening', { signed: false });
    const cookie = await ownerCookie(database);
    const made = await callWith(proposals, deskRequest('POST', '/api/admin/proposals', {
      cookie,
      body: { bookingId: id, estimate: { packageId: 'wedding', serviceLevel: 'byob', guests: 80, hours: 4, zip: '78701', addOns: [] } },
    }));
    expect(made.status).toBe(201);
    const { proposal } = (await made.json()) as { proposal: Proposal };
    expect((await pageOf(token)).details).toBeNull();
    const early = await save(token, FULL);
    expect(early.status).toBe(409);
    expect(await errorOf(early)).toMatchObject({ code: 'details_not_open', message: expect.stringContaining('signed') });

    const signed = await call(sign, postJson('/api/portal/sign', { token, proposalId: proposal.id, consent: true, signatureName: 'Dolly Rivera' }));
    expect(signed.status).toBe(200);
    expect((await pageOf(token)).details).toMatchObject({ guestCount: null, open: true });
    expect((await save(token, FULL)).status).toBe(200);
  });

  test('closed at the end of the due day (Texas): a millisecond before passes, at the instant 409 details_closed saying whom to call', async () => {
    const date = ahead(40);
    const { token } = await reservation(date, 'morning');
    const closeAt = detailsCloseAt(date);
    const request = (now: Date): DetailsRequest & { now: Date } => ({ token, ...FULL, barStart: '09:30', barEnd: '12:00', now });
    const before = await withDatabase(undefined, (db) => saveDetailsByLink(db, request(new Date(closeAt.getTime() - 1))));
    expect(before).toMatchObject({ ok: true, value: { details: { open: true, barStart: '09:30' } } });
    const at = await withDatabase(undefined, (db) => saveDetailsByLink(db, request(closeAt)));
    const sentence = `Your final details were due by ${formatLongDate(detailsDueOn(date))}, so they can no longer be changed online. Please call us at ${site.phone} with any change.`;
    expect(at).toEqual({ ok: false, code: 'details_closed', details: { message: sentence } });

    // Through the route, for an event 10 days away: due 4 days ago.
    const soon = ahead(10);
    const late = await reservation(soon, 'evening', { email: 'late@example.com' });
    const refused = await save(late.token, FULL);
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toEqual({ code: 'details_closed', message: expect.stringContaining(formatLongDate(detailsDueOn(soon))) });
    expect((await pageOf(late.token)).details).toMatchObject({ open: false, guestCount: null });
  });

  test('a bad link is refused as on the other portal routes: 400 malformed, 404 unknown, 409 cancelled', async () => {
    const malformed = await save('not-a-token', FULL);
    expect(malformed.status).toBe(400);
    expect(Object.keys((await errorOf(malformed)).fields ?? {})).toContain('token');
    const unknown = await save('A'.repeat(43), FULL);
    expect(unknown.status).toBe(404);
    expect((await errorOf(unknown)).code).toBe('unknown');
    const { id, token } = await reservation(ahead(40), 'evening');
    await query(database, "UPDATE bookings SET is_available = true, cancelled_at = now(), cancelled_by = 'client' WHERE id = $1", [id]);
    const cancelled = await save(token, FULL);
    expect(cancelled.status).toBe(409);
    expect((await errorOf(cancelled)).code).toBe('already_cancelled');
    expect(await query(database, 'SELECT 1 FROM event_details')).toEqual([]);
  });

  test('the reminder: once under two runs at once, only while the details are empty, never for a cancelled booking; the mail arrives', async () => {
    const date = ahead(20);
    const empty = await reservation(date, 'evening', { email: 'empty@example.com' });
    const blank = await reservation(date, 'morning', { email: 'blank@example.com' });
    const filled = await reservation(date, 'afternoon', { email: 'filled@example.com' });
    const gone = await reservation(addDaysUtc(date, 1), 'evening', { email: 'gone@example.com' });
    const unsigned = await reservation(addDaysUtc(date, 1), 'morning', { email: 'unsigned@example.com', signed: false });
    // Saved but every field cleared again: still empty. Saved with one field: not.
    expect((await save(blank.token, {})).status).toBe(200);
    expect((await save(filled.token, { onSitePhone: '(512) 555-0100' })).status).toBe(200);
    await query(database, "UPDATE bookings SET is_available = true, cancelled_at = now(), cancelled_by = 'owner' WHERE id = $1", [gone.id]);

    const due = detailsReminderDueAt(date);
    const run = (now: Date) => withDatabase(undefined, (db) => queueDetailsReminders(db, now));
    expect(await run(new Date(due.getTime() - 1))).toMatchObject({ queued: 0 });
    const runs = await Promise.all([run(due), run(due)]);
    expect(runs.reduce((sum, report) => sum + report.queued, 0)).toBe(2);
    expect((await Promise.all([run(due), run(new Date(due.getTime() + 60_000))])).map((report) => report.queued)).toEqual([0, 0]);
    const claims = await query<{ booking_id: string; kind: string; due_on: string }>(database, 'SELECT booking_id, kind, due_on FROM sale_reminders ORDER BY booking_id');
    expect(claims).toEqual(
      [empty.id, blank.id].sort().map((booking_id) => ({ booking_id, kind: 'details', due_on: detailsDueOn(date) })),
    );
    // Each states its booking at its sequence (a cancel or a move withdraws it unsent) and holds a link: dropped once sent.
    const rows = await query<{ booking_sequence: number | null }>(database, "SELECT booking_sequence FROM outbox WHERE kind = 'details_reminder_client'");
    expect(rows).toEqual([{ booking_sequence: 0 }, { booking_sequence: 0 }]);
    expect(KINDS_WITH_SECRETS).toContain('details_reminder_client');

    // The scheduled run sends them; each links to its own event page, which opens the details.
    expect((await call(outboxSend, new Request('http://localhost:8888/.netlify/functions/outbox-send', { method: 'POST' }))).status).toBe(204);
    const mails = await expectNoMoreMail(database, smtp, 2);
    expect(mails.map((mail) => mail.envelope.to[0]).sort()).toEqual(['blank@example.com', 'empty@example.com']);
    const mail = mails.find((received) => received.envelope.to[0] === 'empty@example.com')!;
    const dueWords = formatLongDate(detailsDueOn(date));
    expect(mail.parsed.subject).toBe(`Your final details for ${formatLongDate(date)} are due by ${dueWords}`);
    const text = mail.parsed.text ?? '';
    for (const asked of ['final guest count', 'adults will drink', 'bar opens and closes', 'cocktails', 'Access, power and parking', 'on the day']) {
      expect(text).toContain(asked);
    }
    expect(text).toContain(site.phone);
    expect(text).not.toMatch(/\{[A-Za-z]+\}/);
    const token = decodeURIComponent(/https:\/\/lonestar\.example\/cancel#token=([A-Za-z0-9_-]{43})/.exec(text)![1]!);
    expect((await pageOf(token)).details).toMatchObject({ dueOn: detailsDueOn(date), open: true, complete: false });
  });

  test('the calendar feed’s event carries the final details', async () => {
    const date = ahead(40);
    const { id, token } = await reservation(date, 'evening');
    expect((await save(token, FULL)).status).toBe(200);
    const created = await callWith(adminFeed, deskRequest('POST', '/api/admin/calendar-feed', { cookie: await ownerCookie(database) }));
    const { url } = (await created.json()) as { url: string };
    const text = await (await call(feed, get(new URL(url).pathname))).text();
    const calendar = new ICAL.Component(ICAL.parse(text));
    const event = calendar
      .getAllSubcomponents('vevent')
      .map((vevent) => new ICAL.Event(vevent))
      .find((candidate) => candidate.uid.startsWith(`booking-${id}@`));
    const lines = event!.description.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Final details, last saved \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M:$/),
        'Final guests: 120; adults who drink: 95',
        'Bar: 6:30 PM to 10:00 PM',
        'Cocktails: Lone Star Rita, Texas Mule',
        'Venue access, power and parking: Gate code 4411.',
        'Power by the barn; park on the gravel.',
        'On site: Maria Rivera, (512) 555-0144',
      ]),
    );
  });
});
