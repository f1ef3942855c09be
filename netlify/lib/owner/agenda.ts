import { AGENDA_DAYS, AGENDA_INQUIRY_COUNT, AGENDA_NEW_INQUIRY_CAP, type AgendaInquiry, type OwnerAgenda } from '@shared/schemas/owner';
import { texasToday } from '@shared/texas-time';
import { addDaysUtc } from '@shared/schemas/dates';
import { listHeld } from '../bookings/agenda';
import { isoTimestamp, type Queryable } from '../db';
import { FAILED_MESSAGES_COUNT } from '../mail/outbox';

type Waiting = {
  unopened: number;
  failed: number;
  newest: Array<Omit<AgendaInquiry, 'createdAt'> & { createdAt: string }> | null;
};

/**
 * What waits for the owner, in one round trip: how many inquiries were never opened (up to the cap) and the newest
 * few of them (both on contact_inquiries_unopened_idx), and how many e-mails failed (on outbox_failed_idx).
 */
async function waiting(db: Queryable): Promise<Pick<OwnerAgenda, 'newInquiries' | 'failedMails'>> {
  const { rows } = await db.query<Waiting>(
    `SELECT (SELECT count(*)::int FROM (SELECT 1 FROM contact_inquiries WHERE opened_at IS NULL LIMIT $2) AS capped) AS unopened,
       ${FAILED_MESSAGES_COUNT} AS failed,
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
  return {
    newInquiries: { count: Math.min(unopened, AGENDA_NEW_INQUIRY_CAP), more: unopened > AGENDA_NEW_INQUIRY_CAP, newest },
    failedMails: Number(row.failed),
  };
}

/** "Today & upcoming" as of `now`: AGENDA_DAYS days from today in Texas, new inquiries, failed e-mails. */
export async function readAgenda(db: Queryable, now: Date): Promise<OwnerAgenda> {
  const from = texasToday(now);
  const to = addDaysUtc(from, AGENDA_DAYS - 1);
  const held = await listHeld(db, { from, to });
  return { from, to, ...held, ...(await waiting(db)) };
}
