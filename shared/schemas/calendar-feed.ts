/** The admin calendar-feed endpoint's answers, shared by the server and the desk (docs/api.md). */

/** GET /api/admin/calendar-feed: whether the owner has a feed, and since when (never its URL: only a hash is kept). */
export type CalendarFeedState = { active: false } | { active: true; createdAt: string };

/** POST /api/admin/calendar-feed: the new subscription URL, answered this once. */
export type CalendarFeedCreated = { url: string };

/** The public path of a feed token's calendar (the function's config.path is this pattern). */
export function calendarFeedPath(token: string): string {
  return `/api/calendar/${token}.ics`;
}
