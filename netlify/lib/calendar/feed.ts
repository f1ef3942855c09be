import ICAL from 'ical.js';
import { BUSINESS_TIME_ZONE } from '@shared/texas-time';
import { writeCalendar, type CalendarEvent } from './events';

/** The owner's feed as plain data: the calendar's name, its events, and when it is written (every event's DTSTAMP). */
export type FeedCalendar = { name: string; events: readonly CalendarEvent[]; now: Date };

/** A subscribed calendar (RFC 5545, METHOD:PUBLISH) of `feed.events`, with its name, zone and refresh hints. */
export function feedCalendar(feed: FeedCalendar): string {
  return writeCalendar({
    productId: '-//Lone Star Mobile Bar//Owner calendar feed//EN',
    method: 'PUBLISH',
    headers: [
      { name: 'X-WR-CALNAME', value: feed.name },
      { name: 'X-WR-TIMEZONE', value: BUSINESS_TIME_ZONE },
      // A hint for the apps that honour it (Apple Calendar, Outlook); Google keeps its own schedule.
      { name: 'REFRESH-INTERVAL', value: ICAL.Duration.fromString('PT1H') },
      { name: 'X-PUBLISHED-TTL', value: 'PT1H' },
    ],
    events: feed.events,
    now: feed.now,
    texasZone: true,
  });
}
