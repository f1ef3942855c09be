import type { Config } from '@netlify/functions';
import * as v from 'valibot';
import { SignRequestSchema } from '@shared/schemas/proposal';
import { withDatabase } from '../lib/db';
import { readJsonBody } from '../lib/http/body';
import { endpoint } from '../lib/http/endpoint';
import { reply, replyInvalid } from '../lib/http/reply';
import { replyRefusal } from '../lib/http/refusal';
import { deliverSoon } from '../lib/mail/deliver';
import { signByLink } from '../lib/portal/event-page';

/**
 * POST /api/portal/sign { token, proposalId, consent: true, signatureName }: the client signs the proposal's contract
 * (200 { proposal } with signedAt and documentSha256); 400 invalid_fields without consent or name; 409 for a proposal
 * signed, expired, withdrawn or replaced. The signature keeps the time, the IP address Netlify saw and the browser.
 */
export default endpoint('portal-sign', ['POST'], async (req, context) => {
  const body = await readJsonBody(req);
  if (!body.ok) return replyRefusal(body);
  const request = v.safeParse(SignRequestSchema, body.value);
  if (!request.success) return replyInvalid(request.issues);
  const { token, proposalId, signatureName } = request.output;
  const userAgent = req.headers.get('user-agent');
  const signed = await withDatabase(context, (db) =>
    signByLink(db, { token, proposalId, signatureName, ip: context.ip ?? null, userAgent, now: new Date() }),
  );
  if (!signed.ok) return replyRefusal(signed, { not_found: 'There is no such proposal for this booking.' });
  await deliverSoon(context, signed.value.mailIds);
  return reply(200, { proposal: signed.value.proposal });
});

export const config: Config = {
  path: '/api/portal/sign',
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ['ip', 'domain'], action: 'rate_limit' },
};
