import ICAL from 'ical.js';
import { describe, expect, test } from 'vitest';
import adminFeed from '../../netlify/functions/admin-calendar-feed';
import bookings from '../../netlify/functions/bookings';
import cancel from '../../netlify/functions/cancel';
import feed from '../../netlify/functions/calendar-feed';
import reschedule from '../../netlify/functions/reschedule';
import emails from '@content/emails.json' with { type: 'json' };
import { booking as reservation, clock, uniqueEmail } from '../fixtures';
import type { TestDatabase } from '../setup/database';
import { callWith, deskRequest, ownerCookie, resetOwnerTables } from './admin-support';
import { useTestSmtpServer, type ReceivedMail } from './mail-support';
import { call, databases, get, postJson, useDatabase } from './support';

const OWNER = 'owner@lonestar.example';
const LINK = /https:\/\/lonestar\.example\/cancel#token=([A-Za-z0-9_-]{43})/;

/** A subject's fixed opening (the words before its first placeholder), read from content/emails.json. */
function subjectOf(template: string): (subject: string) => boolean {
  const opening = template.split('{')[0]!;
  return (subject) => subject.startsWith(opening);
}

/** A VCALENDAR text as ical.js reads it: its METHOD, and each event's UID and SEQUENCE. */
function readCalendar(text: string): { method: string | null; events: Array<{ uid: string; sequence: number }> } {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const method = calendar.getFirstPropertyValue('method');
  return {
    method: method === null ? null : String(method),
    events: calendar.getAllSubcomponents('vevent').map((event) => ({
      uid: String(event.getFirstPropertyValue('uid')),
      sequence: Number(event.getFirstPropertyValue('sequence')),
    })),
  };
}

/** The calendar file a received mail carries. */
function calendarOf(mail: ReceivedMail) {
  const file = mail.parsed.attachments.find((attachment) => /calendar|ics/.test(attachment.contentType))!;
  return readCalendar(file.content.toString('utf8'));
}

describe.each(databases)('one UID for a booking in its mails and the owner’s feed on $name', (database: TestDatabase) => {
  useDatabase(database);
  resetOwnerTables(database);
  const smtp = useTestSmtpServer(database, { ownerEmail: OWNER, mailFrom: 'bookings@lonestar.example' });

  /** The first mail the catcher got for `address` whose subject passes `subject` (waits for it). */
  const mailTo = async (address: string, subject: (text: string) => boolean): Promise<ReceivedMail> => {
    let found: ReceivedMail | undefined;
    await expect
      .poll(() => (found = smtp.received.find((mail) => mail.envelope.to[0] === address && subject(mail.parsed.subject ?? ''))), {
        timeout: 10_000,
      })
      .toBeDefined();
    return found!;
  };

  test('the invitation, its update after a move, its cancellation and the feed name the booking by one UID', async () => {
    const cookie = await ownerCookie(database);
    const created = await callWith(adminFeed, deskRequest('POST', '/api/admin/calendar-feed', { cookie }));
    const feedPath = new URL(((await created.json()) as { url: string }).url).pathname;
    const feedEvents = async () => readCalendar(await (await call(feed, get(feedPath))).text());

    const clientEmail = uniqueEmail('uid');
    const booked = await call(
      bookings,
      postJson('/api/bookings', reservation({ date: clock.day(30), timeSlot: 'evening', clientEmail }), { 'x-nf-client-connection-ip': '10.9.8.7' }),
    );
    expect(booked.status).toBe(201);
    const { id } = ((await booked.json()) as { booking: { id: string } }).booking;
    const uid = `booking-${id}@lonestar.example`;

    const confirmation = await mailTo(clientEmail, subjectOf(emails.bookingClient.subject));
    const invitation = calendarOf(confirmation);
    const feedWhenBooked = await feedEvents();

    const token = LINK.exec(confirmation.parsed.text ?? '')![1]!;
    const moved = await call(reschedule, postJson('/api/bookings/reschedule', { token, date: clock.day(31), timeSlot: 'morning' }));
    expect(moved.status).toBe(200);
    const update = calendarOf(await mailTo(clientEmail, subjectOf(emails.rescheduleClient.subject)));
    const feedWhenMoved = await feedEvents();

    expect((await call(cancel, postJson('/api/cancel', { token }))).status).toBe(200);
    const cancellation = calendarOf(await mailTo(clientEmail, subjectOf(emails.cancellationClient.subject)));
    const feedWhenCancelled = await feedEvents();

    expect([invitation, update, cancellation].map((file) => [file.method, file.events])).toEqual([
      ['REQUEST', [{ uid, sequence: 0 }]],
      ['REQUEST', [{ uid, sequence: 1 }]],
      ['CANCEL', [{ uid, sequence: 2 }]],
    ]);
    expect(feedWhenBooked.method).toBe('PUBLISH');
    expect(feedWhenBooked.events).toContainEqual({ uid, sequence: 0 });
    expect(feedWhenMoved.events).toContainEqual({ uid, sequence: 1 });
    // Nothing else in the feed names this booking, and a cancelled booking leaves it.
    expect(feedWhenMoved.events.filter((event) => event.uid.includes(id))).toEqual([{ uid, sequence: 1 }]);
    expect(feedWhenCancelled.events.filter((event) => event.uid.includes(id))).toEqual([]);
  });
});
