import { INQUIRY_PAGE_SIZE, type InquiryCursor, type OwnerInquiry, type OwnerInquiryPage } from '../../../src/schemas/owner';
import { INQUIRY_FIELDS, type InquiryRecord } from '../../../src/schemas/inquiry';
import { INQUIRY_FIELD_COPY } from '../../../src/lib/inquiry-fields';
import { isoTimestamp, type Queryable } from '../db';
import { heldMessageExists } from '../mail/outbox';
import { toCsv } from './csv';

type InquiryRow = InquiryRecord & {
  id: string;
  acknowledgementHeld: boolean;
  created_at: Date | string;
  // created_at to the microsecond, as text: a JavaScript Date would round it to the millisecond and the cursor
  // would then skip or repeat rows received in the same millisecond.
  cursor_at: string;
};

// Each field's column under its key's name, so a row already holds the inquiry's fields.
const COLUMNS = `id, ${INQUIRY_FIELDS.map((field) => `${field.column} AS "${field.key}"`).join(', ')},
  ${heldMessageExists('inquiry_client', 'contact_inquiries.id')} AS "acknowledgementHeld",
  created_at, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_at`;

function toOwnerInquiry({ created_at: createdAt, cursor_at: _cursor, ...inquiry }: InquiryRow): OwnerInquiry {
  return { ...inquiry, createdAt: isoTimestamp(createdAt) };
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
 * One page of inquiries, newest first: those matching `q` (in the name, e-mail or phone, case-insensitive) received
 * before `after` (a cursor from the previous page). `nextCursor` is null on the last page.
 */
export async function listInquiries(
  db: Queryable,
  request: { q: string; after?: InquiryCursor | undefined },
): Promise<OwnerInquiryPage> {
  const params: unknown[] = [];
  const conditions = [searchFilter(request.q, params)];
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

/** Every inquiry matching `q` (all when empty), newest first, for the CSV export. */
export async function exportInquiries(db: Queryable, q: string): Promise<OwnerInquiry[]> {
  const params: unknown[] = [];
  const { rows } = await db.query<InquiryRow>(
    `SELECT ${COLUMNS} FROM contact_inquiries WHERE ${searchFilter(q, params)} ORDER BY created_at DESC, id DESC`,
    params,
  );
  return rows.map(toOwnerInquiry);
}

/** The CSV export of `inquiries`: when each was received (UTC), then every field under its label, in the list's order. */
export function inquiriesCsv(inquiries: readonly OwnerInquiry[]): string {
  return toCsv(
    [INQUIRY_FIELD_COPY.received, ...INQUIRY_FIELDS.map((field) => INQUIRY_FIELD_COPY.labels[field.key])],
    inquiries.map((inquiry) => [inquiry.createdAt, ...INQUIRY_FIELDS.map((field) => inquiry[field.key])]),
  );
}
