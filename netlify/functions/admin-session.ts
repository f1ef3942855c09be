import type { Config } from '@netlify/functions';
import * as v from 'valibot';
import { SIGN_IN_FAILED_MESSAGE, SignInSchema, type OwnerSession } from '@shared/schemas/owner';
import { readJsonBody } from '../lib/http/body';
import { API_HEADERS, reply, replyError, replyInvalid } from '../lib/http/reply';
import { replyRefusal } from '../lib/http/refusal';
import { recordAudit } from '../lib/audit/log';
import { deviceCookie, deviceTokenOf } from '../lib/owner/devices';
import { ownerEndpoint } from '../lib/owner/endpoint';
import { clearedSessionCookie, revokeSession, sessionCookie } from '../lib/owner/sessions';
import { signIn } from '../lib/owner/sign-in';

function waitText(seconds: number): string {
  return seconds < 60 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;
}

/**
 * /api/admin/session: GET answers who is signed in (401 when nobody), POST { username, password } signs in with a
 * fresh session cookie and device cookie, DELETE signs out (the session ends in the database and the session cookie
 * is cleared; the device cookie stays). Both answers carry the failed sign-ins since the last visit.
 */
export default ownerEndpoint(
  'admin-session',
  {
    GET: async (_req, { session }) =>
      reply(200, {
        user: { username: session.user.username },
        failedSignIns: session.failedSignInsBefore,
      } satisfies OwnerSession),
    DELETE: async (_req, { db, session }) => {
      await revokeSession(db, session.tokenHash);
      await recordAudit(db, { actor: session.user.username, action: 'sign_out' });
      const headers = new Headers(API_HEADERS);
      headers.delete('Content-Type');
      headers.set('Set-Cookie', clearedSessionCookie());
      return new Response(null, { status: 204, headers });
    },
  },
  {
    POST: async (req, { db, now, session }) => {
      const body = await readJsonBody(req);
      if (!body.ok) return replyRefusal(body);
      const credentials = v.safeParse(SignInSchema, body.value);
      if (!credentials.success) return replyInvalid(credentials.issues);
      const result = await signIn(db, credentials.output, now, deviceTokenOf(req));
      if (!result.ok && result.code === 'too_many_attempts') {
        const { retryAfterSeconds } = result.details;
        return replyError(429, result.code, `Too many sign-in attempts. Please wait ${waitText(retryAfterSeconds)} and try again.`, {
          headers: { 'Retry-After': String(retryAfterSeconds) },
        });
      }
      if (!result.ok) return replyRefusal(result, { invalid_credentials: SIGN_IN_FAILED_MESSAGE });
      const signedIn = result.value;
      // A session presented with this sign-in is replaced, never reused.
      if (session) await revokeSession(db, session.tokenHash);
      const response = reply(
        200,
        { user: { username: signedIn.user.username }, failedSignIns: signedIn.failedSignInsBefore } satisfies OwnerSession,
        { 'Set-Cookie': sessionCookie(signedIn.token) },
      );
      // The device cookie outlives sign-out: it is what keeps this browser a known device.
      response.headers.append('Set-Cookie', deviceCookie(signedIn.deviceToken));
      return response;
    },
  },
);

export const config: Config = {
  path: '/api/admin/session',
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ['ip', 'domain'], action: 'rate_limit' },
};
