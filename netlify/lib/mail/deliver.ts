import { withDatabase, type BackgroundWork } from '../db';
import { inTransaction } from '../transaction';
import { logLine } from '../http/log';
import { mailConfig } from './config';
import { claimMessages, deliver, recordDelivery, releaseClaims, type Delivery, type OutboxRow, type SendReport } from './outbox';
import { createMailTransport, type MailTransport } from './transport';

/** Longest an endpoint spends sending its own messages after answering (Netlify stops a function at 10 s). */
export const IMMEDIATE_SEND_BUDGET_MS = 6_000;

function logOutcome(report: SendReport | undefined, failure?: unknown): void {
  // Counts and an error class only: never an address, a subject or a body.
  if (failure) logLine({ outbox: 'immediate', failure: failure instanceof Error ? failure.name : typeof failure });
  else if (report) logLine({ outbox: 'immediate', sent: report.sent, retried: report.retried, failed: report.failed, stopped: report.stopped ?? 'no' });
}

/**
 * Claims `ids`, sends them and records the outcome without holding a database connection while the mail server
 * talks: one short connection to claim, SMTP, one short connection to record. Stops at an unreachable server or at
 * `deadline`, and gives back the claims it did not try.
 */
async function sendClaimed(ids: readonly string[], transport: MailTransport, deadline: number): Promise<SendReport> {
  const config = mailConfig();
  // Each step is one transaction: the embedded database's socket server (npm start) keeps a connection's statements
  // together only inside BEGIN … COMMIT, and these run beside other requests' writes.
  const rows = await withDatabase(undefined, (db) => inTransaction(db, (tx) => claimMessages(tx, { limit: ids.length, ids })));
  const tried: Array<{ row: OutboxRow; delivery: Delivery }> = [];
  let stopped: SendReport['stopped'] = null;
  for (const row of rows) {
    if (Date.now() >= deadline) {
      stopped = 'deadline';
      break;
    }
    const delivery = await deliver(transport, row, config);
    tried.push({ row, delivery });
    if (!delivery.ok && delivery.unreachable) {
      stopped = 'unreachable';
      break;
    }
  }
  const report: SendReport = { sent: 0, retried: 0, failed: 0, stopped };
  await withDatabase(undefined, (db) =>
    inTransaction(db, async (tx) => {
      for (const { row, delivery } of tried) report[await recordDelivery(tx, row, delivery, new Date())]++;
      await releaseClaims(tx, rows.slice(tried.length).map((row) => row.id), new Date());
    }),
  );
  return report;
}

/**
 * Tries to send the messages `ids` that a request has just committed to the outbox, without holding up its answer:
 * in the background through `context.waitUntil` when the platform offers it, else awaited (short SMTP timeouts and
 * a 6 s budget bound it). Never throws: whatever the mail server does, the messages stay in the outbox and the
 * scheduled outbox-send run delivers what is left. Without SMTP_URL it does nothing.
 */
export async function deliverSoon(context: BackgroundWork | undefined, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  let work: Promise<void>;
  try {
    const config = mailConfig();
    if (!config.smtpUrl) return;
    const transport = createMailTransport(config.smtpUrl);
    work = sendClaimed(ids, transport, Date.now() + IMMEDIATE_SEND_BUDGET_MS)
      .then((report) => logOutcome(report))
      .catch((error: unknown) => logOutcome(undefined, error))
      .finally(() => transport.close?.());
  } catch (error) {
    logOutcome(undefined, error);
    return;
  }
  if (context?.waitUntil) context.waitUntil(work);
  else await work;
}
