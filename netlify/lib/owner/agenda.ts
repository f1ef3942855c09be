import { AGENDA_DAYS, AGENDA_INQUIRY_COUNT, type AgendaInquiry, type OwnerAgenda } from '../../../src/schemas/owner';
import { texasToday } from '../../../src/lib/desk-time';
import { addDaysUtc } from '../../../src/schemas/dates';
import { listHeld } from '../bookings/agenda';
import { isoTimestamp, type Queryable } from '../db';
import { countMessages } from '../mail/outbox';

type UnopenedRow = Omit<AgendaInquiry, 'createdAt'> & { created_at: Date | string; total: number };

/** The unopened inquiries: how many, and the newest few (one query on contact_inquiries_unopened_idx). */
async function unopenedInquiries(db: Queryable): Promise<OwnerAgenda['newInquiries']> {
  const { rows } = await db.query<UnopenedRow>(
    `SELECT newest.*, (SELECT count(*)::int FROM contact_inquiries WHERE opened_at IS NULL) AS total
     FROM (SELECT id, first_name AS "firstName", last_name AS "lastName", event_type AS "eventType",
             event_date AS "eventDate", created_at
           FROM contact_inquiries WHERE opened_at IS NULL ORDER BY created_at DESC LIMIT $1) AS newest
     ORDER BY created_at DESC`,
    [AGENDA_INQUIRY_COUNT],
  );
  return {
    count: rows.length === 0 ? 0 : Number(rows[0]!.total),
    newest: rows.map(({ created_at: createdAt, total: _total, ...inquiry }) => ({ ...inquiry, createdAt: isoTimestamp(createdAt) })),
  };
}

/** "Today & upcoming" as of `now`: AGENDA_DAYS days from today in Texas, new inquiries, failed e-mails. */
export async function readAgenda(db: Queryable, now: Date): Promise<OwnerAgenda> {
  const from = texasToday(now);
  const to = addDaysUtc(from, AGENDA_DAYS - 1);
  const held = await listHeld(db, { from, to });
  const newInquiries = await unopenedInquiries(db);
  const failedMails = (await countMessages(db)).failed;
  return { from, to, ...held, newInquiries, failedMails };
}
