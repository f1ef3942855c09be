import { describe, expect, test } from 'vitest';
import cancel from '../../netlify/functions/cancel';
import { createCancelToken } from '../../netlify/lib/bookings/cancel-links';
import { moveByCancelLink } from '../../netlify/lib/bookings/move';
import { queueDueReminders, reminderDueAt } from '../../netlify/lib/bookings/reminders';
import { releaseByCancelLink } from '../../netlify/lib/bookings/release';
import { withDatabase, type Queryable } from '../../netlify/lib/db';
import { mailConfig } from '../../netlify/lib/mail/config';
import { CLAIM_LEASE_MS, claimMessages } from '../../netlify/lib/mail/outbox/queue';
import { sendDue, type SendReport } from '../../netlify/lib/mail/send';
import { createMailTransport } from '../../netlify/lib/mail/transport';
import { inTransaction } from '../../netlify/lib/transaction';
import { texasToday } from '@shared/texas-time';
import { addDaysUtc } from '@shared/schemas/dates';
import type { TestDatabase } from '../setup/database';
import { expectNoMoreMail, useTestSmtpServer } from './mail-support';
import { call, databases, postJson, query, useDatabase } from './support';

const OWNER = 'owner@lonestar.example';
/** Tries of each race. */
const TRIES = 10;

