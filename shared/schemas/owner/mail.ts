/** A message the outbox gave up on, as the desk lists it (GET /api/admin/mail). */
export type OwnerMailMessage = {
  id: string;
  /** What it was: inquiry_owner, inquiry_client, booking_owner, booking_client, cancellation_owner, ... */
  kind: string;
  /** Recipient addresses. */
  to: string[];
  subject: string;
  attempts: number;
  /** The mail server's code and status only (e.g. "EENVELOPE 550"), never its text. */
  lastError: string | null;
  createdAt: string;
  /** False for a message whose body was dropped (the client's confirmation, which held the cancel link): no retry. */
  resendable: boolean;
};

/** The outbox as the desk shows it: how many messages are in each state, and the failed ones. */
export type OwnerMailStatus = {
  counts: { pending: number; sending: number; sent: number; failed: number };
  failed: OwnerMailMessage[];
  /** Whether the functions have a mail server (SMTP_URL); false: nothing goes out, every message waits. */
  smtpConfigured: boolean;
};
