import type { Config } from '@netlify/functions';
import * as v from 'valibot';
import { PaymentExportQuerySchema } from '@shared/schemas/payment';
import { exportPayments } from '../lib/desk/payments-csv';
import { queryParams } from '../lib/http/query';
import { API_HEADERS, replyInvalid } from '../lib/http/reply';
import { ownerEndpoint } from '../lib/owner/endpoint';

/**
 * GET /api/admin/payments.csv?from=&to=: every payment received from `from` to `to` (Texas dates, inclusive, at most
 * two years), voided ones included with their status and reason, as a CSV download that opens cleanly in Excel;
 * audit-logged.
 */
export default ownerEndpoint('admin-payments-csv', {
  GET: async (req, { db, session }) => {
    const range = v.safeParse(PaymentExportQuerySchema, queryParams(req));
    if (!range.success) return replyInvalid(range.issues);
    const { from, to } = range.output;
    return new Response(await exportPayments(db, range.output, session.user.username), {
      status: 200,
      headers: {
        ...API_HEADERS,
        'Content-Type': 'text/csv; charset=utf-8; header=present',
        'Content-Disposition': `attachment; filename="payments-${from}-to-${to}.csv"`,
      },
    });
  },
});

export const config: Config = { path: '/api/admin/payments.csv' };
