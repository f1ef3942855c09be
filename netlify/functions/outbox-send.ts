import type { Config } from '@netlify/functions';
import { withDatabase, type BackgroundWork } from '../lib/db';
import { logLine, type LogEntry } from '../lib/http/log';
import { mailConfig } from '../lib/mail/config';
import { purgeOldMail, sendPending } from '../lib/mail/outbox';
import { createMailTransport } from '../lib/mail/transport';

/** How long one run may spend sending: Netlify stops a scheduled function after 30 s. */
export const RUN_BUDGET_MS = 20_000;
/** Most messages one run sends. */
export const RUN_LIMIT = 100;

function log(entry: LogEntry): void {
  // Counts and error classes only: never an address, a subject or a body.
  logLine({ endpoint: 'outbox-send', ...entry });
}

/**
 * Every 5 minutes: sends the outbox's due messages (pending ones whose wait is over, and claims abandoned by a
 * sender that died), then deletes sent messages past their retention and spent cancel tokens.
 */
export default async function outboxSend(_req: Request, context?: BackgroundWork): Promise<Response> {
  const started = performance.now();
  try {
    const config = mailConfig();
    const result = await withDatabase(context, async (db) => {
      const purged = await purgeOldMail(db);
      if (!config.smtpUrl) return { purged, report: undefined };
      const transport = createMailTransport(config.smtpUrl);
      try {
        const report = await sendPending(db, transport, {
          limit: RUN_LIMIT,
          deadline: Date.now() + RUN_BUDGET_MS,
          config,
        });
        return { purged, report };
      } finally {
        transport.close?.();
      }
    });
    const report = result.report;
    log({
      ...(report
        ? { sent: report.sent, retried: report.retried, failed: report.failed, stopped: report.stopped ?? 'no' }
        : { skipped: 'SMTP_URL is not set' }),
      purgedMessages: result.purged.messages,
      purgedTokens: result.purged.tokens,
      ms: Math.round(performance.now() - started),
    });
    return new Response(null, { status: 204 });
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    log({
      failure: `${error instanceof Error ? error.name : typeof error}${typeof code === 'string' ? ` ${code}` : ''}`,
      ms: Math.round(performance.now() - started),
    });
    return new Response(null, { status: 500 });
  }
}

export const config: Config = {
  schedule: '*/5 * * * *',
};
