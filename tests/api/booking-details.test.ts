import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import bookingsAdmin from '../../netlify/functions/admin-bookings';
import bookings from '../../netlify/functions/bookings';
import { isCalendarAttachment } from '../../netlify/lib/mail/attachments';
import { mailConfig } from '../../netlify/lib/mail/config';
import { bookingMessages, cancellationMessages, type BookingMail } from '../../netlify/lib/mail/messages';
import emails from '@content/emails.json' with { type: 'json' };
import type { Booking } from '@shared/schemas/booking';
import { TOO_MANY_GUESTS_MESSAGE } from '@shared/schemas/contact-details';
import { InquirySchema } from '@shared/schemas/inquiry';
import type { OwnerBooking } from '@shared/schemas/owner';
import { booking as reservation } from '../fixtures';
import { callWith, deskRequest, ownerCookie, resetOwnerTables } from './admin-support';
import { call, databases, postJson, query, useDatabase } from './support';

const DETAILS = { phone: '(512) 555-0199', guestCount: '80', eventLocation: 'Austin, TX' };

type StoredDetails = { phone: string | null; guest_count: number | null; event_location: string | null };

/** The inquiry's message for `value` in its field `key`: the booking must answer the same one. */
function inquiryMessage(key: 'phone' | 'guestCount' | 'eventLocation', value: unknown): string {
  const result = v.safeParse(InquirySchema.entries[key], value);
  if (result.success) throw new Error(`the inquiry accepts ${JSON.stringify(value)} as ${key}`);
  return result.issues[0].message;
}

describe.each(databases)('POST /api/bookings with the client details on $name', (database) => {
  useDatabase(database);
  resetOwnerTables(database);

  const stored = (id: string) =>
    query<StoredDetails>(database, 'SELECT phone, guest_count, event_location FROM bookings WHERE id = $1', [id]);

  async function book(body: unknown, headers: Record<string, string> = {}): Promise<Response> {
    return call(bookings, postJson('/api/bookings', body, headers));
  }

  test('stores phone, guest count (as a number) and event location, trimmed, and answers them', async () => {
    const response = await book(reservation({ phone: ' (512) 555-0199 ', guestCount: '080', eventLocation: ' Austin, TX ' }));
    expect(response.status).toBe(201);
    const { booking } = (await response.json()) as { booking: Booking };
    expect(booking).toMatchObject({ phone: '(512) 555-0199', guestCount: 80, eventLocation: 'Austin, TX' });
    expect(await stored(booking.id)).toEqual([{ phone: '(512) 555-0199', guest_count: 80, event_location: 'Austin, TX' }]);
  });

  test('takes the guest count as a JSON number too', async () => {
    const response = await book({ ...reservation(), guestCount: 120 });
    expect(response.status).toBe(201);
    const { booking } = (await response.json()) as { booking: Booking };
    expect(booking.guestCount).toBe(120);
  });

  test.each([
    ['left out', {}],
    ['blank', { phone: '', guestCount: '', eventLocation: '' }],
    ['spaces only', { phone: '   ', guestCount: ' ', eventLocation: '\t' }],
    ['null', { phone: null, guestCount: null, eventLocation: null }],
  ])('details %s are not given: stored and answered as null', async (_case, details) => {
    const response = await book({ ...reservation(), ...details });
    expect(response.status).toBe(201);
    const { booking } = (await response.json()) as { booking: Booking };
    expect(booking).toMatchObject({ phone: null, guestCount: null, eventLocation: null });
    expect(await stored(booking.id)).toEqual([{ phone: null, guest_count: null, event_location: null }]);
  });

  test.each([
    ['phone', 'words', 'call me', 'Please enter a valid phone number.'],
    ['phone', 'too few digits', '555-01', 'Please enter a valid phone number.'],
    ['phone', '31 characters', '1'.repeat(31), 'Please enter a phone number of at most 30 characters.'],
    ['phone', 'a number', 5125550199, 'Please enter your phone number.'],
    ['guestCount', 'zero', '0', 'Please enter at least 1 guest.'],
    ['guestCount', '351', '351', TOO_MANY_GUESTS_MESSAGE],
    ['guestCount', 'a fraction', '12.5', 'Please enter the number of guests as a whole number.'],
    ['guestCount', 'words', 'eighty', 'Please enter the number of guests as a whole number.'],
    ['eventLocation', '201 characters', 'x'.repeat(201), 'Please enter an event location of at most 200 characters.'],
    ['eventLocation', 'a line break', 'Austin\nTX', 'Please remove the line breaks from your event location.'],
    ['eventLocation', 'a bidi override', 'Austin \u202Egnp.exe', 'Please remove the hidden text-direction marks from your event location.'],
  ] as const)('%s with %s is a 400 with the inquiry form’s message, and nothing is stored', async (key, _case, value, message) => {
    expect(inquiryMessage(key, value)).toBe(message);
    const response = await book({ ...reservation(), [key]: value });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: { code: 'invalid_fields', message: 'Please check the highlighted fields and try again.', fields: { [key]: message } },
    });
    expect(await query(database, 'SELECT id FROM bookings')).toEqual([]);
  });

  test('a retry with the same Idempotency-Key but other details is a 422 and changes nothing', async () => {
    const key = crypto.randomUUID();
    const body = reservation(DETAILS);
    const first = await book(body, { 'idempotency-key': key });
    expect(first.status).toBe(201);
    const { booking } = (await first.json()) as { booking: Booking };
    for (const change of [{ phone: '(512) 555-0100' }, { guestCount: '81' }, { eventLocation: 'Marfa' }, { phone: '' }]) {
      const retry = await book({ ...body, ...change }, { 'idempotency-key': key });
      expect(retry.status, JSON.stringify(change)).toBe(422);
      expect(((await retry.json()) as { error: { code: string } }).error.code).toBe('idempotency_key_reused');
    }
    const same = await book(body, { 'idempotency-key': key });
    expect(same.status).toBe(201);
    expect(same.headers.get('idempotent-replayed')).toBe('true');
    expect(await stored(booking.id)).toEqual([{ phone: '(512) 555-0199', guest_count: 80, event_location: 'Austin, TX' }]);
    expect(await query(database, 'SELECT id FROM bookings')).toHaveLength(1);
  });

  test('GET /api/admin/bookings shows them, and null for a reservation without them', async () => {
    const cookie = await ownerCookie(database);
    const withDetails = reservation(DETAILS);
    const without = reservation({ timeSlot: 'morning', date: withDetails.date });
    expect((await book(withDetails)).status).toBe(201);
    expect((await book(without)).status).toBe(201);
    const response = await callWith(
      bookingsAdmin,
      deskRequest('GET', `/api/admin/bookings?from=${withDetails.date}&to=${withDetails.date}`, { cookie }),
    );
    expect(response.status).toBe(200);
    const listed = ((await response.json()) as { bookings: OwnerBooking[] }).bookings;
    expect(listed.map(({ timeSlot, phone, guestCount, eventLocation }) => ({ timeSlot, phone, guestCount, eventLocation }))).toEqual([
      { timeSlot: 'morning', phone: null, guestCount: null, eventLocation: null },
      { timeSlot: 'evening', phone: '(512) 555-0199', guestCount: 80, eventLocation: 'Austin, TX' },
    ]);
  });
});

