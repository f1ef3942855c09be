import { BUSINESS_TIME_ZONE } from '@shared/texas-time';
import ICAL from 'ical.js';
import { icalDate, icalLocalTime, icalUtc, writeComponent, type IcalComponent, type IcalProperty } from './ical';

/**
 * When an event happens: two instants (written in UTC), a span of wall-clock hours of one day in Texas (written with
 * TZID=America/Chicago), or whole days (DATE values, the end day excluded).
 */
export type EventTime =
  | { kind: 'instants'; start: Date; end: Date }
  | { kind: 'texas-hours'; date: string; startHour: number; endHour: number }
  | { kind: 'days'; date: string; endDate: string };

/** A person named in an event (ORGANIZER, ATTENDEE). */
export type EventPerson = { name: string; address: string };

/** A calendar event as plain data: what an invitation or the owner's feed says about one booking or block. */
export type CalendarEvent = {
  uid: string;
  /** SEQUENCE: raised with each change, so a calendar replaces the event it holds. */
  sequence: number;
  time: EventTime;
  summary: string;
  description: string;
  location?: string | null;
  url: string;
  status: 'CONFIRMED' | 'CANCELLED';
  organizer?: EventPerson;
  /** The one attendee of an invitation: the client, who already said yes by booking. */
  attendee?: EventPerson;
};

/** What a calendar file is for (§3.7.2, RFC 5546): an invitation or its update, its cancellation, or a feed. */
export type CalendarMethod = 'REQUEST' | 'CANCEL' | 'PUBLISH';

/** A whole calendar: its product id, its method, further header properties and its events. */
export type CalendarFile = {
  productId: string;
  method: CalendarMethod;
  headers?: readonly IcalProperty[];
  events: readonly CalendarEvent[];
  /** DTSTAMP of every event. */
  now: Date;
  /** Carry America/Chicago's VTIMEZONE even with no event in Texas hours (a feed that may be empty today). */
  texasZone?: boolean;
};

/**
 * America/Chicago as a VTIMEZONE (§3.6.5): Central Daylight Time from the second Sunday of March at 2 AM, Central
 * Standard Time from the first Sunday of November at 2 AM (the US rules since 2007). Google Calendar reads the TZID's
 * own name; Apple Calendar and Outlook read these rules.
 */
const CHICAGO_VTIMEZONE: IcalComponent = {
  name: 'VTIMEZONE',
  properties: [
    { name: 'TZID', value: BUSINESS_TIME_ZONE },
    { name: 'X-LIC-LOCATION', value: BUSINESS_TIME_ZONE },
  ],
  components: [
    rule('DAYLIGHT', '-06:00', '-05:00', 'CDT', '2007-03-11', 'FREQ=YEARLY;BYMONTH=3;BYDAY=2SU'),
    rule('STANDARD', '-05:00', '-06:00', 'CST', '2007-11-04', 'FREQ=YEARLY;BYMONTH=11;BYDAY=1SU'),
  ],
};

/** One of the zone's two rules: its offsets, its name, the day it first applied (at 2 AM) and its yearly recurrence. */
function rule(name: string, from: string, to: string, abbreviation: string, startDay: string, rrule: string): IcalComponent {
  return {
    name,
    properties: [
      { name: 'TZOFFSETFROM', value: ICAL.UtcOffset.fromString(from) },
      { name: 'TZOFFSETTO', value: ICAL.UtcOffset.fromString(to) },
      { name: 'TZNAME', value: abbreviation },
      { name: 'DTSTART', value: icalLocalTime(startDay, 2) },
      { name: 'RRULE', value: ICAL.Recur.fromString(rrule) },
    ],
  };
}

function when(time: EventTime): IcalProperty[] {
  switch (time.kind) {
    case 'instants':
      return [
        { name: 'DTSTART', value: icalUtc(time.start) },
        { name: 'DTEND', value: icalUtc(time.end) },
      ];
    case 'texas-hours': {
      const params = { TZID: BUSINESS_TIME_ZONE };
      return [
        { name: 'DTSTART', params, value: icalLocalTime(time.date, time.startHour) },
        { name: 'DTEND', params, value: icalLocalTime(time.date, time.endHour) },
      ];
    }
    case 'days':
      // DATE values: ical.js writes VALUE=DATE for them.
      return [
        { name: 'DTSTART', value: icalDate(time.date) },
        { name: 'DTEND', value: icalDate(time.endDate) },
      ];
  }
}

function eventComponent(event: CalendarEvent, stamp: ICAL.Time): IcalComponent {
  const { organizer, attendee } = event;
  return {
    name: 'VEVENT',
    properties: [
      { name: 'UID', value: event.uid },
      { name: 'DTSTAMP', value: stamp },
      ...when(event.time),
      { name: 'SEQUENCE', value: event.sequence },
      { name: 'SUMMARY', value: event.summary },
      { name: 'DESCRIPTION', value: event.description },
      ...(event.location ? [{ name: 'LOCATION', value: event.location }] : []),
      { name: 'URL', value: event.url },
      { name: 'STATUS', value: event.status },
      { name: 'TRANSP', value: 'OPAQUE' },
      // Outlook shows an event as busy from this, not from TRANSP.
      { name: 'X-MICROSOFT-CDO-BUSYSTATUS', value: 'BUSY' },
      ...(organizer ? [{ name: 'ORGANIZER', params: { CN: organizer.name }, value: `mailto:${organizer.address}` }] : []),
      ...(attendee
        ? [
            {
              name: 'ATTENDEE',
              params: { RSVP: 'FALSE', ROLE: 'REQ-PARTICIPANT', PARTSTAT: 'ACCEPTED', CN: attendee.name },
              value: `mailto:${attendee.address}`,
            },
          ]
        : []),
    ],
  };
}

/** A calendar file (RFC 5545) of `file.events`, with America/Chicago's VTIMEZONE when an event uses Texas hours. */
export function writeCalendar(file: CalendarFile): string {
  const stamp = icalUtc(file.now);
  const texasHours = file.texasZone || file.events.some((event) => event.time.kind === 'texas-hours');
  return writeComponent({
    name: 'VCALENDAR',
    properties: [
      { name: 'VERSION', value: '2.0' },
      { name: 'PRODID', value: file.productId },
      { name: 'CALSCALE', value: 'GREGORIAN' },
      { name: 'METHOD', value: file.method },
      ...(file.headers ?? []),
    ],
    components: [...(texasHours ? [CHICAGO_VTIMEZONE] : []), ...file.events.map((event) => eventComponent(event, stamp))],
  });
}
