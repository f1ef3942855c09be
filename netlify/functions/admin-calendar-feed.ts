import type { Config } from '@netlify/functions';
import { calendarFeedPath, type CalendarFeedCreated } from '@shared/schemas/calendar-feed';
import { mailConfig } from '../lib/mail/config';
import { reply } from '../lib/http/reply';
import { calendarFeedState, createCalendarFeed, revokeCalendarFeed } from '../lib/owner/calendar-feeds';
import { ownerEndpoint } from '../lib/owner/endpoint';

/**
 * The owner's calendar feed. GET: whether one is active and since when (never its URL: only the token's hash is
 * kept). POST: creates one, or rotates it (the old URL stops working), and answers { url } once. DELETE: revokes it.
 */
export default ownerEndpoint('admin-calendar-feed', {
  GET: async (_req, { db, session }) => reply(200, await calendarFeedState(db, session.user.id)),
  POST: async (_req, { db, session }) => {
    const token = await createCalendarFeed(db, session.user);
    const created: CalendarFeedCreated = { url: `${mailConfig().siteUrl}${calendarFeedPath(token)}` };
    return reply(201, created);
  },
  DELETE: async (_req, { db, session }) => reply(200, { active: false, revoked: await revokeCalendarFeed(db, session.user) }),
});

export const config: Config = { path: '/api/admin/calendar-feed' };
