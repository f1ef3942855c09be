import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import { fieldErrors } from './field-errors';
import { INQUIRY_EVENT_TYPES, InquirySchema, type InquiryInput } from './inquiry';

const valid: InquiryInput = {
  firstName: 'Dolly',
  lastName: 'Rivera',
  email: 'dolly@example.com',
  phone: '(512) 555-0199',
  eventType: 'wedding',
  guestCount: '120',
  eventDate: '2026-10-17',
  eventLocation: 'Austin, TX',
  message: 'Ranch wedding, outdoor bar please.',
};

function errorsFor(payload: unknown): Record<string, string> {
  const result = v.safeParse(InquirySchema, payload);
  expect(result.success).toBe(false);
  return fieldErrors(result.issues ?? []);
}

describe('InquirySchema', () => {
  test('accepts a complete inquiry unchanged', () => {
    expect(v.parse(InquirySchema, valid)).toEqual({ ...valid, website: '' });
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
    const output = v.parse(InquirySchema, {
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
    const output = v.parse(InquirySchema, { ...valid, id: 'evil', createdAt: '1999-01-01', isAdmin: true });
    expect(Object.keys(output).sort()).toEqual([...Object.keys(valid), 'website'].sort());
  });

  test.each([
    [{ message: undefined }, undefined],
    [{ message: '' }, undefined],
    [{ message: '   ' }, undefined],
  ])('treats %j as no message', (patch, expected) => {
    expect(v.parse(InquirySchema, { ...valid, ...patch }).message).toBe(expected);
  });

  test.each([["o'brien@example.org"], ['first.last+events@mail.example.co.uk'], ['Dolly.Parton@Example.COM']])(
    'accepts the e-mail address %j',
    (email) => {
      expect(v.parse(InquirySchema, { ...valid, email }).email).toBe(email);
    },
  );

  test.each([
    ['120', '120'],
    [120, '120'],
    [' 35 ', '35'],
    ['007', '7'],
    [1, '1'],
    ['100000', '100000'],
  ])('accepts guest count %j as %j', (guestCount, expected) => {
    expect(v.parse(InquirySchema, { ...valid, guestCount }).guestCount).toBe(expected);
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
    ['100001', 'Please enter a guest count of at most 100,000.'],
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
    ['firstName', 'x'.repeat(101), 'Please enter a first name of at most 100 characters.'],
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
    expect(v.parse(InquirySchema, { ...valid, phone }).phone).toBe(phone);
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
    const result = v.safeParse(InquirySchema, payload);
    expect(result.success).toBe(false);
    expect(result.issues?.[0].message).toBe('Please send the inquiry form fields.');
    expect(fieldErrors(result.issues ?? [])).toEqual({});
  });

  test('carries the honeypot value through', () => {
    expect(v.parse(InquirySchema, { ...valid, website: ' spam.example ' }).website).toBe('spam.example');
  });
});
