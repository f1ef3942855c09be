import type { Config } from '@netlify/functions';
import * as v from 'valibot';
import { isHoneypotFilled } from '../../src/schemas/honeypot';
import { InquirySchema } from '../../src/schemas/inquiry';
import { withDatabase } from '../lib/db';
import { decoyInquiry } from '../lib/honeypot';
import { endpoint, readJsonBody, reply, replyInvalid } from '../lib/http';
import { createInquiry } from '../lib/inquiries';

/** POST /api/contact: stores an event inquiry, answers 201 { id }. */
export default endpoint('contact', ['POST'], async (req, context) => {
  const body = await readJsonBody(req);
  if (!body.ok) return body.response;
  const inquiry = v.safeParse(InquirySchema, body.value);
  if (!inquiry.success) return replyInvalid(inquiry.issues);
  if (isHoneypotFilled(inquiry.output)) return reply(201, decoyInquiry());
  const { id } = await withDatabase(context, (db) => createInquiry(db, inquiry.output));
  return reply(201, { id });
});

export const config: Config = {
  path: '/api/contact',
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ['ip', 'domain'], action: 'rate_limit' },
};
