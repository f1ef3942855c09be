import { withDatabase, type BackgroundWork, type Queryable } from '../db';
import { endpoint, type Handler } from '../http/endpoint';
import { replyError } from '../http/reply';
import { SESSION_COOKIE, clearedSessionCookie, findSession, sessionTokenOf, type OwnerSession } from './sessions';

/** The methods an owner endpoint can answer. */
export type OwnerMethod = 'GET' | 'POST' | 'DELETE';

/** What an owner handler gets besides the request: the request's database connection, clock and path parameters. */
export type OwnerContext = {
  db: Queryable;
  /** The request's clock (one instant for the whole request). */
  now: Date;
  /** Path parameters from the function's `config.path` (`/api/admin/blocks/:id` → params.id). */
  params: Record<string, string>;
  /** Netlify's context, for work that may finish after the answer (sending e-mail without holding the connection). */
  background: BackgroundWork;
  /** The client's IP as Netlify saw the connection (the budget of stored Idempotency-Keys counts by it). */
  ip: string | undefined;
};

/** A handler of a signed-in request. */
export type OwnerHandler = (req: Request, context: OwnerContext & { session: OwnerSession }) => Promise<Response>;
/** A handler that also runs without a session (only signing in). */
export type AnonymousHandler = (
  req: Request,
  context: OwnerContext & { session: OwnerSession | undefined },
) => Promise<Response>;

const STATE_CHANGING = new Set<string>(['POST', 'DELETE'] satisfies OwnerMethod[]);

/**
 * Whether a state-changing request comes from a page of this site: Sec-Fetch-Site says same-origin, or (older
 * browsers, scripts) Origin equals the request's own origin. A request with neither is refused.
 */
export function isSameOrigin(req: Request): boolean {
  const site = req.headers.get('sec-fetch-site');
  if (site !== null) return site === 'same-origin';
  const origin = req.headers.get('origin');
  return origin !== null && origin === new URL(req.url).origin;
}

function hasBody(req: Request): boolean {
  const length = req.headers.get('content-length');
  return req.body !== null || (length !== null && length !== '0');
}

function isJson(req: Request): boolean {
  return (req.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase() === 'application/json';
}

const UNAUTHENTICATED = 'Please sign in to the owner’s desk.';

/**
 * The one way to write an /api/admin/* function: deny by default. Before a handler runs, a state-changing request
 * must be same-origin (else 403), a body must be JSON (else 415) and a live session must be presented (else 401,
 * and a stale cookie is cleared); only the methods listed in `anonymous` skip the session check (signing in).
 * The handler gets the request's one database connection.
 */
export function ownerEndpoint(
  name: string,
  handlers: Partial<Record<OwnerMethod, OwnerHandler>>,
  anonymous: Partial<Record<OwnerMethod, AnonymousHandler>> = {},
): Handler {
  const methods = (['GET', 'POST', 'DELETE'] as const).filter((method) => handlers[method] || anonymous[method]);
  return endpoint(name, methods, async (req, context) => {
    if (STATE_CHANGING.has(req.method) && !isSameOrigin(req)) {
      return replyError(403, 'cross_site', 'This action is only accepted from the owner’s desk on this site.');
    }
    if (hasBody(req) && !isJson(req)) {
      return replyError(415, 'unsupported_media_type', 'Please send the request as JSON (application/json).');
    }
    const method = req.method as OwnerMethod;
    const token = sessionTokenOf(req);
    const now = new Date();
    const params = context.params ?? {};
    return withDatabase(context, async (db) => {
      const session = token ? await findSession(db, token, now) : undefined;
      const open = anonymous[method];
      if (open) return open(req, { db, now, params, background: context, ip: context.ip, session });
      if (!session) {
        const cookieSent = (req.headers.get('cookie') ?? '').includes(`${SESSION_COOKIE}=`);
        return replyError(401, 'unauthenticated', UNAUTHENTICATED, {
          headers: cookieSent ? { 'Set-Cookie': clearedSessionCookie() } : {},
        });
      }
      return handlers[method]!(req, { db, now, params, background: context, ip: context.ip, session });
    });
  });
}

/** Whether `value` is a UUID as the database writes them (ids in paths; anything else is simply not found). */
export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
