import deskJson from '@content/desk.json' with { type: 'json' };
import { BOOKING_EVENT_TYPES, TIME_SLOT_KEYS } from '@shared/schemas/booking';
import { BOOKING_WINDOW_DAYS, addDaysUtc } from '@shared/schemas/dates';
import { cocktailNames, formatBarTime, type EventDetails } from '@shared/schemas/event-details';
import { fillTemplate } from '@shared/template';
import { formatTexasMoment, texasToday } from '@shared/texas-time';
import { SLOT_HOURS, optionLabel } from '@shared/time-slots';
import { listFeedRows } from '../bookings/read';
import type { FeedRow } from '../bookings/views';
import type { CalendarEvent } from '../calendar/events';
import { feedCalendar } from '../calendar/feed';
import { blockUid, calendarUid } from '../calendar/uid';
import type { Queryable } from '../db';
import { mailConfig } from '../mail/config';
import { isCalendarFeedToken } from '../owner/calendar-feeds';
import { detailsOfBookings } from './details';

/** How far back the feed reaches: last month's events stay visible. */
export const FEED_DAYS_BACK = 30;
/** How far ahead the feed reaches: the whole booking window. */
export const FEED_DAYS_AHEAD = BOOKING_WINDOW_DAYS;

/** The dates (Texas calendar, inclusive) the feed covers at `now`. */
export function feedRange(now: Date): { from: string; to: string } {
  const today = texasToday(now);
  return { from: addDaysUtc(today, -FEED_DAYS_BACK), to: addDaysUtc(today, FEED_DAYS_AHEAD) };
}

/**
 * The calendar a feed token opens, as iCalendar text; undefined when the token opens none (never created, rotated
 * away or revoked: the caller answers all of them alike).
 */
export async function calendarFeedFor(db: Queryable, token: string, now: Date): Promise<string | undefined> {
  if (!(await isCalendarFeedToken(db, token))) return undefined;
  const { siteUrl, siteHost } = mailConfig();
  const rows = await listFeedRows(db, feedRange(now));
  const details = await detailsOfBookings(db, rows.filter((row) => row.kind === 'reservation'), now);
  return ownerCalendar(rows, { siteUrl, siteHost, now }, details);
}

const words = deskJson.desk.calendar.event;

/** Where the feed's events point and what they are stamped with. */
export type FeedSite = { siteUrl: string; siteHost: string; now: Date };

function deskUrl(site: FeedSite): string {
  return `${site.siteUrl}/admin#bookings`;
}

/** The client's final details as lines of an event's description (none when they never saved any). */
function detailsLines(details: EventDetails | undefined): string[] {
  if (!details) return [];
  const said = words.details;
  const given = <T>(value: T | null, show: (value: T) => string) => (value === null ? words.notGiven : show(value));
  return [
    fillTemplate(said.heading, { when: details.updatedAt ? formatTexasMoment(details.updatedAt) : words.notGiven }),
    fillTemplate(said.guests, { guests: given(details.guestCount, String), adults: given(details.adultGuests, String) }),
    fillTemplate(said.bar, { start: given(details.barStart, formatBarTime), end: given(details.barEnd, formatBarTime) }),
    fillTemplate(said.cocktails, {
      cocktails: details.cocktails.length > 0 ? cocktailNames(details.cocktails).join(', ') : words.notGiven,
    }),
    fillTemplate(said.venue, { notes: given(details.venueNotes, String) }),
    fillTemplate(said.onSite, { name: given(details.onSiteContact, String), phone: given(details.onSitePhone, String) }),
  ];
}

function reservationEvent(row: FeedRow, site: FeedSite, details: EventDetails | undefined): CalendarEvent {
  const name = row.client_name ?? words.notGiven;
  const eventType = row.event_type ? optionLabel(BOOKING_EVENT_TYPES, row.event_type) : words.notGiven;
  const hours = SLOT_HOURS[row.time_slot];
  return {
    uid: calendarUid(row.id, site.siteHost),
    sequence: row.sequence,
    time: { kind: 'texas-hours', date: row.date, startHour: hours.start, endHour: hours.end },
    summary: fillTemplate(words.summary, { slot: words.slots[row.time_slot], name, eventType }),
    description: [
      fillTemplate(words.client, { name }),
      fillTemplate(words.eventType, { eventType }),
      fillTemplate(words.guests, { guests: row.guest_count ?? words.notGiven }),
      fillTemplate(words.phone, { phone: row.phone ?? words.notGiven }),
      fillTemplate(words.location, { location: row.event_location ?? words.notGiven }),
      ...detailsLines(details),
      fillTemplate(words.desk, { url: deskUrl(site) }),
    ].join('\n'),
    location: row.event_location,
    url: deskUrl(site),
    status: 'CONFIRMED',
  };
}

/**
 * A block's held slots of one day as events: one per run of adjacent slots (a whole day is one all-day event), so a
 * lifted slot in the middle never leaves an event claiming it.
 */
function blockEvents(rows: FeedRow[], site: FeedSite): CalendarEvent[] {
  const slots = [...rows].sort((a, b) => TIME_SLOT_KEYS.indexOf(a.time_slot) - TIME_SLOT_KEYS.indexOf(b.time_slot));
  const runs: FeedRow[][] = [];
  for (const row of slots) {
    const run = runs.at(-1);
    const last = run?.at(-1);
    if (run && last && SLOT_HOURS[last.time_slot].end === SLOT_HOURS[row.time_slot].start) run.push(row);
    else runs.push([row]);
  }
  return runs.map((run): CalendarEvent => {
    const first = run[0]!;
    const last = run.at(-1)!;
    const wholeDay = run.length === TIME_SLOT_KEYS.length;
    const note = run.find((row) => row.block_note)?.block_note;
    return {
      uid: blockUid(first.block_id ?? first.id, first.date, first.time_slot, site.siteHost),
      sequence: Math.max(...run.map((row) => row.sequence)),
      time: wholeDay
        ? { kind: 'days', date: first.date, endDate: addDaysUtc(first.date, 1) }
        : { kind: 'texas-hours', date: first.date, startHour: SLOT_HOURS[first.time_slot].start, endHour: SLOT_HOURS[last.time_slot].end },
      summary: fillTemplate(words.blockSummary, {
        slots: wholeDay ? words.wholeDay : run.map((row) => words.slots[row.time_slot]).join(', '),
      }),
      description: [...(note ? [fillTemplate(words.blockNote, { note })] : []), fillTemplate(words.desk, { url: deskUrl(site) })].join(
        '\n',
      ),
      url: deskUrl(site),
      status: 'CONFIRMED',
    };
  });
}

/**
 * The owner's calendar (RFC 5545, METHOD:PUBLISH) of the held rows `rows`: reservations (with their final details
 * from `details`, by booking id), then each block's runs.
 */
export function ownerCalendar(rows: readonly FeedRow[], site: FeedSite, details: ReadonlyMap<string, EventDetails> = new Map()): string {
  const blocks = new Map<string, FeedRow[]>();
  const events: CalendarEvent[] = [];
  for (const row of rows) {
    if (row.kind === 'reservation') {
      events.push(reservationEvent(row, site, details.get(row.id)));
      continue;
    }
    const key = `${row.block_id ?? row.id}|${row.date}`;
    const group = blocks.get(key);
    if (group) group.push(row);
    else blocks.set(key, [row]);
  }
  for (const group of blocks.values()) events.push(...blockEvents(group, site));
  return feedCalendar({ name: words.calendarName, events, now: site.now });
}
