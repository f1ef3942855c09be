import deskJson from '@content/desk.json' with { type: 'json' };
import { BOOKING_EVENT_TYPES, TIME_SLOT_KEYS, type TimeSlotKey } from '@shared/schemas/booking';
import { fillTemplate } from '@shared/template';
import { SLOT_HOURS, optionLabel } from '@shared/time-slots';
import { addDaysUtc } from '@shared/schemas/dates';
import type { FeedRow as HeldRow } from '../bookings/views';
import {
  CHICAGO_VTIMEZONE,
  FEED_TIME_ZONE,
  contentLine,
  escapeText,
  icalDate,
  icalLocalTime,
  icalUtc,
} from './ical';

const words = deskJson.desk.calendar.event;

/** Where the feed's events point and what they are stamped with. */
export type FeedSite = { siteUrl: string; siteHost: string; now: Date };

/** The UID of a reservation's event in the owner's feed: the same in every fetch, so calendars update it in place. */
export function feedReservationUid(bookingId: string, siteHost: string): string {
  return `${bookingId}@${siteHost}`;
}

/** The UID of one block's run of adjacent slots on one day (keyed by its first slot). */
export function feedBlockUid(blockId: string, date: string, firstSlot: TimeSlotKey, siteHost: string): string {
  return `block-${blockId}-${date}-${firstSlot}@${siteHost}`;
}

type Event = {
  uid: string;
  sequence: number;
  /** DTSTART and DTEND property lines, with their parameters. */
  when: [string, string];
  summary: string;
  description: string;
  location?: string | null;
};

function eventLines(event: Event, site: FeedSite, stamp: string): string {
  return [
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${stamp}`,
    ...event.when,
    `SEQUENCE:${event.sequence}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    `URL:${deskUrl(site)}`,
    'STATUS:CONFIRMED',
    'TRANSP:OPAQUE',
    'END:VEVENT',
  ]
    .map(contentLine)
    .join('');
}

function deskUrl(site: FeedSite): string {
  return `${site.siteUrl}/admin#bookings`;
}

function timed(date: string, startHour: number, endHour: number): [string, string] {
  return [
    `DTSTART;TZID=${FEED_TIME_ZONE}:${icalLocalTime(date, startHour)}`,
    `DTEND;TZID=${FEED_TIME_ZONE}:${icalLocalTime(date, endHour)}`,
  ];
}

function reservationEvent(row: HeldRow, site: FeedSite): Event {
  const name = row.client_name ?? words.notGiven;
  const eventType = row.event_type ? optionLabel(BOOKING_EVENT_TYPES, row.event_type) : words.notGiven;
  const hours = SLOT_HOURS[row.time_slot];
  return {
    uid: feedReservationUid(row.id, site.siteHost),
    sequence: row.sequence,
    when: timed(row.date, hours.start, hours.end),
    summary: fillTemplate(words.summary, { slot: words.slots[row.time_slot], name, eventType }),
    description: [
      fillTemplate(words.client, { name }),
      fillTemplate(words.eventType, { eventType }),
      fillTemplate(words.guests, { guests: row.guest_count ?? words.notGiven }),
      fillTemplate(words.phone, { phone: row.phone ?? words.notGiven }),
      fillTemplate(words.location, { location: row.event_location ?? words.notGiven }),
      fillTemplate(words.desk, { url: deskUrl(site) }),
    ].join('\n'),
    location: row.event_location,
  };
}

/**
 * A block's held slots of one day as events: one per run of adjacent slots (a whole day is one all-day event), so a
 * lifted slot in the middle never leaves an event claiming it.
 */
function blockEvents(rows: HeldRow[], site: FeedSite): Event[] {
  const slots = [...rows].sort((a, b) => TIME_SLOT_KEYS.indexOf(a.time_slot) - TIME_SLOT_KEYS.indexOf(b.time_slot));
  const runs: HeldRow[][] = [];
  for (const row of slots) {
    const run = runs.at(-1);
    const last = run?.at(-1);
    if (run && last && SLOT_HOURS[last.time_slot].end === SLOT_HOURS[row.time_slot].start) run.push(row);
    else runs.push([row]);
  }
  return runs.map((run) => {
    const first = run[0]!;
    const last = run.at(-1)!;
    const wholeDay = run.length === TIME_SLOT_KEYS.length;
    const note = run.find((row) => row.block_note)?.block_note;
    return {
      uid: feedBlockUid(first.block_id ?? first.id, first.date, first.time_slot, site.siteHost),
      sequence: Math.max(...run.map((row) => row.sequence)),
      when: wholeDay
        ? [`DTSTART;VALUE=DATE:${icalDate(first.date)}`, `DTEND;VALUE=DATE:${icalDate(addDaysUtc(first.date, 1))}`]
        : timed(first.date, SLOT_HOURS[first.time_slot].start, SLOT_HOURS[last.time_slot].end),
      summary: fillTemplate(words.blockSummary, {
        slots: wholeDay ? words.wholeDay : run.map((row) => words.slots[row.time_slot]).join(', '),
      }),
      description: [...(note ? [fillTemplate(words.blockNote, { note })] : []), fillTemplate(words.desk, { url: deskUrl(site) })].join(
        '\n',
      ),
    };
  });
}

/** The owner's calendar (RFC 5545, METHOD:PUBLISH) of the held rows `rows`: reservations, then each block's runs. */
export function ownerCalendar(rows: readonly HeldRow[], site: FeedSite): string {
  const stamp = icalUtc(site.now);
  const blocks = new Map<string, HeldRow[]>();
  const events: Event[] = [];
  for (const row of rows) {
    if (row.kind === 'reservation') {
      events.push(reservationEvent(row, site));
      continue;
    }
    const key = `${row.block_id ?? row.id}|${row.date}`;
    const group = blocks.get(key);
    if (group) group.push(row);
    else blocks.set(key, [row]);
  }
  for (const group of blocks.values()) events.push(...blockEvents(group, site));
  const head = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Lone Star Mobile Bar//Owner calendar feed//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(words.calendarName)}`,
    `X-WR-TIMEZONE:${FEED_TIME_ZONE}`,
    // A hint for the apps that honour it (Apple Calendar, Outlook); Google keeps its own schedule.
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
    ...CHICAGO_VTIMEZONE,
  ]
    .map(contentLine)
    .join('');
  return head + events.map((event) => eventLines(event, site, stamp)).join('') + contentLine('END:VCALENDAR');
}
