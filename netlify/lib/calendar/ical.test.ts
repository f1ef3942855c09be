import { describe, expect, test } from 'vitest';
import { contentLine, escapeText, icalLocalTime, paramValue, writeComponent } from './ical';

describe('escapeText', () => {
  test.each([
    ['Hank Porter', 'Hank Porter'],
    ['Porter, Hank', 'Porter\\, Hank'],
    ['a;b', 'a\\;b'],
    ['back\\slash', 'back\\\\slash'],
    ['two\nlines', 'two\\nlines'],
    ['cr\r\nlf', 'cr\\nlf'],
    ['tab\there', 'tab here'],
    ['sep\u2028arator', 'sep\\narator'],
  ])('escapes %j as %j', (input, expected) => {
    expect(escapeText(input)).toBe(expected);
  });
});

describe('contentLine', () => {
  const octets = (line: string) => Buffer.byteLength(line, 'utf8');

  test('ends a short line with CRLF and leaves it whole', () => {
    expect(contentLine('SUMMARY:Evening')).toBe('SUMMARY:Evening\r\n');
  });

  test.each([
    ['ASCII', `DESCRIPTION:${'x'.repeat(300)}`],
    ['two-byte letters', `SUMMARY:${'é'.repeat(120)}`],
    ['four-byte emoji', `SUMMARY:${'🍹'.repeat(60)}`],
  ])('folds a long line of %s at 75 octets without splitting a character', (_label, line) => {
    const folded = contentLine(line);
    expect(folded.endsWith('\r\n')).toBe(true);
    const physical = folded.slice(0, -2).split('\r\n');
    expect(physical.length).toBeGreaterThan(1);
    for (const part of physical) expect(octets(part)).toBeLessThanOrEqual(75);
    for (const part of physical.slice(1)) expect(part.startsWith(' ')).toBe(true);
    // Unfolding (§3.1: remove CRLF followed by one space) gives the line back, every character intact.
    expect(folded.slice(0, -2).replace(/\r\n /g, '')).toBe(line);
  });
});

describe('icalLocalTime', () => {
  test('writes a wall-clock hour as a local DATE-TIME', () => {
    expect(icalLocalTime('2026-03-08', 9)).toBe('20260308T090000');
  });
});

describe('paramValue', () => {
  test.each([
    ['FALSE', 'FALSE'],
    ['REQ-PARTICIPANT', 'REQ-PARTICIPANT'],
    ['Dolly', 'Dolly'],
    ['Dolly,', '"Dolly,"'],
    ['Eve";CN=x:X-EVIL:1', `"Eve';CN=x:X-EVIL:1"`],
    ['two\r\nlines\u0000', '"two lines"'],
  ])('writes %j as %j', (value, written) => {
    expect(paramValue(value)).toBe(written);
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
