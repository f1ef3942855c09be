import {
  AGENDA_INQUIRY_COUNT,
  AGENDA_NEW_INQUIRY_CAP,
  INQUIRY_PAGE_SIZE,
  type AgendaInquiry,
  type InquiryCursor,
  type InquiryStatus,
  type OwnerAgenda,
  type OwnerInquiry,
  type OwnerInquiryNote,
  type OwnerInquiryPage,
} from '@shared/schemas/owner';
import type { Estimate } from '@shared/pricing';
import type { EstimateRequest } from '@shared/schemas/estimate';
import { INQUIRY_FIELDS, type InquiryRecord } from '@shared/schemas/inquiry';
import { isoTimestamp, type Queryable } from '../db';

type InquiryRow = InquiryRecord & {
  id: string;
  acknowledgementHeld: boolean;
  status: InquiryStatus;
  isNew: boolean;
  notes: OwnerInquiryNote[] | string;
  // Both set or both null (migration 012). A driver may hand json over as text.
  estimate_request: EstimateRequest | string | null;
  estimate: Estimate | string | null;
  created_at: Date | string;
  status_changed_at: Date | string | null;
  // created_at to the microsecond, as text: a JavaScript Date would round it to the millisecond and the cursor
  // would then skip or repeat rows received in the same millisecond.
  cursor_at: string;
};

/** An instant as ISO 8601 text in UTC, written by the database (json_agg would otherwise use the session's zone). */
export const isoText = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

// The notes ride along with their inquiry (few per inquiry, read with the primary key's index), oldest first.
const NOTES = `COALESCE((
    SELECT json_agg(json_build_object('id', n.id::text, 'author', n.author, 'body', n.body, 'createdAt', ${isoText('n.created_at')}) ORDER BY n.id)
    FROM inquiry_notes n WHERE n.inquiry_id = contact_inquiries.id
  ), '[]'::json)`;

// Each field's column under its key's name, so a row already holds the inquiry's fields.
const COLUMNS = `id, ${INQUIRY_FIELDS.map((field) => `${field.column} AS "${field.key}"`).join(', ')},
  EXISTS (SELECT 1 FROM outbox_held_messages h WHERE h.inquiry_id = contact_inquiries.id AND h.kind = 'inquiry_client')
    AS "acknowledgementHeld",
  status, status_changed_at, opened_at IS NULL AS "isNew", ${NOTES} AS notes, estimate_request, estimate,
  created_at, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_at`;

function toOwnerInquiry({
  created_at: createdAt,
  status_changed_at: statusChangedAt,
  cursor_at: _cursor,
  notes,
  estimate_request: request,
  estimate,
  ...inquiry
}: InquiryRow): OwnerInquiry {
  return {
    ...inquiry,
    createdAt: isoTimestamp(createdAt),
    statusChangedAt: statusChangedAt === null ? null : isoTimestamp(statusChangedAt),
    notes: fromJson(notes),
    estimate:
      request === null || estimate === null ? null : { request: fromJson(request), estimate: fromJson(estimate) },
  };
}

/** A json column's value as the driver handed it over (parsed, or text). */
function fromJson<T>(value: T | string): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

/** The position after `row` in the newest-first order, as an opaque URL-safe string (read by parseInquiryCursor). */
function encodeCursor(row: InquiryRow): string {
  return Buffer.from(`${row.cursor_at}|${row.id}`).toString('base64url');
}

