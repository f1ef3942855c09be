import type { Config } from '@netlify/functions';
import { scheduled, type RunCounts } from '../lib/http/scheduled';
import { mailConfig } from '../lib/mail/config';
import { sendDue, withMailTransport } from '../lib/mail/send';

/** How long one run may spend sending: Netlify stops a scheduled function after 30 s. */
export const RUN_BUDGET_MS = 20_000;
/** Most messages one run sends. */
export const RUN_LIMIT = 100;

/**
 * Every 5 minutes: sends the outbox's due messages (pending ones whose wait is over, and claims abandoned by a
 * sender that died). Without SMTP_URL it sends nothing and says so in its log line.
 */
export default scheduled('outbox-send', async (): Promise<RunCounts> => {
  const config = mailConfig();
  const deadline = Date.now() + RUN_BUDGET_MS;
  const report = await withMailTransport(config, (transport) =>
    sendDue({ limit: RUN_LIMIT, deadline, transport, config }),
  );
  if (!report) return { smtpConfigured: false };
  return {
    sent: report.sent,
    retried: report.retried,
    failed: report.failed,
    unreachable: report.stopped === 'unreachable',
    outOfTime: report.stopped === 'deadline',
  };
});

export const config: Config = {
  schedule: '*/5 * * * *',
};
