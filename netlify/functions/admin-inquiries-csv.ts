import type { Config } from '@netlify/functions';
import * as v from 'valibot';
import { InquiryQuerySchema } from '../../src/schemas/owner';
import { API_HEADERS, replyInvalid } from '../lib/http/reply';
import { recordAudit } from '../lib/owner/audit';
import { ownerEndpoint } from '../lib/owner/endpoint';
import { exportInquiries, inquiriesCsv } from '../lib/owner/inquiries';

/** GET /api/admin/inquiries.csv?q=: every (matching) inquiry as a CSV download that opens cleanly in Excel. */
export default ownerEndpoint('admin-inquiries-csv', {
  GET: async (req, { db, now, session }) => {
    const query = v.safeParse(InquiryQuerySchema, Object.fromEntries(new URL(req.url).searchParams));
    if (!query.success) return replyInvalid(query.issues);
    const inquiries = await exportInquiries(db, query.output.q);
    await recordAudit(db, {
      actor: session.user.username,
      action: 'inquiries_exported',
      detail: { rows: inquiries.length, filtered: query.output.q !== '' },
    });
    return new Response(inquiriesCsv(inquiries), {
      status: 200,
      headers: {
        ...API_HEADERS,
        'Content-Type': 'text/csv; charset=utf-8; header=present',
        'Content-Disposition': `attachment; filename="inquiries-${now.toISOString().slice(0, 10)}.csv"`,
      },
    });
  },
});

export const config: Config = { path: '/api/admin/inquiries.csv' };
