import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import bookings from '../../netlify/functions/bookings';
import contact from '../../netlify/functions/contact';
import { TIME_SLOT_KEYS } from '@shared/schemas/booking';
import { UNSTORABLE_TEXT_MESSAGE } from '@shared/schemas/fields';
import { InquirySchema } from '@shared/schemas/inquiry';
import { call, databases, postJson, query, useDatabase } from '../api/support';
import { booking as reservation, clock, inquiry as validInquiry } from '../fixtures';
import { HOSTILE_STRINGS } from './hostile';

const inquiry = validInquiry();

// What cannot be stored as sent: a NUL (Postgres text refuses it) and lone surrogates (they would turn into U+FFFD).
const UNSTORABLE = HOSTILE_STRINGS.filter((s) => s.includes('\u0000') || /\p{Cs}/u.test(s));
// Everything else a name field accepts (no control, bidi or invisible character, a letter or digit) is data, kept
// exactly as sent after trimming and NFC normalisation; what it refuses is shared/schemas/fields.test.ts's to prove.
const STORABLE = HOSTILE_STRINGS.filter((s) => !UNSTORABLE.includes(s) && v.is(InquirySchema.entries.firstName, s));

describe.each(databases)('hostile text on $name', (database) => {
  useDatabase(database);

  test('SQL, HTML, template, right-to-left and emoji text is stored and answered verbatim (NFC)', async () => {
    const slotDates = (index: number) => clock.day(5 + Math.floor(index / 3));
    const slots = TIME_SLOT_KEYS;
    for (const [index, text] of STORABLE.entries()) {
      const sent = await call(contact, postJson('/api/contact', { ...inquiry, firstName: text, eventLocation: text, message: text }));
      expect(sent.status, JSON.stringify(text)).toBe(201);
      const { id } = (await sent.json()) as { id: string };
      const [row] = await query<Record<string, unknown>>(database, 'SELECT first_name, event_location, message FROM contact_inquiries WHERE id = $1', [id]);
      const stored = text.trim().normalize('NFC');
      expect(row).toEqual({ first_name: stored, event_location: stored, message: stored });

      const booked = await call(
        bookings,
        postJson('/api/bookings', reservation({ date: slotDates(index), timeSlot: slots[index % 3], clientName: text }), {
          // A client of its own each time: the per-IP budget of new holds is not what this test is about.
          'x-nf-client-connection-ip': crypto.randomUUID(),
        }),
      );
      expect(booked.status, JSON.stringify(text)).toBe(201);
      const { booking } = (await booked.json()) as { booking: { id: string; clientName: string } };
      expect(booking.clientName).toBe(stored);
      const [held] = await query<{ client_name: string }>(database, 'SELECT client_name FROM bookings WHERE id = $1', [booking.id]);
      expect(held!.client_name).toBe(stored);
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
      const response = await call(bookings, postJson('/api/bookings', reservation({ date: clock.day(9), timeSlot: 'morning', clientName: text })));
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({ clientName: UNSTORABLE_TEXT_MESSAGE });
      expect(await query(database, 'SELECT id FROM contact_inquiries')).toEqual([]);
      expect(await query(database, 'SELECT id FROM bookings')).toEqual([]);
    },
  );
});
