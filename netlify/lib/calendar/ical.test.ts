import { describe, expect, test } from 'vitest';
import { icalDate, icalLocalTime, icalUtc, writeComponent, type IcalProperty } from './ical';

/** The text of a VEVENT holding just `property`. */
const eventWith = (property: IcalProperty) => writeComponent({ name: 'VEVENT', properties: [property] });

/** The one content line of `property`, unfolded (§3.1), without its CRLF. */
const lineOf = (property: IcalProperty) => eventWith(property).split('\r\n')[1];

describe('TEXT values', () => {
  test.each([
    ['Hank Porter', 'Hank Porter'],
    ['Porter, Hank', 'Porter\\, Hank'],
    ['a;b', 'a\\;b'],
    ['back\\slash', 'back\\\\slash'],
    ['two\nlines', 'two\\nlines'],
    ['cr\r\nlf', 'cr\\nlf'],
    ['lone\rcr', 'lone\\ncr'],
    ['tab\there', 'tab here'],
    ['sep\u2028arator', 'sep\\narator'],
  ])('escapes %j as %j', (input, expected) => {
    expect(lineOf({ name: 'SUMMARY', value: input })).toBe(`SUMMARY:${expected}`);
  });
});

describe('content lines', () => {
  const octets = (line: string) => Buffer.byteLength(line, 'utf8');

  test('ends a short line with CRLF and leaves it whole', () => {
    expect(eventWith({ name: 'SUMMARY', value: 'Evening' })).toBe('BEGIN:VEVENT\r\nSUMMARY:Evening\r\nEND:VEVENT\r\n');
  });

  test.each([
    ['ASCII', 'DESCRIPTION', 'x'.repeat(300)],
    ['two-byte letters', 'SUMMARY', 'é'.repeat(120)],
    ['four-byte emoji', 'SUMMARY', '🍹'.repeat(60)],
  ])('folds a long line of %s at 75 octets without splitting a character', (_label, name, value) => {
    const text = eventWith({ name, value });
    expect(text.endsWith('\r\n')).toBe(true);
    const physical = text.slice(0, -2).split('\r\n').slice(1, -1);
    expect(physical.length).toBeGreaterThan(1);
    for (const part of physical) expect(octets(part)).toBeLessThanOrEqual(75);
    for (const part of physical.slice(1)) expect(part.startsWith(' ')).toBe(true);
    // Unfolding (§3.1: remove CRLF followed by one space) gives the line back, every character intact.
    expect(physical.join('\r\n').replace(/\r\n /g, '')).toBe(`${name}:${value}`);
  });
});

describe('date and time values', () => {
  test('writes a wall-clock hour as a local DATE-TIME named by its TZID', () => {
    expect(lineOf({ name: 'DTSTART', params: { TZID: 'America/Chicago' }, value: icalLocalTime('2026-03-08', 9) })).toBe(
      'DTSTART;TZID=America/Chicago:20260308T090000',
    );
  });

  test('writes an instant in UTC and a calendar date as a DATE', () => {
    expect(lineOf({ name: 'DTSTAMP', value: icalUtc(new Date('2026-11-24T21:01:19.456Z')) })).toBe('DTSTAMP:20261124T210119Z');
    expect(lineOf({ name: 'DTSTART', value: icalDate('2026-11-24') })).toBe('DTSTART;VALUE=DATE:20261124');
  });
});

describe('parameter values', () => {
  // §3.2: a param-value is quoted when it holds ",", ":" or ";"; other safe characters, spaces included, may stand bare.
  test.each([
    ['FALSE', 'FALSE'],
    ['REQ-PARTICIPANT', 'REQ-PARTICIPANT'],
    ['Dolly', 'Dolly'],
    ['Dolly,', '"Dolly,"'],
    ['Eve";CN=x:X-EVIL:1', `"Eve';CN=x:X-EVIL:1"`],
    ['two\r\nlines\u0000', 'two lines'],
  ])('writes %j as %j', (value, written) => {
    expect(lineOf({ name: 'ATTENDEE', params: { CN: value }, value: 'mailto:a@example.com' })).toBe(`ATTENDEE;CN=${written}:mailto:a@example.com`);
  });
});

describe('writeComponent', () => {
  test('writes properties with their parameters, then subcomponents, between BEGIN and END', () => {
    const text = writeComponent({
      name: 'VCALENDAR',
      properties: [{ name: 'VERSION', value: '2.0' }],
      components: [{ name: 'VEVENT', properties: [{ name: 'ATTENDEE', params: { RSVP: 'FALSE', CN: 'Ann, B' }, value: 'mailto:a@example.com' }] }],
    });
    expect(text).toBe(
      'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nATTENDEE;RSVP=FALSE;CN="Ann, B":mailto:a@example.com\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n',
    );
  });
});
