import {
  INQUIRY_PAGE_SIZE,
  type InquiryCursor,
  type InquiryStatus,
  type OwnerInquiry,
  type OwnerInquiryNote,
  type OwnerInquiryPage,
} from '@shared/schemas/owner';
import { INQUIRY_FIELDS, type InquiryRecord } from '@shared/schemas/inquiry';
import { INQUIRY_FIELD_COPY } from '@shared/inquiry-fields';
import { isoTimestamp, type Queryable } from '../db';
import { heldMessageExists } from '../mail/outbox';
import { inTransaction } from '../transaction';
import { recordAudit } from './audit';
import { toCsv } from './csv';

type InquiryRow = InquiryRecord & {
  id: string;
  acknowledgementHeld: boolean;
  status: InquiryStatus;
  isNew: boolean;
  notes: OwnerInquiryNote[];
  created_at: Date | string;
  status_changed_at: Date | string | null;
  // created_at to the microsecond, as text: a JavaScript Date would round it to the millisecond and the cursor
  // would then skip or repeat rows received in the same millisecond.
  cursor_at: string;
};

/** An instant as ISO 8601 text in UTC, written by the database (json_agg would otherwise use the session's zone). */
const isoText = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

// The notes ride along with their inquiry (few per inquiry, read with the primary key's index), oldest first.
const NOTES = `COALESCE((
    SELECT json_agg(json_build_object('id', n.id::text, 'author', n.author, 'body', n.body, 'createdAt', ${isoText('n.created_at')}) ORDER BY n.id)
    FROM inquiry_notes n WHERE n.inquiry_id = contact_inquiries.id
  ), '[]'::json)`;

// Each field's column under its key's name, so a row already holds the inquiry's fields.
const COLUMNS = `id, ${INQUIRY_FIELDS.map((field) => `${field.column} AS "${field.key}"`).join(', ')},
  ${heldMessageExists('inquiry_client', 'contact_inquiries.id')} AS "acknowledgementHeld",
  status, status_changed_at, opened_at IS NULL AS "isNew", ${NOTES} AS notes,
  created_at, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_at`;

function toOwnerInquiry({
  created_at: createdAt,
  status_changed_at: statusChangedAt,
  cursor_at: _cursor,
  notes,
  ...inquiry
}: InquiryRow): OwnerInquiry {
  return {
    ...inquiry,
    createdAt: isoTimestamp(createdAt),
    statusChangedAt: statusChangedAt === null ? null : isoTimestamp(statusChangedAt),
    // A driver may hand json over as text.
    notes: typeof notes === 'string' ? (JSON.parse(notes) as OwnerInquiryNote[]) : notes,
  };
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

/**
 * The CSV export of `inquiries`: when each was received (UTC), its status, then every field under its label, in the
 * list's order. The private notes stay in the desk.
 */
export function inquiriesCsv(inquiries: readonly OwnerInquiry[]): string {
  return toCsv(
    [INQUIRY_FIELD_COPY.received, INQUIRY_FIELD_COPY.status, ...INQUIRY_FIELDS.map((field) => INQUIRY_FIELD_COPY.labels[field.key])],
    inquiries.map((inquiry) => [inquiry.createdAt, inquiry.status, ...INQUIRY_FIELDS.map((field) => inquiry[field.key])]),
  );
}

/** One inquiry with its notes, or undefined when there is none with that id. */
export async function findInquiry(db: Queryable, id: string): Promise<OwnerInquiry | undefined> {
  const { rows } = await db.query<InquiryRow>(`SELECT ${COLUMNS} FROM contact_inquiries WHERE id = $1`, [id]);
  return rows[0] && toOwnerInquiry(rows[0]);
}

/** Marks an inquiry opened (the first time only: opened_at keeps the first opening) and answers it, or undefined. */
export async function openInquiry(db: Queryable, id: string): Promise<OwnerInquiry | undefined> {
  await db.query('UPDATE contact_inquiries SET opened_at = now() WHERE id = $1 AND opened_at IS NULL', [id]);
  return findInquiry(db, id);
}

/**
 * Sets an inquiry's status for `actor` and records the change (from, to) in the audit log, in one transaction. The
 * row is locked while its old status is read, so of two simultaneous changes the second sees the first's result and
 * each is logged with the status it really replaced. Setting the status it already has changes and logs nothing.
 * Changing a status also marks the inquiry opened. Answers the inquiry as it now is, or undefined for an unknown id.
 */
export async function setInquiryStatus(
  db: Queryable,
  change: { id: string; status: InquiryStatus; actor: string },
): Promise<OwnerInquiry | undefined> {
  return inTransaction(db, async (tx) => {
    const { rows } = await tx.query<{ from: InquiryStatus }>(
      `WITH current AS (SELECT id, status FROM contact_inquiries WHERE id = $1 FOR UPDATE)
       UPDATE contact_inquiries AS inquiry
          SET status = $2,
              status_changed_at = CASE WHEN current.status = $2 THEN inquiry.status_changed_at ELSE now() END,
              opened_at = COALESCE(inquiry.opened_at, now())
         FROM current WHERE inquiry.id = current.id
       RETURNING current.status AS "from"`,
      [change.id, change.status],
    );
    const from = rows[0]?.from;
    if (from === undefined) return undefined;
    if (from !== change.status) {
      await recordAudit(tx, {
        actor: change.actor,
        action: 'inquiry_status_changed',
        target: change.id,
        detail: { from, to: change.status },
      });
    }
    return findInquiry(tx, change.id);
  });
}

/** Appends a private note by `author` to an inquiry (which counts as opening it); undefined for an unknown id. */
export async function addInquiryNote(
  db: Queryable,
  note: { inquiryId: string; author: string; body: string },
): Promise<OwnerInquiryNote | undefined> {
  return inTransaction(db, async (tx) => {
    const { rows } = await tx.query<{ id: string; author: string; body: string; createdAt: string }>(
      `INSERT INTO inquiry_notes (inquiry_id, author, body)
       SELECT id, $2, $3 FROM contact_inquiries WHERE id = $1
       RETURNING id::text AS id, author, body, ${isoText('created_at')} AS "createdAt"`,
      [note.inquiryId, note.author, note.body],
    );
    if (!rows[0]) return undefined;
    await tx.query('UPDATE contact_inquiries SET opened_at = now() WHERE id = $1 AND opened_at IS NULL', [note.inquiryId]);
    return rows[0];
  });
}
