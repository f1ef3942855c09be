import type { Queryable } from '../db';
import { inTransaction } from '../transaction';
import { recordAudit } from '../audit/log';
import { revokeCalendarFeed } from './calendar-feeds';
import { revokeUserSessions } from './sessions';

/** What setOwnerPassword did. */
export type SetOwnerResult =
  | { outcome: 'created'; username: string }
  | { outcome: 'reset'; username: string; sessionsRevoked: number; calendarFeedRevoked: boolean }
  | { outcome: 'exists'; username: string }
  | { outcome: 'unknown' };

/**
 * Creates the owner `username` with the PHC `passwordHash`, or with `reset` replaces the password of the existing
 * owner of that name (any case), ends all of their sessions, revokes their calendar feed (its address is a secret
 * like a session: whoever knew the old password may know it) and clears their sign-in throttles (known devices stay
 * known: they only spare the owner the lockout of unknown clients). One transaction.
 */
export async function setOwnerPassword(
  db: Queryable,
  username: string,
  passwordHash: string,
  options: { reset: boolean },
): Promise<SetOwnerResult> {
  return inTransaction(db, async (tx) => {
    let result: SetOwnerResult;
    if (options.reset) {
      const { rows } = await tx.query<{ id: string; username: string }>(
        'UPDATE users SET password = $2 WHERE lower(username) = lower($1) RETURNING id, username',
        [username, passwordHash],
      );
      const user = rows[0];
      if (!user) {
        result = { outcome: 'unknown' };
      } else {
        const sessionsRevoked = await revokeUserSessions(tx, user.id);
        const calendarFeedRevoked = await revokeCalendarFeed(tx, user, 'password_reset');
        // The account's bucket for unknown clients and those of its known devices ('<name>/device/<hash>').
        await tx.query(
          "DELETE FROM sign_in_throttle WHERE username_key = lower($1) OR starts_with(username_key, lower($1) || '/device/')",
          [user.username],
        );
        await recordAudit(tx, { actor: user.username, action: 'password_set', detail: { reset: true, sessionsRevoked } });
        result = { outcome: 'reset', username: user.username, sessionsRevoked, calendarFeedRevoked };
      }
    } else {
      const { rows } = await tx.query<{ username: string }>(
        `INSERT INTO users (username, password) VALUES ($1, $2)
         ON CONFLICT ((lower(username))) DO NOTHING RETURNING username`,
        [username, passwordHash],
      );
      if (rows[0]) {
        await recordAudit(tx, { actor: rows[0].username, action: 'password_set', detail: { reset: false } });
        result = { outcome: 'created', username: rows[0].username };
      } else {
        const existing = await tx.query<{ username: string }>('SELECT username FROM users WHERE lower(username) = lower($1)', [
          username,
        ]);
        result = { outcome: 'exists', username: existing.rows[0]?.username ?? username };
      }
    }
    return result;
  });
}
