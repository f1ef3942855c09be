import type { CalendarFeedState } from '@shared/schemas/calendar-feed';
import { texasToday } from '@shared/desk-time';
import { BOOKING_WINDOW_DAYS, addDaysUtc } from '@shared/schemas/dates';
import { listFeedRows as listHeldRows } from '../bookings/read';
import { ownerCalendar } from '../calendar/owner-feed';
import { isoTimestamp, type Queryable } from '../db';
import { mailConfig } from '../mail/config';
import { hashSecretToken, newSecretToken } from '../secret-token';
import { recordAudit } from '../audit/log';
import type { OwnerUser } from './sessions';


/**
 * Creates the owner's calendar feed, or replaces it (rotation: the old URL stops working at once), and records which
 * in the audit log. Answers the new token: the only time it exists outside the subscriber's calendar.
 */
export async function createCalendarFeed(db: Queryable, owner: OwnerUser): Promise<string> {
  const token = newSecretToken();
  // xmax = 0 only on a freshly inserted row: tells a first creation from a rotation in the same statement.
  const { rows } = await db.query<{ created: boolean }>(
    `INSERT INTO calendar_feeds (user_id, token_hash) VALUES ($1, $2)
     ON CONFLICT (user_id) DO UPDATE SET token_hash = EXCLUDED.token_hash, created_at = now()
     RETURNING (xmax = 0) AS created`,
    [owner.id, hashSecretToken(token)],
  );
  await recordAudit(db, {
    actor: owner.username,
    action: rows[0]?.created ? 'calendar_feed_created' : 'calendar_feed_rotated',
  });
  return token;
}

/** Revokes the owner's calendar feed (its URL answers 404 from now on); false when there was none. */
export async function revokeCalendarFeed(db: Queryable, owner: OwnerUser): Promise<boolean> {
  const { rows } = await db.query('DELETE FROM calendar_feeds WHERE user_id = $1 RETURNING user_id', [owner.id]);
  if (rows.length === 0) return false;
  await recordAudit(db, { actor: owner.username, action: 'calendar_feed_revoked' });
  return true;
}

/** Whether the owner has a calendar feed and since when. */
export async function calendarFeedState(db: Queryable, userId: string): Promise<CalendarFeedState> {
  const { rows } = await db.query<{ created_at: Date | string }>(
    'SELECT created_at FROM calendar_feeds WHERE user_id = $1',
    [userId],
  );
  const row = rows[0];
  return row ? { active: true, createdAt: isoTimestamp(row.created_at) } : { active: false };
}

/** Whether `token` opens a live calendar feed: one lookup by its hash (the token is never compared itself). */
export async function isCalendarFeedToken(db: Queryable, token: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM calendar_feeds WHERE token_hash = $1', [hashSecretToken(token)]);
  return rows.length > 0;
}

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
  return ownerCalendar(await listHeldRows(db, feedRange(now)), { siteUrl, siteHost, now });
}
