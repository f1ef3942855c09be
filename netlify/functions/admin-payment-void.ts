import type { Config } from '@netlify/functions';
import * as v from 'valibot';
import { refused } from '@shared/result';
import { VoidPaymentSchema } from '@shared/schemas/payment';
import { voidPaymentByOwner } from '../lib/desk/payments';
import { readJsonBody } from '../lib/http/body';
import { reply, replyInvalid } from '../lib/http/reply';
import { replyRefusal } from '../lib/http/refusal';
import { isUuid, ownerEndpoint } from '../lib/owner/endpoint';

/**
 * POST /api/admin/payments/{id}/void { reason }: voids a payment recorded by mistake or not honoured (a bounced check).
 * The row stays, marked voided with the reason, and no longer counts as paid. 200 { payment, balance }; 409
 * already_voided the second time; no mail (the client's event page shows the balance as it then stands).
 */
export default ownerEndpoint('admin-payment-void', {
  POST: async (req, { db, now, params, session }) => {
    const body = await readJsonBody(req);
    if (!body.ok) return replyRefusal(body);
    const request = v.safeParse(VoidPaymentSchema, body.value);
    if (!request.success) return replyInvalid(request.issues);
    const id = params.id ?? '';
    const voided = isUuid(id)
      ? await voidPaymentByOwner(db, { id, reason: request.output.reason, username: session.user.username, now })
      : refused('not_found');
    if (!voided.ok) return replyRefusal(voided, { not_found: 'There is no payment with that id.' });
    return reply(200, voided.value);
  },
});

export const config: Config = { path: '/api/admin/payments/:id/void' };
