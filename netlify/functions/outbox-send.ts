import type { Config } from '@netlify/functions';
import { queueDueReminders } from '../lib/bookings/reminders';
import { withDatabase } from '../lib/db';
import { queueBalanceReminders } from '../lib/jobs/balance-reminders';
import { queueDetailsReminders } from '../lib/jobs/details-reminders';
import { expireDueProposals } from '../lib/jobs/proposal-expiry';
import { scheduled, type RunCounts } from '../lib/http/scheduled';
import { mailConfig, missingSmtpUrl } from '../lib/mail/config';
import { sendDue, withMailTransport } from '../lib/mail/send';

/** How long one run may spend sending: Netlify stops a scheduled function after 30 s. */
export const RUN_BUDGET_MS = 20_000;
/** How much of RUN_BUDGET_MS queueing reminders may take before sending starts; the rest wait for the next run. */
export const REMINDER_BUDGET_MS = 5_000;
/** Most messages one run sends. */
export const RUN_LIMIT = 100;

/**
 * Every 5 minutes: first expires the proposals whose time is up (expireDueProposals: a tentative hold released, both
 * sides told), then queues the client reminders that are due (queueDueReminders), the balance reminders
 * (queueBalanceReminders: a signed contract's balance still owed, from 9:00 Texas time some days before its due date)
 * and the final details' (queueDetailsReminders: a signed booking's details still empty as their due day nears), all
 * needing only the database, then sends the outbox's due messages (pending ones whose wait is over,
 * reminders just queued included, and claims abandoned by a sender that died). Without SMTP_URL it still queues reminders, sends nothing and says so in its log
 * line (remindersQueued and smtpConfigured: false); in production the run fails instead, its log line naming
 * SMTP_URL. A failure to queue does not keep the due mail from going out: the run sends, then fails with the
 * queueing's error.
 */
export default scheduled('outbox-send', async (): Promise<RunCounts> => {
  const started = Date.now();
  const config = mailConfig();
  let reminders: { queued: number; deferred: number } | undefined;
  let expiry: { expired: number; deferred: number } | undefined;
  let balances: { queued: number; deferred: number } | undefined;
  let details: { queued: number; deferred: number } | undefined;
  let queueFailure: unknown;
  try {
    // Proposals first: an expired one's mails go out in this run's sending, like the reminders'.
    expiry = await withDatabase(undefined, (db) => expireDueProposals(db, new Date(), { deadline: started + REMINDER_BUDGET_MS }));
    reminders = await withDatabase(undefined, (db) =>
      queueDueReminders(db, new Date(), { mail: config, deadline: started + REMINDER_BUDGET_MS }),
    );
    balances = await withDatabase(undefined, (db) =>
      queueBalanceReminders(db, new Date(), { mail: config, deadline: started + REMINDER_BUDGET_MS }),
    );
    details = await withDatabase(undefined, (db) =>
      queueDetailsReminders(db, new Date(), { mail: config, deadline: started + REMINDER_BUDGET_MS }),
    );
  } catch (error) {
    queueFailure = error;
  }
  const report = await withMailTransport(config, (transport) =>
    sendDue({ limit: RUN_LIMIT, deadline: started + RUN_BUDGET_MS, transport, config }),
  );
  if (queueFailure !== undefined) throw queueFailure;
  // In production a missing SMTP_URL fails the run (its log line names the variable) instead of reporting quietly.
  if (!report && config.production) throw missingSmtpUrl();
  const queued = {
    proposalsExpired: expiry!.expired,
    proposalsDeferred: expiry!.deferred,
    remindersQueued: reminders!.queued,
    remindersDeferred: reminders!.deferred,
    balanceRemindersQueued: balances!.queued,
    balanceRemindersDeferred: balances!.deferred,
    detailsRemindersQueued: details!.queued,
    detailsRemindersDeferred: details!.deferred,
  };
  if (!report) return { ...queued, smtpConfigured: false };
  return {
    ...queued,
    sent: report.sent,
    retried: report.retried,
    failed: report.failed,
    withdrawn: report.withdrawn,
    unreachable: report.stopped === 'unreachable',
    outOfTime: report.stopped === 'deadline',
  };
});

export const config: Config = {
  schedule: '*/5 * * * *',
};
