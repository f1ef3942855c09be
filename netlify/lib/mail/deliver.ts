import type { BackgroundWork } from '../db';
import { failureName, logErrorLine, logLine } from '../http/log';
import { mailConfig, missingSmtpUrl } from './config';
import { sendDue, withMailTransport, type SendReport } from './send';

/** Longest an endpoint spends sending its own messages after answering (Netlify stops a function at 10 s). */
export const IMMEDIATE_SEND_BUDGET_MS = 6_000;

function logOutcome(report: SendReport | undefined, failure?: unknown): void {
  // Counts and an error class only: never an address, a subject or a body.
  if (failure) logLine({ outbox: 'immediate', failure: failureName(failure) });
  else if (report) {
    const { sent, retried, failed, withdrawn } = report;
    logLine({ outbox: 'immediate', sent, retried, failed, withdrawn, stopped: report.stopped ?? 'no' });
  }
}

/**
 * Tries to send the messages `ids` that a request has just committed to the outbox (through sendDue), without
 * holding up its answer: in the background through `context.waitUntil` when the platform offers it, else awaited
 * (short SMTP timeouts and a 6 s budget bound it). Never throws: whatever the mail server does, the messages stay in
 * the outbox and the scheduled outbox-send run delivers what is left. Without SMTP_URL it sends nothing; in production
 * it says so in an error-level log line naming SMTP_URL.
 */
export async function deliverSoon(context: BackgroundWork | undefined, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  let work: Promise<void>;
  try {
    const config = mailConfig();
    if (!config.smtpUrl) {
      // Locally (no SMTP_URL, no npm start) the messages may wait quietly; in production nothing would ever go out.
      if (config.production) {
        logErrorLine({ outbox: 'immediate', waiting: ids.length, failure: failureName(missingSmtpUrl()) });
      }
      return;
    }
    const deadline = Date.now() + IMMEDIATE_SEND_BUDGET_MS;
    work = withMailTransport(config, (transport) => sendDue({ ids, limit: ids.length, deadline, transport, config }))
      .then((report) => logOutcome(report))
      .catch((error: unknown) => logOutcome(undefined, error));
  } catch (error) {
    logOutcome(undefined, error);
    return;
  }
  if (context?.waitUntil) context.waitUntil(work);
  else await work;
}