describe.each(databases)('the sender looks at the booking again, on $name', (database: TestDatabase) => {
  useDatabase(database);
  const smtp = useTestSmtpServer(database, { ownerEmail: OWNER, mailFrom: 'Lone Star Mobile Bar <bookings@lonestar.example>' });
  const options = { config: { url: database.url, wsProxy: database.wsProxy } };
  const onDatabase = <T>(work: (db: Queryable) => Promise<T>) => withDatabase(undefined, work, options);

  /** A date `days` Texas days from the real today (links are judged by the real clock). */
  const ahead = (days: number) => addDaysUtc(texasToday(new Date()), days);

  /**
   * A held evening reservation on `date` for `email`, made long ago, with a change-or-cancel link and its 7-day
   * reminder queued (pending in the outbox). Answers its id, the link's token and the reminder's outbox id.
   */
  async function remindedBooking(date: string, email: string): Promise<{ id: string; token: string; reminder: string }> {
    const [row] = await query<{ id: string }>(
      database,
      `INSERT INTO bookings (date, time_slot, is_available, kind, client_name, client_email, event_type, created_at)
       VALUES ($1, 'evening', false, 'reservation', 'Dolly Rivera', $2, 'wedding', now() - interval '60 days') RETURNING id`,
      [date, email],
    );
    const id = row!.id;
    const token = await onDatabase((db) => createCancelToken(db, { id, date, timeSlot: 'evening' }));
    const report = await onDatabase((db) => queueDueReminders(db, reminderDueAt(date, 'evening', 7), { daysBefore: [7, 1] }));
    expect(report.mailIds).toHaveLength(1);
    return { id, token, reminder: report.mailIds[0]! };
  }

  /** The sender of the scheduled run and of deliverSoon, for the messages `ids`. */
  function send(ids: readonly string[], now?: () => Date): Promise<SendReport> {
    const transport = createMailTransport(smtp.url);
    return sendDue({ ids, limit: ids.length, deadline: Date.now() + 10_000, transport, config: mailConfig(), now, database: options }).finally(
      () => transport.close?.(),
    );
  }

  /** Reminders the catcher holds for `email`. */
  const remindersTo = (email: string) =>
    smtp.received.filter((mail) => mail.envelope.to[0] === email && (mail.parsed.subject ?? '').startsWith('Reminder:'));

  /** `db`, noting through `onCommit` the moment its transaction sends COMMIT (before the database has it). */
  function watchingCommit(db: Queryable, onCommit: () => void): Queryable {
    return {
      query<Row extends Record<string, unknown>>(text: string, params?: readonly unknown[]) {
        if (text === 'COMMIT') onCommit();
        return db.query<Row>(text, params);
      },
    };
  }

  test('a reminder claimed by a sender when the cancel commits is never sent (the cancel withdraws claimed rows too)', async () => {
    const date = ahead(20);
    const { token, reminder } = await remindedBooking(date, 'dolly@example.com');
    // A sender claims the reminder, then stalls before sending it (it died, or the mail server is slow).
    const claimed = await onDatabase((db) => inTransaction(db, (tx) => claimMessages(tx, { limit: 1, ids: [reminder] })));
    expect(claimed.map((message) => message.id)).toEqual([reminder]);
    expect((await call(cancel, postJson('/api/cancel', { token }))).status).toBe(200);
    // Another run takes over the claim once its lease is over: nothing is left to send.
    const report = await send([reminder], () => new Date(Date.now() + CLAIM_LEASE_MS + 60_000));
    expect(report).toMatchObject({ sent: 0 });
    // The cancellation's two notices, and no reminder.
    await expectNoMoreMail(database, smtp, 2);
    expect(remindersTo('dolly@example.com')).toEqual([]);
    expect(await query(database, 'SELECT id FROM outbox WHERE id = $1', [reminder])).toEqual([]);
  });

  test.each(['cancelled', 'moved'] as const)(
    'a reminder whose booking was %s since it was written is withdrawn by the sender, even when nothing else withdrew it',
    async (change) => {
      const date = ahead(20);
      const { id, reminder } = await remindedBooking(date, 'dolly@example.com');
      // Straight to the table: a change that withdrew nothing (a path written before withdrawing existed).
      await query(
        database,
        change === 'cancelled'
          ? "UPDATE bookings SET is_available = true, cancelled_at = now(), cancelled_by = 'client' WHERE id = $1"
          : 'UPDATE bookings SET sequence = sequence + 1, date = $2 WHERE id = $1',
        change === 'cancelled' ? [id] : [id, addDaysUtc(date, 1)],
      );
      expect(await send([reminder])).toEqual({ sent: 0, retried: 0, failed: 0, withdrawn: 1, stopped: null });
      await expectNoMoreMail(database, smtp, 0);
      expect(await query(database, 'SELECT id FROM outbox WHERE id = $1', [reminder])).toEqual([]);
    },
  );

  test.each(['cancel', 'move'] as const)(
    `a %s racing the sender ${TRIES} times: never a reminder for the old slot delivered after it committed`,
    async (change) => {
      const outcomes: Array<'delivered before the commit' | 'withdrawn' | 'DELIVERED AFTER THE COMMIT'> = [];
      for (let n = 0; n < TRIES; n += 1) {
        const email = `dolly+${n}@example.com`;
        const date = ahead(20 + n);
        const { token, reminder } = await remindedBooking(date, email);
        let deliveredAtCommit: number | undefined;
        const noteCommit = () => {
          deliveredAtCommit ??= remindersTo(email).length;
        };
        const changed = (async () => {
          // Start a little later each try, so the change meets the sender at another step of its run.
          await new Promise((resolve) => setTimeout(resolve, n * 6));
          return onDatabase((db) =>
            change === 'cancel'
              ? releaseByCancelLink(watchingCommit(db, noteCommit), token, new Date())
              : moveByCancelLink(watchingCommit(db, noteCommit), { token, date: ahead(40 + n), timeSlot: 'afternoon', now: new Date() }),
          );
        })();
        const [, result] = await Promise.all([send([reminder]), changed]);
        expect(result.ok).toBe(true);
        // The sender's run is over: a reminder at the catcher either came before the change's COMMIT was sent, or late.
        const delivered = remindersTo(email).length;
        expect(delivered).toBeLessThanOrEqual(1);
        outcomes.push(
          delivered === 0 ? 'withdrawn' : deliveredAtCommit === 1 ? 'delivered before the commit' : 'DELIVERED AFTER THE COMMIT',
        );
      }
      // The mix of this run, for the record (which way each try goes depends on timing).
      const mix = Object.entries(Object.groupBy(outcomes, (outcome) => outcome)).map(([outcome, all]) => `${all!.length} ${outcome}`);
      console.info(`${database.name}, ${change}: ${mix.join(', ')}`);
      expect(outcomes).not.toContain('DELIVERED AFTER THE COMMIT');
    },
  );
});
