import { describe, expect, test } from 'vitest';
import bookings from '../../netlify/functions/bookings';
import contact from '../../netlify/functions/contact';
import { addDaysUtc, todayUtc } from '../../src/schemas/dates';
import { UNSTORABLE_TEXT_MESSAGE } from '../../src/schemas/fields';
import { call, databases, postJson, query, useDatabase } from '../api/support';
import { HOSTILE_STRINGS } from './hostile';

const inquiry = {
  firstName: 'Dolly',
  lastName: 'Rivera',
  email: 'dolly@example.com',
  phone: '(512) 555-0199',
  eventType: 'wedding',
  guestCount: '120',
  eventDate: '2027-04-17',
  eventLocation: 'Austin, TX',
};

// What cannot be stored as sent: a NUL (Postgres text refuses it) and lone surrogates (they would turn into U+FFFD).
const UNSTORABLE = HOSTILE_STRINGS.filter((s) => s.includes('\u0000') || /\p{Cs}/u.test(s));
// Everything else that is not blank is data, to be kept exactly (after trimming, as every text field is).
const STORABLE = HOSTILE_STRINGS.filter((s) => !UNSTORABLE.includes(s) && s.trim() !== '');

describe.each(databases)('hostile text on $name', (database) => {
  useDatabase(database);

  test('SQL, HTML, template, right-to-left, emoji and control-character text is stored and answered verbatim', async () => {
    const date = addDaysUtc(todayUtc(), 5);
    const slots = ['morning', 'afternoon', 'evening'];
    for (const [index, text] of STORABLE.entries()) {
      const sent = await call(contact, postJson('/api/contact', { ...inquiry, firstName: text, eventLocation: text, message: text }));
      expect(sent.status, JSON.stringify(text)).toBe(201);
      const { id } = (await sent.json()) as { id: string };
      const [row] = await query<Record<string, unknown>>(database, 'SELECT first_name, event_location, message FROM contact_inquiries WHERE id = $1', [id]);
      expect(row).toEqual({ first_name: text.trim(), event_location: text.trim(), message: text.trim() });

      const booked = await call(
        bookings,
        postJson('/api/bookings', {
          date: addDaysUtc(date, Math.floor(index / 3)),
          timeSlot: slots[index % 3],
          clientName: text,
          clientEmail: 'hank@example.com',
          eventType: 'other',
        }),
      );
      expect(booked.status, JSON.stringify(text)).toBe(201);
      const { booking } = (await booked.json()) as { booking: { id: string; clientName: string } };
      expect(booking.clientName).toBe(text.trim());
      const [held] = await query<{ client_name: string }>(database, 'SELECT client_name FROM bookings WHERE id = $1', [booking.id]);
      expect(held!.client_name).toBe(text.trim());
    }
    // Nothing was interpreted as SQL: both tables are still there and hold exactly what was sent.
    expect(await query(database, 'SELECT id FROM contact_inquiries')).toHaveLength(STORABLE.length);
    expect(await query(database, 'SELECT id FROM bookings')).toHaveLength(STORABLE.length);
  });

  test.each(UNSTORABLE.map((text) => [JSON.stringify(text), text]))(
    'text %s is refused field by field with 400, never a 500, and nothing is stored',
    async (_label, text) => {
      for (const field of ['firstName', 'lastName', 'eventLocation', 'message'] as const) {
        const response = await call(contact, postJson('/api/contact', { ...inquiry, [field]: text }));
        expect(response.status).toBe(400);
        expect(await response.json()).toEqual({
          error: { code: 'invalid_fields', message: 'Please check the highlighted fields and try again.', fields: { [field]: UNSTORABLE_TEXT_MESSAGE } },
        });
      }
      const booking = { date: addDaysUtc(todayUtc(), 9), timeSlot: 'morning', clientName: text, clientEmail: 'hank@example.com', eventType: 'other' };
      const response = await call(bookings, postJson('/api/bookings', booking));
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({ clientName: UNSTORABLE_TEXT_MESSAGE });
      expect(await query(database, 'SELECT id FROM contact_inquiries')).toEqual([]);
      expect(await query(database, 'SELECT id FROM bookings')).toEqual([]);
    },
  );
});
