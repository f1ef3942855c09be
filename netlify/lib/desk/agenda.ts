import { AGENDA_DAYS, type OwnerAgenda } from '@shared/schemas/owner';
import { texasToday } from '@shared/texas-time';
import { addDaysUtc } from '@shared/schemas/dates';
import { listHeld } from '../bookings/read';
import type { Queryable } from '../db';
import { unopenedInquiries } from '../inquiries/read';
import { countFailedMessages } from '../mail/outbox/report';

/** "Today & upcoming" as of `now`: AGENDA_DAYS days from today in Texas, new inquiries, failed e-mails. */
export async function readAgenda(db: Queryable, now: Date): Promise<OwnerAgenda> {
  const from = texasToday(now);
  const to = addDaysUtc(from, AGENDA_DAYS - 1);
  const held = await listHeld(db, { from, to });
  // The desk's wait for new inquiries and failed mails: each read through the module that owns its table.
  return { from, to, ...held, newInquiries: await unopenedInquiries(db), failedMails: await countFailedMessages(db) };
}
