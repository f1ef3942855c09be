import copy from '@content/emails.json' with { type: 'json' };
import settings from '@content/settings.json' with { type: 'json' };
import { MAX_FIRST_NAME_LENGTH, hasLinkLikeText } from '@shared/schemas/fields';
import type { MailAttachment } from '../attachments';
import type { MailAddress, MailConfig } from '../config';
import { fill, oneLine, renderBody, type Block } from '../render';

/** Which message of which event an outbox row holds. */
export type MessageKind =
  | 'inquiry_owner'
  | 'inquiry_client'
  | 'booking_owner'
  | 'booking_client'
  | 'cancellation_owner'
  | 'cancellation_client'
  | 'reschedule_owner'
  | 'reschedule_client'
  | 'reminder_client'
  | 'proposal_client'
  | 'proposal_signed_client'
  | 'proposal_signed_owner'
  | 'proposal_countersigned_client'
  | 'proposal_countersigned_owner'
  | 'proposal_expired_client'
  | 'proposal_expired_owner'
  | 'event_link_client'
  | 'payment_receipt_client'
  | 'balance_reminder_client'

  | 'details_reminder_client';

/** The messages that go to the address a visitor typed (the others go to the owner). */
export const VISITOR_MESSAGE_KINDS: readonly MessageKind[] = [
  'inquiry_client',
  'booking_client',
  'cancellation_client',
  'reschedule_client',
  'proposal_client',
  'proposal_signed_client',
  'proposal_countersigned_client',
  'proposal_expired_client',
  'event_link_client',
  'payment_receipt_client',
  'balance_reminder_client',
  'details_reminder_client',
];

/** A message ready for the outbox. */
export type OutgoingMessage = {
  kind: MessageKind;
  to: MailAddress[];
  cc: MailAddress[];
  replyTo?: MailAddress;
  subject: string;
  text: string;
  html: string;
  attachments: MailAttachment[];
  inquiryId?: string;
  bookingId?: string;
  /**
   * The booking's sequence this message states (a client's confirmation, move notice or reminder: where and when the
   * booking is, with its change-or-cancel link). The sender sends it only while the booking is still held at that
   * sequence; messages without one (the owner's, a cancellation, an inquiry's) are sent whatever the booking does.
   */
  bookingSequence?: number;
};

/** The placeholder values a message's templates are filled with. */
export type Values = Record<string, string>;

/** The business's own values every message may use: its name, phone, e-mail, site and time zone's name. */
export function businessValues(config: MailConfig): Values {
  return {
    brandName: settings.site.brandName,
    businessPhone: settings.site.phone,
    businessEmail: settings.site.email,
    siteUrl: config.siteUrl,
    timeZoneName: copy.common.timeZoneName,
  };
}

/** The signature and footer that close a client's mail. */
export function closing(values: Values): Block[] {
  return [
    { kind: 'signature', lines: copy.common.signature.map((line) => fill(line, values)) },
    { kind: 'footer', text: fill(copy.common.footer, values) },
  ];
}

/** A message of `kind` to `envelope`, its subject on one line and its body rendered from `blocks`. */
export function message(
  kind: MessageKind,
  envelope: { to: MailAddress[]; replyTo?: MailAddress; inquiryId?: string; bookingId?: string; bookingSequence?: number },
  subject: string,
  blocks: Block[],
  attachments: MailAttachment[] = [],
): OutgoingMessage {
  const title = oneLine(subject);
  return { kind, cc: [], ...envelope, subject: title, ...renderBody(title, blocks), attachments };
}

/** A mailbox whose display name is flattened to one readable line. */
export function mailbox(name: string, address: string): MailAddress {
  // The display name travels as its own field of an address object; flattening it also keeps the name readable.
  return { name: oneLine(name, 100), address };
}

/**
 * The name a client mail greets the client by: the name they gave (its first word when `firstWordOnly`), at most
 * MAX_FIRST_NAME_LENGTH characters. The schemas refuse names holding a link or an address; one stored before they
 * did is replaced by emails.json's common.nameless.
 */
export function greetingName(name: string, firstWordOnly = false): string {
  const flat = oneLine(name, Infinity);
  const chosen = firstWordOnly ? (flat.split(' ')[0] ?? '') : flat;
  return chosen === '' || hasLinkLikeText(chosen) ? copy.common.nameless : oneLine(chosen, MAX_FIRST_NAME_LENGTH);
}