describe('booking mails with the client details', () => {
  const config = mailConfig({
    SITE_URL: 'https://lonestar.example',
    OWNER_EMAIL: 'Owner <owner@lonestar.example>',
    MAIL_FROM: 'Lone Star Mobile Bar <bookings@lonestar.example>',
  });
  const booking: BookingMail = {
    id: '22222222-2222-4222-8222-222222222222',
    date: '2027-07-10',
    timeSlot: 'evening',
    clientName: 'Dolly Rivera',
    clientEmail: 'dolly@example.com',
    eventType: 'wedding',
    phone: '(512) 555-0177',
    guestCount: 1200,
    eventLocation: 'Stockyards marker, Fort Worth',
  };
  const { labels } = emails;

  test('the owner’s notification lists phone, guests and location under their labels', () => {
    const [, owner] = bookingMessages(booking, 'A'.repeat(43), config);
    expect(owner!.kind).toBe('booking_owner');
    expect(owner!.text).toContain(`${labels.phone}: (512) 555-0177`);
    expect(owner!.text).toContain(`${labels.guestCount}: 1200`);
    expect(owner!.text).toContain(`${labels.eventLocation}: Stockyards marker, Fort Worth`);
    expect(owner!.html).toContain('(512) 555-0177');
  });

  test('the client’s confirmation and cancellation carry the guest count but never the phone or the location', () => {
    const [confirmation] = bookingMessages(booking, 'A'.repeat(43), config);
    const [notice] = cancellationMessages(booking, 'owner', config);
    for (const mail of [confirmation!, notice!]) {
      const everything = [mail.subject, mail.text, mail.html, ...mail.attachments.filter(isCalendarAttachment).map((file) => file.content)].join('\n');
      expect(everything, mail.kind).not.toContain('555-0177');
      expect(everything, mail.kind).not.toContain('Stockyards marker');
      expect(everything, mail.kind).not.toContain(`${labels.phone}:`);
      expect(mail.text, mail.kind).toContain(`${labels.guestCount}: 1200`);
    }
  });

  test('details not given leave no empty rows', () => {
    const [client, owner] = bookingMessages({ ...booking, phone: null, guestCount: null, eventLocation: null }, 'A'.repeat(43), config);
    for (const mail of [client!, owner!]) {
      for (const label of [labels.phone, labels.guestCount, labels.eventLocation]) expect(mail.text).not.toContain(`${label}:`);
    }
  });
});
