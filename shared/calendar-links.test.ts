import { describe, expect, test } from 'vitest';
import { calendarText, googleCalendarUrl, outlookCalendarUrl } from './calendar-links';
import { slotWindow } from './time-slots';

describe('calendarText', () => {
  test.each([
    ['Lone Star Mobile Bar: Wedding', 'Lone Star Mobile Bar: Wedding'],
    ['  two\r\nlines\u2028and\ttabs  ', 'two lines and tabs'],
    ['say "cheers"', "say 'cheers'"],
    ['zero\u200bwidth\u0000nul', 'zero width nul'],
    ['', ''],
  ])('flattens %j to %j', (text, flat) => {
    expect(calendarText(text)).toBe(flat);
  });
});

describe('googleCalendarUrl and outlookCalendarUrl', () => {
  // Texas is UTC-5 in summer (CDT) and UTC-6 in winter (CST): the links carry UTC instants of the Texas window.
  test.each([
    ['2027-07-10', 'morning', '20270710T140000Z/20270710T180000Z', '2027-07-10T14:00:00.000Z', '2027-07-10T18:00:00.000Z'],
    ['2027-03-13', 'evening', '20270314T000000Z/20270314T050000Z', '2027-03-14T00:00:00.000Z', '2027-03-14T05:00:00.000Z'],
    ['2027-03-14', 'evening', '20270314T230000Z/20270315T040000Z', '2027-03-14T23:00:00.000Z', '2027-03-15T04:00:00.000Z'],
    ['2027-12-31', 'afternoon', '20271231T190000Z/20280101T000000Z', '2027-12-31T19:00:00.000Z', '2028-01-01T00:00:00.000Z'],
  ] as const)('%s %s: Google dates %s, Outlook %s to %s', (date, slot, dates, start, end) => {
    const event = { title: 'Bar', description: 'Party', window: slotWindow(date, slot) };
    const google = new URL(googleCalendarUrl(event));
    expect(google.origin + google.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(google.searchParams.get('action')).toBe('TEMPLATE');
    expect(google.searchParams.get('dates')).toBe(dates);
    expect(google.searchParams.get('ctz')).toBe('America/Chicago');
    const outlook = new URL(outlookCalendarUrl(event));
    expect(outlook.origin + outlook.pathname).toBe('https://outlook.live.com/calendar/0/deeplink/compose');
    expect(outlook.searchParams.get('rru')).toBe('addevent');
    expect(outlook.searchParams.get('startdt')).toBe(start);
    expect(outlook.searchParams.get('enddt')).toBe(end);
  });

  test('title and description arrive flattened and encoded, never as extra parameters', () => {
    const event = { title: 'Bar & "Co"\nX', description: 'Party?&dates=1#x', window: slotWindow('2027-07-10', 'evening') };
    const google = new URL(googleCalendarUrl(event));
    expect(google.searchParams.get('text')).toBe("Bar & 'Co' X");
    expect(google.searchParams.get('details')).toBe('Party?&dates=1#x');
    expect(google.searchParams.getAll('dates')).toEqual(['20270710T230000Z/20270711T040000Z']);
    expect(google.hash).toBe('');
    const outlook = new URL(outlookCalendarUrl(event));
    expect(outlook.searchParams.get('subject')).toBe("Bar & 'Co' X");
    expect(outlook.searchParams.get('body')).toBe('Party?&dates=1#x');
  });
});
