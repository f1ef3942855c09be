import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import {
  BOOKING_EVENT_TYPES,
  BookingSchema,
  TIME_SLOTS,
  TIME_SLOT_KEYS,
  createBookingSchema,
  isBookableDate,
  type BookingInput,
} from './booking';
import { BOOKING_WINDOW_DAYS, todayUtc } from './dates';
import { fieldErrors } from './api-error';
import { InquirySchema } from './inquiry';

// 8 p.m. Central on 14 May 2026 is already 15 May in UTC.
const NOW = new Date('2026-05-15T01:00:00Z');
const Schema = createBookingSchema(() => NOW);
// Any code point (lone surrogates included), biased to ASCII and the BMP. fast-check's 'binary' unit does the same
// but was about 200 times slower to generate here (2.8 s against 12 ms for 500 strings).
const anyCodePoint = fc
  .oneof(fc.integer({ min: 0, max: 0x7f }), fc.integer({ min: 0, max: 0xffff }), fc.integer({ min: 0, max: 0x10ffff }))
  .map((cp) => String.fromCodePoint(cp));

const valid: BookingInput = {
  date: '2026-06-20',
  timeSlot: 'evening',
  clientName: 'Hank Porter',
  clientEmail: 'hank@example.com',
  eventType: 'birthday',
};

function errorsFor(payload: unknown): Record<string, string> {
  const result = v.safeParse(Schema, payload);
  expect(result.success).toBe(false);
  return fieldErrors(result.issues ?? []);
}

