import { withDatabase, type DatabaseOptions } from '../db';
import { REQUEST_DEADLINE_MS } from '../deadline';
import { inTransaction, type Transaction } from '../transaction';
import { fileParts, isCalendarAttachment } from './attachments';
import { mailConfig, type MailConfig } from './config';
import { LOGO_CID, logoAttachment } from './logo';
import {
  CLAIM_LEASE_MS,
  claimMessages,
  lockCurrentClaim,
  recordDelivery,
  releaseClaims,
  type ClaimedMessage,
  type Delivery,
} from './outbox/queue';
import { createMailTransport, type MailTransport } from './transport';

/** What a run of sendDue did. */
export type SendReport = {
  sent: number;
  /** Failed this time, tried again later. */
  retried: number;
  /** Failed for good (last try, or the server refused a recipient). */
  failed: number;
  /** Not sent because its booking was cancelled or moved since it was written (lockCurrentClaim). */
  withdrawn: number;
  /** The run stopped early: the mail server could not be reached, or the time budget ran out. */
  stopped: 'unreachable' | 'deadline' | null;
};

/** Options of sendDue. */
export type SendDueOptions = {
  /** Only these messages (the ones a request just wrote); default: any due message. */
  ids?: readonly string[];
  /** Most messages to claim in this run. */
  limit: number;
  /** Stop trying messages at this time (ms since the epoch, real clock): the function's time budget. */
  deadline: number;
  transport: MailTransport;
  /** Default: mailConfig(). */
  config?: MailConfig;
  /** The clock that judges what is due and stamps the outcome (tests move it forward); default: the database's to claim, the real one to record. */
  now?: () => Date;
  /** Another database than the environment's (tests). */
  database?: DatabaseOptions;
};

// Codes of nodemailer errors that mean the server itself is out of reach (or refuses our login): the run stops,
// every other message stays untouched until the next run.
const UNREACHABLE_CODES = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ETLS', 'EAUTH', 'EPROXY']);

/** The error as stored in last_error: nodemailer's code and the SMTP status only, never a text that may hold addresses. */
function failedDelivery(error: unknown): Delivery {
  const { code, responseCode } = (typeof error === 'object' && error !== null ? error : {}) as {
    code?: unknown;
    responseCode?: unknown;
  };
  const name = typeof code === 'string' && /^[A-Z_]{2,30}$/.test(code) ? code : error instanceof Error ? error.name : 'Error';
  const status = typeof responseCode === 'number' && Number.isInteger(responseCode) ? responseCode : undefined;
  return {
    ok: false,
    summary: `${name.slice(0, 40)}${status ? ` ${status}` : ''}`,
    unreachable: typeof code === 'string' && UNREACHABLE_CODES.has(code),
    permanent: code === 'EENVELOPE' && status !== undefined && status >= 500,
  };
}

/** Sends one claimed message with its row's Message-ID and Date. Needs no database; never throws. */
async function deliver(transport: MailTransport, message: ClaimedMessage, config: MailConfig): Promise<Delivery> {
  // At most one calendar file per mail, sent as the invitation part; files ride along as attachments.
  const calendar = message.attachments.find(isCalendarAttachment);
  try {
    await transport.sendMail({
      from: config.from,
      to: message.to,
      cc: message.cc,
      replyTo: message.replyTo ?? undefined,
      subject: message.subject,
      text: message.text,
      html: message.html,
      messageId: message.messageId,
      date: message.createdAt,
      icalEvent: calendar ? { filename: calendar.filename, method: calendar.method, content: calendar.content } : undefined,
      // The header's logo rides along as an inline part (a row stays small; older rows without it get none).
      attachments: [...(message.html.includes(`cid:${LOGO_CID}`) ? [logoAttachment()] : []), ...fileParts(message.attachments)],
      // Content comes from our own rows only: never let a message read a file or fetch a URL.
      disableFileAccess: true,
      disableUrlAccess: true,
    });
    return { ok: true };
  } catch (error) {
    return failedDelivery(error);
  }
}

/** What sending one message came to: tried (with its delivery), or not tried because it was withdrawn or gone. */
type Outcome = { tried: Delivery } | { skipped: 'withdrawn' | 'gone' };

/**
 * Sends a claimed message about a booking's state inside `tx`, only if lockCurrentClaim finds the booking still
 * held at the message's sequence (the row stays locked while the mail server talks), and records the try there.
 */
async function sendIfCurrent(
  tx: Transaction,
  message: ClaimedMessage,
  options: { transport: MailTransport; config: MailConfig; clock: () => Date; report: SendReport },
): Promise<Outcome> {
  const check = await lockCurrentClaim(tx, message);
  if (check !== 'current') return { skipped: check };
  const delivery = await deliver(options.transport, message, options.config);
  options.report[await recordDelivery(tx, message, delivery, options.clock())]++;
  return { tried: delivery };
}

