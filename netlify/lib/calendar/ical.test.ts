import { describe, expect, test } from 'vitest';
import { contentLine, escapeText, icalLocalTime } from './ical';

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
