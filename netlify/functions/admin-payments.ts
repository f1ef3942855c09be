import type { Config } from '@netlify/functions';
import * as v from 'valibot';
import { createRecordPaymentSchema } from '@shared/schemas/payment';
import { readProposalPayments, recordPaymentByOwner } from '../lib/desk/payments';
import { readJsonBody } from '../lib/http/body';
import { reply, replyError, replyInvalid } from '../lib/http/reply';
import { replyRefusal } from '../lib/http/refusal';
import { answerOnce, idempotentRequest, readIdempotencyKey } from '../lib/idempotency';
import { deliverSoon } from '../lib/mail/deliver';
import { isUuid, ownerEndpoint } from '../lib/owner/endpoint';

const NOT_FOUND = { not_found: 'There is no proposal with that id.' };

/**
 * GET /api/admin/proposals/{id}/payments: the proposal's payments (voided ones too), in the order recorded, and where
 * its balance stands (null before the client signed). POST (Idempotency-Key required) { amountCents, method,
 * receivedOn, reference? }: records money received against a signed proposal; 201 { payment, balance }, the client
 * e-mailed a receipt. 409 proposal_not_signed, payment_exceeds_balance, already_cancelled; a retry with the same key
 * replays the first answer.
 */
export default ownerEndpoint('admin-payments', {
  GET: async (_req, { db, now, params }) => {
    const id = params.id ?? '';
    const found = isUuid(id) ? await readProposalPayments(db, id, now) : undefined;
    return found?.ok ? reply(200, found.value) : replyRefusal({ ok: false, code: 'not_found', details: undefined }, NOT_FOUND);
  },
  POST: async (req, { db, now, ip, params, background, session }) => {
    const key = readIdempotencyKey(req);
    if (!key.ok) return replyRefusal(key);
    if (key.value === undefined) {
      return replyError(400, 'invalid_idempotency_key', 'Please send an Idempotency-Key header with the payment.');
    }
    const body = await readJsonBody(req);
    if (!body.ok) return replyRefusal(body);
    const payment = v.safeParse(createRecordPaymentSchema(() => now), body.value);
    if (!payment.success) return replyInvalid(payment.issues);
    const proposalId = params.id ?? '';
    if (!isUuid(proposalId)) return replyRefusal({ ok: false, code: 'not_found', details: undefined }, NOT_FOUND);
    let mailIds: readonly string[] = [];
    const request = idempotentRequest(req, 'admin_payments', key.value, body.value, ip, now);
    const response = await answerOnce(db, request, async (tx) => {
      const recorded = await recordPaymentByOwner(tx, { proposalId, payment: payment.output, username: session.user.username, now });
      if (!recorded.ok) return replyRefusal(recorded, { ...NOT_FOUND, already_cancelled: 'That booking was cancelled.' });
      mailIds = recorded.value.mailIds;
      return reply(201, { payment: recorded.value.payment, balance: recorded.value.balance });
    });
    await deliverSoon(background, mailIds);
    return response;
  },
});

export const config: Config = { path: '/api/admin/proposals/:id/payments' };