/**
 * The one outbox sender. Claims up to `limit` due messages (or exactly `ids`) in one short transaction, then sends
 * them, then records the outcomes and gives back the untried claims in one short transaction. Each message goes out
 * with its row's Message-ID, and is marked sent, put back with a growing wait (retryDelayMs) or marked failed after
 * MAX_ATTEMPTS tries. Stops at `deadline` or at the first sign that the mail server is unreachable. Concurrent runs
 * never send one message twice (SKIP LOCKED claims with a lease).
 *
 * Most messages are sent with no database connection held. A client's mail about a booking's state (one with a
 * bookingSequence: confirmation, move notice, reminder) is sent after the others, each in a transaction of its own
 * that first looks at the booking again and holds the row while the mail server talks (sendIfCurrent,
 * lockCurrentClaim): one whose booking was cancelled or moved is withdrawn, also when that happened after the claim.
 */
export async function sendDue(options: SendDueOptions): Promise<SendReport> {
  const config = options.config ?? mailConfig();
  const clock = options.now ?? (() => new Date());
  // Each step is one transaction: the embedded database's socket server (npm start) keeps a connection's statements
  // together only inside BEGIN … COMMIT, and these run beside other requests' writes.
  const claimed = await withDatabase(
    undefined,
    (db) => inTransaction(db, (tx) => claimMessages(tx, { now: options.now?.(), limit: options.limit, ids: options.ids })),
    options.database,
  );
  const report: SendReport = { sent: 0, retried: 0, failed: 0, withdrawn: 0, stopped: null };
  if (claimed.length === 0) return report;
  // Never try a message past half its lease: another run may take over a claim whose lease ran out, and must not
  // find one this run is still sending.
  const stopAt = Math.min(options.deadline, Date.now() + CLAIM_LEASE_MS / 2);
  const tried: Array<{ message: ClaimedMessage; delivery: Delivery }> = [];
  const handled = new Set<string>();
  /** Whether the run must stop before its next message; notes why. */
  const mustStop = () => {
    if (report.stopped === null && Date.now() >= stopAt) report.stopped = 'deadline';
    return report.stopped !== null;
  };
  const afterTry = (message: ClaimedMessage, delivery: Delivery) => {
    handled.add(message.id);
    if (!delivery.ok && delivery.unreachable) report.stopped = 'unreachable';
  };
  for (const message of claimed.filter((claim) => claim.bookingSequence === null)) {
    if (mustStop()) break;
    const delivery = await deliver(options.transport, message, config);
    tried.push({ message, delivery });
    afterTry(message, delivery);
  }
  const aboutBookings = claimed.filter((claim) => claim.bookingSequence !== null);
  // A failure here must not keep the messages already sent above from being recorded (they would go out again).
  let failure: { error: unknown } | undefined;
  if (aboutBookings.length > 0 && !mustStop()) {
    try {
      await withDatabase(
        undefined,
        async (db) => {
          for (const message of aboutBookings) {
            if (mustStop()) break;
            // Not given back even if this throws: it may have gone out, so only its lease frees it for another try.
            handled.add(message.id);
            const outcome = await inTransaction(db, (tx) =>
              sendIfCurrent(tx, message, { transport: options.transport, config, clock, report }),
            );
            if ('tried' in outcome) afterTry(message, outcome.tried);
            else if (outcome.skipped === 'withdrawn') report.withdrawn++;
          }
        },
        // One connection for the whole loop, so one deadline for it: the run's own (stopAt) plus a request's worth for
        // the last message's exchange and record. The default, a request's deadline from opening, could end it
        // between a message's send and its record, and that message would go out again after its lease.
        { deadline: { at: stopAt + REQUEST_DEADLINE_MS }, ...options.database },
      );
    } catch (error) {
      failure = { error };
    }
  }
  await withDatabase(
    undefined,
    (db) =>
      inTransaction(db, async (tx) => {
        for (const { message, delivery } of tried) report[await recordDelivery(tx, message, delivery, clock())]++;
        await releaseClaims(tx, claimed.filter((message) => !handled.has(message.id)).map((message) => message.id), clock());
      }),
    options.database,
  );
  if (failure) throw failure.error;
  return report;
}

/**
 * Runs `work` with a transport to the configured mail server and closes it afterwards. Without SMTP_URL it runs
 * nothing and answers undefined: the messages wait in the outbox.
 */
export async function withMailTransport<T>(
  config: MailConfig,
  work: (transport: MailTransport) => Promise<T>,
): Promise<T | undefined> {
  if (!config.smtpUrl) return undefined;
  const transport = createMailTransport(config.smtpUrl);
  try {
    return await work(transport);
  } finally {
    transport.close?.();
  }
}
