import type { Config } from '@netlify/functions';
import * as v from 'valibot';
import { PortalLookupSchema } from '@shared/schemas/proposal';
import { withDatabase } from '../lib/db';
import { readJsonBody } from '../lib/http/body';
import { endpoint } from '../lib/http/endpoint';
import { reply, replyInvalid } from '../lib/http/reply';
import { replyRefusal } from '../lib/http/refusal';
import { lookupEventPage } from '../lib/portal/event-page';

/**
 * POST /api/portal/lookup { token }: the client's event page: 200 { booking, proposal, contract, policy, payments,
 * details } (the proposal and its frozen contract, or null before any; the change policy as it stands for the
 * booking; once signed, the payments and the balance, and the final details), or why the link cannot be used (as
 * /api/cancel/lookup). A sent proposal becomes viewed. The token travels in the body, never in a URL.
 */
export default endpoint('portal-lookup', ['POST'], async (req, context) => {
  const body = await readJsonBody(req);
  if (!body.ok) return replyRefusal(body);
  const request = v.safeParse(PortalLookupSchema, body.value);
  if (!request.success) return replyInvalid(request.issues);
  const found = await withDatabase(context, (db) => lookupEventPage(db, request.output.token, new Date()));
  return found.ok ? reply(200, found.value) : replyRefusal(found);
});

export const config: Config = {
  path: '/api/portal/lookup',
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'], action: 'rate_limit' },
};