/** `q` as an ILIKE pattern matching it anywhere, its own % _ and \ taken literally. */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, '\\$&')}%`;
}

function searchFilter(q: string, params: unknown[]): string {
  if (q === '') return 'true';
  params.push(containsPattern(q));
  // lower(name, e-mail, phone, phone digits): the expression of the trigram index of migration 003.
  return `inquiry_search_text(first_name, last_name, email, phone) LIKE lower($${params.length})`;
}

/**
 * One page of inquiries, newest first: those matching `q` (in the name, e-mail or phone, case-insensitive) and
 * `status` (any when absent) received before `after` (a cursor from the previous page). `nextCursor` is null on the
 * last page.
 */
export async function listInquiries(
  db: Queryable,
  request: { q: string; status?: InquiryStatus | undefined; after?: InquiryCursor | undefined },
): Promise<OwnerInquiryPage> {
  const params: unknown[] = [];
  const conditions = [searchFilter(request.q, params)];
  if (request.status) {
    params.push(request.status);
    conditions.push(`status = $${params.length}`);
  }
  if (request.after) {
    params.push(request.after.at, request.after.id);
    conditions.push(`(created_at, id) < ($${params.length - 1}::timestamptz, $${params.length}::uuid)`);
  }
  params.push(INQUIRY_PAGE_SIZE + 1);
  const { rows } = await db.query<InquiryRow>(
    `SELECT ${COLUMNS} FROM contact_inquiries WHERE ${conditions.join(' AND ')}
     ORDER BY created_at DESC, id DESC LIMIT $${params.length}`,
    params,
  );
  const page = rows.slice(0, INQUIRY_PAGE_SIZE);
  const last = page[page.length - 1];
  return {
    inquiries: page.map(toOwnerInquiry),
    nextCursor: rows.length > INQUIRY_PAGE_SIZE && last ? encodeCursor(last) : null,
  };
}

/** Every inquiry matching `q` (all when empty) and `status` (any when absent), newest first, for the CSV export. */
export async function exportInquiries(db: Queryable, q: string, status?: InquiryStatus): Promise<OwnerInquiry[]> {
  const params: unknown[] = [];
  const conditions = [searchFilter(q, params)];
  if (status) {
    params.push(status);
    conditions.push(`status = $${params.length}`);
  }
  const { rows } = await db.query<InquiryRow>(
    `SELECT ${COLUMNS} FROM contact_inquiries WHERE ${conditions.join(' AND ')} ORDER BY created_at DESC, id DESC`,
    params,
  );
  return rows.map(toOwnerInquiry);
}

/** One inquiry with its notes, or undefined when there is none with that id. */
export async function findInquiry(db: Queryable, id: string): Promise<OwnerInquiry | undefined> {
  const { rows } = await db.query<InquiryRow>(`SELECT ${COLUMNS} FROM contact_inquiries WHERE id = $1`, [id]);
  return rows[0] && toOwnerInquiry(rows[0]);
}

type UnopenedRow = {
  unopened: number;
  newest: Array<Omit<AgendaInquiry, 'createdAt'> & { createdAt: string }> | null;
};

/**
 * The inquiries waiting for the owner, in one round trip: how many were never opened (up to the cap) and the newest
 * few of them (both on contact_inquiries_unopened_idx).
 */
export async function unopenedInquiries(db: Queryable): Promise<OwnerAgenda['newInquiries']> {
  const { rows } = await db.query<UnopenedRow>(
    `SELECT (SELECT count(*)::int FROM (SELECT 1 FROM contact_inquiries WHERE opened_at IS NULL LIMIT $2) AS capped) AS unopened,
       (SELECT json_agg(json_build_object('id', id, 'firstName', first_name, 'lastName', last_name,
                'eventType', event_type, 'eventDate', event_date, 'createdAt', created_at) ORDER BY created_at DESC)
        FROM (SELECT id, first_name, last_name, event_type, event_date, created_at FROM contact_inquiries
              WHERE opened_at IS NULL ORDER BY created_at DESC LIMIT $1) AS newest) AS newest`,
    [AGENDA_INQUIRY_COUNT, AGENDA_NEW_INQUIRY_CAP + 1],
  );
  const row = rows[0]!;
  // json_build_object writes timestamptz in the session's time zone format: read back as one ISO instant.
  const newest = (row.newest ?? []).map((inquiry) => ({ ...inquiry, createdAt: isoTimestamp(new Date(inquiry.createdAt)) }));
  const unopened = Number(row.unopened);
  return { count: Math.min(unopened, AGENDA_NEW_INQUIRY_CAP), more: unopened > AGENDA_NEW_INQUIRY_CAP, newest };
}