describe('BookingSchema', () => {
  test('accepts a complete reservation', () => {
    expect(v.parse(Schema, valid)).toEqual({ ...valid, website: '', phone: null, guestCount: null, eventLocation: null });
  });

  test('lists the slots and event types of the spec', () => {
    expect(TIME_SLOTS.map((slot) => slot.label)).toEqual([
      'Morning 9AM - 1PM',
      'Afternoon 1PM - 6PM',
      'Evening 6PM - 11PM',
    ]);
    expect(TIME_SLOT_KEYS).toEqual(['morning', 'afternoon', 'evening']);
    expect(BOOKING_EVENT_TYPES.map((type) => `${type.value}:${type.label}`)).toEqual([
      'wedding:Wedding',
      'birthday:Birthday Party',
      'corporate:Corporate Event',
      'anniversary:Anniversary',
      'graduation:Graduation',
      'other:Other',
    ]);
  });

  test('trims text and drops unknown fields', () => {
    const output = v.parse(Schema, {
      ...valid,
      date: ' 2026-06-20 ',
      clientName: '  Hank Porter  ',
      clientEmail: ' hank@example.com',
      isAvailable: true,
      id: 'chosen-by-client',
    });
    expect(output).toEqual({ ...valid, website: '', phone: null, guestCount: null, eventLocation: null });
  });

  test.each([
    ['2026-05-15', 'today in UTC'],
    ['2028-05-14', `the last day of the ${BOOKING_WINDOW_DAYS}-day window`],
  ])('accepts %s (%s)', (date) => {
    expect(v.parse(Schema, { ...valid, date }).date).toBe(date);
  });

  test.each([
    ['2026-05-14', 'Please choose today or a later date.'],
    ['2020-01-01', 'Please choose today or a later date.'],
    ['2028-05-15', 'Please choose a date within the next 730 days.'],
    ['2026-02-30', 'Please choose a valid date.'],
    ['20260620', 'Please choose a valid date.'],
    ['', 'Please choose a date.'],
  ])('refuses date %j with %j', (date, message) => {
    expect(errorsFor({ ...valid, date })).toEqual({ date: message });
  });

  test.each([
    ['date', 'Please choose a date.'],
    ['timeSlot', 'Please pick a time slot.'],
    ['clientName', 'Please enter your name.'],
    ['clientEmail', 'Please enter your email address.'],
    ['eventType', 'Please choose an event type.'],
  ] as const)('requires %s: %j when missing', (field, message) => {
    const { [field]: _omitted, ...rest } = valid;
    expect(errorsFor(rest)).toEqual({ [field]: message });
  });

  test.each([
    ['timeSlot', 'night', 'Please pick a time slot.'],
    ['timeSlot', 'Morning', 'Please pick a time slot.'],
    ['clientName', '  ', 'Please enter your name.'],
    ['clientName', 'x'.repeat(201), 'Please enter a name of at most 200 characters.'],
    ['clientEmail', 'hank@@example.com', 'Please enter a valid email address.'],
    ['clientEmail', 'hank', 'Please enter a valid email address.'],
    ['clientEmail', 'x?cc=attacker%40evil.example&subject=hi@example.com', 'Please enter an email address without ?, % or & characters.'],
    ['clientName', 'Restore it at https://paypa1-secure.example', 'Please write your name without a web or e-mail address.'],
    ['clientName', 'Hank paypa1-secure.example', 'Please write your name without a web or e-mail address.'],
    ['clientName', 'Hank hank@evil.example', 'Please write your name without a web or e-mail address.'],
    ['eventType', 'private', 'Please choose an event type.'],
  ])('refuses %s %#: %s', (field, value, message) => {
    expect(errorsFor({ ...valid, [field]: value })).toEqual({ [field]: message });
  });

  test.each([
    ['Hank\r\nBcc: all@example.com', 'Please remove the line breaks from your name.'],
    ['Hank\tPorter', 'Please remove the tabs and hidden control characters from your name.'],
    ['\u001b[2JHank', 'Please remove the tabs and hidden control characters from your name.'],
    ['Hank\u202Eretrop', 'Please remove the hidden text-direction marks from your name.'],
    ['\u200B\u200B\u200B', 'Please remove the invisible characters from your name.'],
    ['\u3164', 'Please remove the invisible characters from your name.'],
    ['🤠🐎', 'Please use at least one letter or number in your name.'],
  ])('refuses the name %j with %j', (clientName, message) => {
    expect(errorsFor({ ...valid, clientName })).toEqual({ clientName: message });
  });

  test.each([['محمد'], ['שרה כהן'], ['Zoë Ñandú'], ["Hank O'Brien-Porter"], ['李小龙'], ['Hank 👨\u200D👩\u200D👧\u200D👦 🇺🇸']])(
    'accepts the name %j verbatim',
    (clientName) => {
      expect(v.parse(Schema, { ...valid, clientName }).clientName).toBe(clientName);
    },
  );

  test('stores the name in its NFC form', () => {
    expect(v.parse(Schema, { ...valid, clientName: 'Zoe\u0308 Porter' }).clientName).toBe('Zoë Porter');
  });

  test('judges a name as the inquiry form judges a first name (one rule for both forms)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: anyCodePoint, maxLength: 30 }), fc.string({ unit: 'grapheme', maxLength: 30 })), (name) => {
        const booking = v.safeParse(Schema.entries.clientName, name);
        const inquiry = v.safeParse(InquirySchema.entries.firstName, name);
        expect(booking.success).toBe(inquiry.success);
        if (booking.success && inquiry.success) expect(booking.output).toBe(inquiry.output);
      }),
      { numRuns: 300 },
    );
  });

  test('asks the clock at each validation, not once', () => {
    let now = new Date('2026-06-19T12:00:00Z');
    const schema = createBookingSchema(() => now);
    expect(v.is(schema, valid)).toBe(true);
    now = new Date('2026-06-21T00:00:00Z');
    expect(v.is(schema, valid)).toBe(false);
  });

  test('the default schema judges against the real today', () => {
    expect(v.is(BookingSchema, { ...valid, date: todayUtc() })).toBe(true);
    expect(v.is(BookingSchema, { ...valid, date: '2000-01-01' })).toBe(false);
  });
});

describe('isBookableDate', () => {
  test.each([
    ['2026-05-14', false],
    ['2026-05-15', true],
    ['2028-05-14', true],
    ['2028-05-15', false],
  ])('%s is bookable: %s', (date, expected) => {
    expect(isBookableDate(date, NOW)).toBe(expected);
  });
});
