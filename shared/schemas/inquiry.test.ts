import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, test, vi } from 'vitest';
import { addDaysUtc, todayUtc } from './dates';
import { fieldErrors } from './api-error';
import { TOO_MANY_GUESTS_MESSAGE } from './contact-details';
import { HONEYPOT_FIELD } from './honeypot';
import {
  INQUIRY_EVENT_TYPES,
  INQUIRY_FIELDS,
  InquiryFieldCopySchema,
  InquirySchema,
  createInquirySchema,
  type InquiryInput,
} from './inquiry';
import { sampleInquiry } from '../../scripts/lib/shared-harness/sample-inquiry';

// 8 p.m. Central on 14 May 2026 is already 15 May in UTC.
const NOW = new Date('2026-05-15T01:00:00Z');
const Schema = createInquirySchema(() => NOW);

const valid: InquiryInput = sampleInquiry('2026-10-17');

function errorsFor(payload: unknown): Record<string, string> {
  const result = v.safeParse(Schema, payload);
  expect(result.success).toBe(false);
  return fieldErrors(result.issues ?? []);
}

describe('InquirySchema', () => {
  test('accepts a complete inquiry unchanged', () => {
    expect(v.parse(Schema, valid)).toEqual({ ...valid, website: '' });
  });

  test('offers the four inquiry event types with their labels', () => {
    expect(INQUIRY_EVENT_TYPES).toEqual([
      { value: 'wedding', label: 'Wedding' },
      { value: 'private', label: 'Private Party' },
      { value: 'corporate', label: 'Corporate Event' },
      { value: 'other', label: 'Other' },
    ]);
  });

  test('trims every text field', () => {
    const output = v.parse(Schema, {
      ...valid,
      firstName: '  Dolly ',
      lastName: '\tRivera\n',
      email: ' dolly@example.com ',
      eventLocation: '  Austin, TX  ',
      eventDate: ' 2026-10-17 ',
      message: '  hello  ',
    });
    expect(output).toMatchObject({
      firstName: 'Dolly',
      lastName: 'Rivera',
      email: 'dolly@example.com',
      eventLocation: 'Austin, TX',
      eventDate: '2026-10-17',
      message: 'hello',
    });
  });

  test('drops fields it does not know', () => {
    const output = v.parse(Schema, { ...valid, id: 'evil', createdAt: '1999-01-01', isAdmin: true });
    expect(Object.keys(output).sort()).toEqual([...Object.keys(valid), 'website'].sort());
  });

  test.each([
    [{ message: undefined }, undefined],
    [{ message: '' }, undefined],
    [{ message: '   ' }, undefined],
  ])('treats %j as no message', (patch, expected) => {
    expect(v.parse(Schema, { ...valid, ...patch }).message).toBe(expected);
  });

  test.each([["o'brien@example.org"], ['first.last+events@mail.example.co.uk'], ['Dolly.Parton@Example.COM']])(
    'accepts the e-mail address %j',
    (email) => {
      expect(v.parse(Schema, { ...valid, email }).email).toBe(email);
    },
  );

  test.each([
    ['120', '120'],
    [120, '120'],
    [' 35 ', '35'],
    ['007', '7'],
    [1, '1'],
    ['350', '350'],
  ])('accepts guest count %j as %j', (guestCount, expected) => {
    expect(v.parse(Schema, { ...valid, guestCount }).guestCount).toBe(expected);
  });

  test.each([
    ['', 'Please enter your guest count.'],
    [undefined, 'Please enter your guest count.'],
    [null, 'Please enter your guest count.'],
    ['0', 'Please enter at least 1 guest.'],
    [0, 'Please enter at least 1 guest.'],
    [-5, 'Please enter the number of guests as a whole number.'],
    ['12.5', 'Please enter the number of guests as a whole number.'],
    [12.5, 'Please enter the number of guests as a whole number.'],
    ['about 50', 'Please enter the number of guests as a whole number.'],
    ['1e3', 'Please enter the number of guests as a whole number.'],
    [Number.NaN, 'Please enter your guest count.'],
    ['351', TOO_MANY_GUESTS_MESSAGE],
    ['100001', TOO_MANY_GUESTS_MESSAGE],
  ])('refuses guest count %j with %j', (guestCount, message) => {
    expect(errorsFor({ ...valid, guestCount }).guestCount).toBe(message);
  });

  test.each([
    ['firstName', 'Please enter your first name.'],
    ['lastName', 'Please enter your last name.'],
    ['email', 'Please enter your email address.'],
    ['phone', 'Please enter your phone number.'],
    ['eventType', 'Please choose an event type.'],
    ['guestCount', 'Please enter your guest count.'],
    ['eventDate', 'Please choose your event date.'],
    ['eventLocation', 'Please enter your event location.'],
  ] as const)('requires %s: %j when missing', (field, message) => {
    const { [field]: _omitted, ...rest } = valid;
    expect(errorsFor(rest)).toEqual({ [field]: message });
  });

  test.each([
    ['firstName', '   ', 'Please enter your first name.'],
    ['firstName', 'x'.repeat(51), 'Please enter a first name of at most 50 characters.'],
    [
      'firstName',
      'Your PayPal account is suspended, restore it at https://paypa1-secure.example',
      'Please enter a first name of at most 50 characters.',
    ],
    ['firstName', 'Restore at paypa1-secure.example', 'Please write your first name without a web or e-mail address.'],
    ['firstName', 'www.evil', 'Please write your first name without a web or e-mail address.'],
    ['firstName', 'write to me@evil.example', 'Please write your first name without a web or e-mail address.'],
    ['email', 'x?cc=attacker%40evil.example&subject=hi@example.com', 'Please enter an email address without ?, % or & characters.'],
    ['email', 'a&b@example.com', 'Please enter an email address without ?, % or & characters.'],
    ['firstName', 42, 'Please enter your first name.'],
    ['lastName', '', 'Please enter your last name.'],
    ['email', 'dolly', 'Please enter a valid email address.'],
    ['email', 'dolly@', 'Please enter a valid email address.'],
    ['email', 'dolly@example', 'Please enter a valid email address.'],
    ['email', 'dolly example@example.com', 'Please enter a valid email address.'],
    ['email', 'dolly@example.c', 'Please enter a valid email address.'],
    ['email', 'dolly@-example.com', 'Please enter a valid email address.'],
    ['email', `${'a'.repeat(250)}@example.com`, 'Please enter an email address of at most 254 characters.'],
    ['phone', 'call me', 'Please enter a valid phone number.'],
    ['phone', '555-12', 'Please enter a valid phone number.'],
    ['phone', '1234567890123456', 'Please enter a valid phone number.'],
    ['eventType', 'birthday', 'Please choose an event type.'],
    ['eventType', 'Wedding', 'Please choose an event type.'],
    ['eventDate', '2026-02-30', 'Please choose a valid event date.'],
    ['eventDate', '10/17/2026', 'Please choose a valid event date.'],
    ['eventLocation', 'x'.repeat(201), 'Please enter an event location of at most 200 characters.'],
    ['message', 'x'.repeat(5001), 'Please keep your message to at most 5,000 characters.'],
    ['message', 7, 'Please write your message as text.'],
  ])('refuses %s %#: %s', (field, value, message) => {
    expect(errorsFor({ ...valid, [field]: value })).toEqual({ [field]: message });
  });

  test.each([
    ['+1 512 555 0199'],
    ['512.555.0199'],
    ['5125550199'],
  ])('accepts phone %j', (phone) => {
    expect(v.parse(Schema, { ...valid, phone }).phone).toBe(phone);
  });

  test('reports every missing field of an empty form at once', () => {
    expect(Object.keys(errorsFor({}))).toEqual([
      'firstName',
      'lastName',
      'email',
      'phone',
      'eventType',
      'guestCount',
      'eventDate',
      'eventLocation',
    ]);
  });

  test.each([[null], ['a string'], [42]])('refuses a payload %j that is no object', (payload) => {
    const result = v.safeParse(Schema, payload);
    expect(result.success).toBe(false);
    expect(result.issues?.[0].message).toBe('Please send the inquiry form fields.');
    expect(fieldErrors(result.issues ?? [])).toEqual({});
  });

  test('carries the honeypot value through', () => {
    expect(v.parse(Schema, { ...valid, website: ' spam.example ' }).website).toBe('spam.example');
  });

  test.each([
    ['2026-05-15', 'today in UTC'],
    ['2029-05-15', 'three years ahead'],
    [' 2027-12-31 ', 'with spaces around'],
  ])('accepts the event date %j (%s)', (eventDate) => {
    expect(v.parse(Schema, { ...valid, eventDate }).eventDate).toBe(eventDate.trim());
  });

  test.each([
    ['2026-05-14', 'Please choose an event date of today or later.'],
    ['2024-02-29', 'Please choose an event date of today or later.'],
    ['0000-01-01', 'Please choose an event date of today or later.'],
    ['2029-05-16', 'Please choose an event date within the next 3 years.'],
    ['9999-12-31', 'Please choose an event date within the next 3 years.'],
  ])('refuses the event date %j with %j', (eventDate, message) => {
    expect(errorsFor({ ...valid, eventDate })).toEqual({ eventDate: message });
  });

  test('a 29 February clock allows up to 28 February three years on', () => {
    const leap = createInquirySchema(() => new Date('2028-02-29T12:00:00Z'));
    expect(v.is(leap, { ...valid, eventDate: '2031-02-28' })).toBe(true);
    expect(v.is(leap, { ...valid, eventDate: '2031-03-01' })).toBe(false);
  });

  test('accepts any event date from today to three years ahead and refuses any other, whatever the clock', () => {
    const clock = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2200-12-31T23:59:59Z'), noInvalidDate: true });
    fc.assert(
      fc.property(clock, fc.integer({ min: -3000, max: 3000 }), (now, days) => {
        const eventDate = addDaysUtc(todayUtc(now), days);
        const accepted = v.is(createInquirySchema(() => now), { ...valid, eventDate });
        // Three years hold 1095 or 1096 days; 1096 itself depends on a 29 February in between.
        if (days < 0 || days > 1096) expect(accepted).toBe(false);
        else if (days <= 1095) expect(accepted).toBe(true);
      }),
    );
  });

  test('asks the clock at each validation, not once', () => {
    let now = new Date('2026-10-16T12:00:00Z');
    const schema = createInquirySchema(() => now);
    expect(v.is(schema, valid)).toBe(true);
    now = new Date('2026-10-18T00:00:00Z');
    expect(v.is(schema, valid)).toBe(false);
  });

  test('the default schema reads the system clock at validation time, not at import', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2026-10-17T23:59:59Z'));
      expect(v.is(InquirySchema, valid)).toBe(true);
      vi.setSystemTime(new Date('2026-10-18T00:00:00Z'));
      expect(v.is(InquirySchema, valid)).toBe(false);
      vi.setSystemTime(new Date('2023-10-17T00:00:00Z'));
      expect(v.is(InquirySchema, valid)).toBe(true);
      vi.setSystemTime(new Date('2023-10-16T23:59:59Z'));
      expect(v.is(InquirySchema, valid)).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  test.each([
    ['firstName', 'Dolly\r\nBcc: all@example.com', 'Please remove the line breaks from your first name.'],
    ['lastName', 'Rivera\tx', 'Please remove the tabs and hidden control characters from your last name.'],
    ['lastName', '\u202Earevir', 'Please remove the hidden text-direction marks from your last name.'],
    ['firstName', '\u200B\u2800', 'Please remove the invisible characters from your first name.'],
    ['firstName', '🤠', 'Please use at least one letter or number in your first name.'],
    ['phone', '512\n555 0199', 'Please remove the line breaks from your phone number.'],
    ['eventLocation', 'Austin\u0085TX', 'Please remove the line breaks from your event location.'],
    ['eventLocation', '\u3164', 'Please remove the invisible characters from your event location.'],
    ['eventLocation', '=HYPERLINK("x")\tcell', 'Please remove the tabs and hidden control characters from your event location.'],
    ['message', 'Hello\u0007', 'Please remove the hidden control characters from your message.'],
    ['message', 'Hi \u2066there\u2069', 'Please remove the hidden text-direction marks from your message.'],
  ])('refuses %s %j with %j', (field, value, message) => {
    expect(errorsFor({ ...valid, [field]: value })).toEqual({ [field]: message });
  });

  test.each([
    ['firstName', 'محمد'],
    ['lastName', 'שרה'],
    ['firstName', 'Zoë'],
    ['lastName', "O'Brien-Nguyễn"],
    ['firstName', '李'],
    ['eventLocation', 'Hank 👨\u200D👩\u200D👧 🇺🇸, Austin'],
    ['message', 'Line one\n\tLine two 🍹\nمرحبا'],
  ])('accepts %s %j verbatim', (field, value) => {
    expect(v.parse(Schema, { ...valid, [field]: value })).toEqual({ ...valid, website: '', [field]: value });
  });

  test.each([
    ['firstName', 'Zoe\u0308', 'Zoë'],
    ['eventLocation', 'Cafe\u0301 Austin', 'Café Austin'],
    ['message', 'Cafe\u0301\nplease', 'Café\nplease'],
  ])('stores %s %j as its NFC form %j', (field, value, stored) => {
    expect(v.parse(Schema, { ...valid, [field]: value })[field as 'firstName']).toBe(stored);
  });
});

describe('INQUIRY_FIELDS', () => {
  test('lists every field of the schema but the honeypot and the estimate (stored apart), in the form\'s order', () => {
    const formFields = Object.keys(InquirySchema.entries).filter((key) => key !== HONEYPOT_FIELD && key !== 'estimate');
    expect(INQUIRY_FIELDS.map((field) => field.key)).toEqual(formFields);
  });

  test.each(INQUIRY_FIELDS)('$key is stored in a column of its own, named as SQL needs no quoting', ({ column }) => {
    expect(column).toMatch(/^[a-z][a-z0-9_]*$/);
    expect(INQUIRY_FIELDS.filter((field) => field.column === column)).toHaveLength(1);
  });

  test('every field but the message is required', () => {
    const required = INQUIRY_FIELDS.filter((field) => !v.safeParse(Schema, { ...valid, [field.key]: undefined }).success);
    expect(INQUIRY_FIELDS.filter((field) => !required.includes(field)).map((field) => field.key)).toEqual(['message']);
  });
});

describe('InquiryFieldCopySchema', () => {
  const labels = Object.fromEntries(INQUIRY_FIELDS.map((field) => [field.key, `${field.key} label`]));

  test('accepts one label per field', () => {
    expect(v.safeParse(InquiryFieldCopySchema, { received: 'Received', status: 'Status', labels }).success).toBe(true);
  });

  test.each(INQUIRY_FIELDS)('refuses the labels without one for $key', ({ key }) => {
    const { [key]: _left, ...rest } = labels;
    expect(v.safeParse(InquiryFieldCopySchema, { received: 'Received', status: 'Status', labels: rest }).success).toBe(false);
  });

  test.each([
    { case: 'a label of no field', copy: { received: 'Received', status: 'Status', labels: { ...labels, budget: 'Budget' } } },
    { case: 'a blank label', copy: { received: 'Received', status: 'Status', labels: { ...labels, phone: '  ' } } },
    { case: 'no received heading', copy: { labels } },
  ])('refuses $case', ({ copy }) => {
    expect(v.safeParse(InquiryFieldCopySchema, copy).success).toBe(false);
  });
});
