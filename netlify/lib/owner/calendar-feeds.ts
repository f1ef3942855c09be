/**
 * The owner's calendar feed as a credential (the table `calendar_feeds`, written here only): its token opens every
 * client's name, phone and place to whoever holds the address, so it lives and dies with the owner's other secrets
 * (a password reset revokes it, `users.ts`). What the feed shows is the desk's (`desk/calendar-feed.ts`).
 */
import type { CalendarFeedState } from '@shared/schemas/calendar-feed';
import { recordAudit } from '../audit/log';
import { isoTimestamp, type Queryable } from '../db';
import { hashSecretToken, newSecretToken } from '../secret-token';
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

/**
 * Revokes the owner's calendar feed (its URL answers 404 from now on) and records why (`reason`: the owner turned it
 * off in the desk, or their password was reset); false when there was none.
 */
export async function revokeCalendarFeed(
  db: Queryable,
  owner: OwnerUser,
  reason: 'turned_off' | 'password_reset' = 'turned_off',
): Promise<boolean> {
  const { rows } = await db.query('DELETE FROM calendar_feeds WHERE user_id = $1 RETURNING user_id', [owner.id]);
  if (rows.length === 0) return false;
  await recordAudit(db, { actor: owner.username, action: 'calendar_feed_revoked', detail: { reason } });
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
