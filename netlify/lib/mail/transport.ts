import nodemailer, { type SendMailOptions } from 'nodemailer';

/** The one thing the outbox needs from nodemailer: send one message, resolve once the server accepted it. */
export type MailTransport = { sendMail(message: SendMailOptions): Promise<unknown>; close?(): void };

// Short limits keep a sender within its function's time budget when the mail server is slow or unreachable; the
// outbox simply tries again later. SMTP_URL query parameters (?connectionTimeout=…) override them.
/** Longest wait for the TCP (and TLS) connection to the mail server, in ms. */
export const SMTP_CONNECTION_TIMEOUT_MS = 3_000;
/** Longest wait for the server's greeting once connected, in ms. */
export const SMTP_GREETING_TIMEOUT_MS = 3_000;
/** Longest silence in the middle of a conversation, in ms. */
export const SMTP_SOCKET_TIMEOUT_MS = 10_000;

/** An SMTP transport for `smtpUrl` (smtp:// or smtps://, with credentials in the URL) with short timeouts. */
export function createMailTransport(smtpUrl: string): MailTransport {
  return nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: SMTP_CONNECTION_TIMEOUT_MS,
    greetingTimeout: SMTP_GREETING_TIMEOUT_MS,
    socketTimeout: SMTP_SOCKET_TIMEOUT_MS,
    dnsTimeout: SMTP_CONNECTION_TIMEOUT_MS,
  });
}
