// One budget for the whole request, so no answer comes after Netlify's 10 s limit for synchronous functions: waiting
// for a connection, for locks and for statements all spend it, and each wait gets what is left rather than a fixed
// slice of its own (a request that queued on a lock for 3 s still has 5 s for the rest).

/** Longest one request may take, in ms, from its start (endpoint()) to its last statement's answer. */
export const REQUEST_DEADLINE_MS = 8_000;

/**
 * How much earlier than the deadline the server's own limits (statement_timeout, lock_timeout) end, in ms: the
 * server then cancels a statement and answers (57014, 55P03) before the client stops waiting, and the request ends
 * with a clear error instead of a connection left mid-statement.
 */
export const SERVER_MARGIN_MS = 250;

/** The moment (ms since the epoch) by which a request must be done with the database. */
export type Deadline = { readonly at: number };

/** The deadline `ms` (REQUEST_DEADLINE_MS by default) after `now`. */
export function deadlineIn(ms: number = REQUEST_DEADLINE_MS, now: number = Date.now()): Deadline {
  return { at: now + ms };
}

/** The ms left before `deadline` at `now` (0 once it has passed). */
export function msLeft(deadline: Deadline, now: number = Date.now()): number {
  return Math.max(0, deadline.at - now);
}

/** The server-side limit for a statement started at `now`: what is left less SERVER_MARGIN_MS, 0 when nothing is. */
export function serverLimitMs(deadline: Deadline, now: number = Date.now()): number {
  return Math.max(0, Math.floor(msLeft(deadline, now) - SERVER_MARGIN_MS));
}

// Keyed by the request's own Netlify context object, which endpoint() hands to the handler and the handler to
// withDatabase: nothing is added to the platform's object, and work the request leaves behind (mail sent through
// waitUntil opens connections without that context) keeps deadlines of its own. Kept on globalThis under a registered
// symbol, so that two copies of this module in one process (a test that loads the functions afresh with
// vi.resetModules) share it: a deadline its harness started is the one the handler sees.
const REGISTRY = Symbol.for('lone-star.request-deadlines');
const requestDeadlines: WeakMap<object, Deadline> = ((globalThis as { [REGISTRY]?: WeakMap<object, Deadline> })[
  REGISTRY
] ??= new WeakMap());

/**
 * Starts the deadline of the request whose context is `context`: `ms` (REQUEST_DEADLINE_MS) from `now`. endpoint()
 * does, unless the caller already has.
 */
export function startRequestDeadline(
  context: object,
  now: number = Date.now(),
  ms: number = REQUEST_DEADLINE_MS,
): Deadline {
  const deadline = deadlineIn(ms, now);
  requestDeadlines.set(context, deadline);
  return deadline;
}

/** The deadline started for the request of `context`, if one was. */
export function requestDeadlineOf(context: object | undefined): Deadline | undefined {
  return context ? requestDeadlines.get(context) : undefined;
}
