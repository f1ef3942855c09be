import type { Config } from '@netlify/functions';
import * as v from 'valibot';
import { isHoneypotFilled } from '@shared/schemas/honeypot';
import { InquirySchema } from '@shared/schemas/inquiry';
import { withDatabase } from '../lib/db';
import { undoneAfter } from '../lib/honeypot';
import { readJsonBody } from '../lib/http/body';
import { endpoint } from '../lib/http/endpoint';
import { noteInLog } from '../lib/http/log';
import { reply, replyInvalid } from '../lib/http/reply';
import { replyRefusal } from '../lib/http/refusal';
import { answerOnce, idempotentRequest, readIdempotencyKey } from '../lib/idempotency';
import { priceInquiryEstimate } from '../lib/inquiries/estimate';
import { createInquiry } from '../lib/inquiries/write';
import { deliverSoon } from '../lib/mail/deliver';
import { enqueueInquiryMails } from '../lib/mail/outbox/write';

/**
 * POST /api/contact: stores an event inquiry with its two e-mails (owner, client), answers 201 { id }. An optional
 * `estimate` (the inputs of POST /api/estimate) is priced again here and stored with the inquiry; one that cannot be
 * priced answers 400 (invalid_fields or outside_service_area, naming `estimate`) and nothing is stored. An
 * Idempotency-Key makes a retry replay it.
 */
export default endpoint('contact', ['POST'], async (req, context) => {
  const key = readIdempotencyKey(req);
  if (!key.ok) return replyRefusal(key);
  const body = await readJsonBody(req);
  if (!body.ok) return replyRefusal(body);
  const inquiry = v.safeParse(InquirySchema, body.value);
  if (!inquiry.success) return replyInvalid(inquiry.issues);
  const estimate = priceInquiryEstimate(inquiry.output.estimate, inquiry.output.eventDate, new Date());
  if (!estimate.ok) return replyRefusal(estimate);
  const fields = { ...inquiry.output, estimate: estimate.value };
  const isBot = isHoneypotFilled(fields);
  // The e-mails are written in the inquiry's own transaction; after the commit they are sent without holding up the
  // answer (a replayed answer wrote none).
  let mailIds: readonly string[] = [];
  const response = await withDatabase(context, (db) =>
    answerOnce(db, idempotentRequest(req, 'contact', key.value, body.value, context.ip, new Date()), async (tx) => {
      const store = async () => {
        const stored = await createInquiry(tx, fields);
        return { stored, ids: await enqueueInquiryMails(tx, { ...fields, ...stored }) };
      };
      // A bot's inquiry is stored and undone: it gets a person's answer, and no row or mail stays.
      const { stored, ids } = isBot ? await undoneAfter(tx, store) : await store();
      if (!isBot) mailIds = ids;
      return reply(201, stored);
    }),
  );
  await deliverSoon(context, mailIds);
  return isBot ? noteInLog(response, { honeypot: true }) : response;
});

export const config: Config = {
  path: '/api/contact',
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ['ip', 'domain'], action: 'rate_limit' },
};
