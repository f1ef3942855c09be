import type { Config } from '@netlify/functions';
import * as v from 'valibot';
import { ContractPdfRequestSchema } from '@shared/schemas/proposal';
import { withDatabase } from '../lib/db';
import { readJsonBody } from '../lib/http/body';
import { endpoint } from '../lib/http/endpoint';
import { API_HEADERS, replyInvalid } from '../lib/http/reply';
import { replyRefusal } from '../lib/http/refusal';
import { contractPdfByLink } from '../lib/portal/event-page';

/**
 * POST /api/portal/contract.pdf { token, proposalId }: the signed contract as a PDF download (its text, the
 * signature block and the document's SHA-256); 409 proposal_not_signed before the client signs.
 */
export default endpoint('portal-contract-pdf', ['POST'], async (req, context) => {
  const body = await readJsonBody(req);
  if (!body.ok) return replyRefusal(body);
  const request = v.safeParse(ContractPdfRequestSchema, body.value);
  if (!request.success) return replyInvalid(request.issues);
  const found = await withDatabase(context, (db) => contractPdfByLink(db, { ...request.output, now: new Date() }));
  if (!found.ok) return replyRefusal(found, { not_found: 'There is no such proposal for this booking.' });
  return new Response(new Uint8Array(found.value.pdf), {
    status: 200,
    headers: {
      ...API_HEADERS,
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="contract-${found.value.date}.pdf"`,
    },
  });
});

export const config: Config = {
  path: '/api/portal/contract.pdf',
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'], action: 'rate_limit' },
};
