import type { Config } from '@netlify/functions';
import * as v from 'valibot';
import { InquiryExportQuerySchema, InquiryExportSchema, type InquiryStatus } from '@shared/schemas/owner';
import { readJsonBody } from '../lib/http/body';
import { queryParams } from '../lib/http/query';
import { API_HEADERS, replyInvalid } from '../lib/http/reply';
import { replyRefusal } from '../lib/http/refusal';
import { recordAudit } from '../lib/audit/log';
import { ownerEndpoint, type OwnerHandler } from '../lib/owner/endpoint';
import { inquiriesCsv } from '../lib/inquiries/csv';
import { exportInquiries } from '../lib/inquiries/read';

/** The CSV download of the inquiries matching `q` and `status` (every inquiry when neither), audit-logged. */
async function download(
  { q, status }: { q: string; status?: InquiryStatus | undefined },
  { db, now, session }: Parameters<OwnerHandler>[1],
): Promise<Response> {
  const inquiries = await exportInquiries(db, q, status);
  await recordAudit(db, {
    actor: session.user.username,
    action: 'inquiries_exported',
    detail: { rows: inquiries.length, filtered: q !== '' || status !== undefined },
  });
  return new Response(inquiriesCsv(inquiries), {
    status: 200,
    headers: {
      ...API_HEADERS,
      'Content-Type': 'text/csv; charset=utf-8; header=present',
      'Content-Disposition': `attachment; filename="inquiries-${now.toISOString().slice(0, 10)}.csv"`,
    },
  });
}

/**
 * GET /api/admin/inquiries.csv: every inquiry as a CSV download that opens cleanly in Excel. POST { q, status? }
 * downloads only the matches of a search and status filter, the term in the body rather than the address (a `?q=` is refused with a 400).
 */
export default ownerEndpoint('admin-inquiries-csv', {
  GET: async (req, context) => {
    const query = v.safeParse(InquiryExportQuerySchema, queryParams(req));
    if (!query.success) return replyInvalid(query.issues);
    return download({ q: '' }, context);
  },
  POST: async (req, context) => {
    const body = await readJsonBody(req);
    if (!body.ok) return replyRefusal(body);
    const search = v.safeParse(InquiryExportSchema, body.value);
    if (!search.success) return replyInvalid(search.issues);
    return download(search.output, context);
  },
});

export const config: Config = { path: '/api/admin/inquiries.csv' };
