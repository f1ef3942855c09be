import copy from '@content/emails.json' with { type: 'json' };
import { deskInquiryUrl } from '@shared/desk-link';
import { INQUIRY_FIELD_COPY, inquiryFieldText } from '@shared/inquiry-fields';
import { INQUIRY_FIELDS, type InquiryField, type PricedInquiry } from '@shared/schemas/inquiry';
import type { MailConfig } from '../config';
import { fill, type Block } from '../render';
import { estimateBlocks } from './estimate';
import { businessValues, closing, greetingName, mailbox, message, type OutgoingMessage, type Values } from './message';

/** A stored inquiry, with the estimate the server priced for it if any, as the mails need it. */
export type InquiryMail = Omit<PricedInquiry, 'website'> & { id: string };

/**
 * The owner's notification (every field, as text) and the client's acknowledgement of an inquiry. The
 * acknowledgement goes to an address anyone can type, so it carries our own copy and only the fields marked
 * `toVisitor` (the first name and closed-set values), and its To: names the first name alone. When the mailbox cap
 * holds the acknowledgement back (`acknowledgementHeld`), the owner's notification says the client got none. Both
 * carry the server's estimate when the inquiry has one (its lines, totals, deposit and balance: estimate.ts); the
 * owner's also names the venue's ZIP code and the bartenders it was priced for.
 */
export function inquiryMessages(
  inquiry: InquiryMail,
  config: MailConfig,
  options: { acknowledgementHeld?: boolean } = {},
): [OutgoingMessage, OutgoingMessage] {
  const values: Values = { ...businessValues(config) };
  const clientValues: Values = { ...businessValues(config) };
  for (const field of INQUIRY_FIELDS) {
    // An optional field left empty reads as "(no message)" for the message and as nothing otherwise.
    values[field.key] = inquiryFieldText(inquiry, field) ?? (field.kind === 'message' ? copy.common.noMessage : '');
    if (field.toVisitor) clientValues[field.key] = values[field.key]!;
  }
  clientValues.firstName = greetingName(inquiry.firstName);
  const rows = (heading: string, fields: readonly InquiryField[], from: Values): Block => ({
    kind: 'details',
    heading,
    rows: fields.map((field) => [INQUIRY_FIELD_COPY.labels[field.key], from[field.key]!] as const),
  });
  const owner = copy.inquiryOwner;
  const ack = copy.inquiryClient;
  return [
    message(
      'inquiry_owner',
      { to: [config.owner], replyTo: mailbox(`${inquiry.firstName} ${inquiry.lastName}`, inquiry.email), inquiryId: inquiry.id },
      fill(owner.subject, values),
      [
        { kind: 'heading', text: fill(owner.heading, values) },
        ...owner.paragraphs.map((text): Block => ({ kind: 'paragraph', text: fill(text, values) })),
        ...(options.acknowledgementHeld ? [{ kind: 'paragraph', text: fill(owner.acknowledgementHeld, values) } as const] : []),
        rows(fill(owner.detailsHeading, values), INQUIRY_FIELDS, values),
        ...estimateBlocks(
          inquiry.estimate,
          fill(owner.estimateHeading, values),
          fill(owner.estimateNote, {
            ...values,
            zip: inquiry.estimate?.request.zip ?? '',
            bartenders: String(inquiry.estimate?.estimate.bartenders ?? ''),
          }),
        ),
        // The desk link goes in the owner's mail only: the client's holds nothing of the desk.
        { kind: 'links', links: [{ label: fill(owner.deskLabel, values), url: deskInquiryUrl(config.siteUrl, inquiry.id) }] },
        { kind: 'footer', text: fill(copy.common.footer, values) },
      ],
    ),
    message(
      'inquiry_client',
      { to: [mailbox(clientValues.firstName, inquiry.email)], inquiryId: inquiry.id },
      fill(ack.subject, clientValues),
      [
        { kind: 'heading', text: fill(ack.heading, clientValues) },
        ...ack.paragraphs.map((text): Block => ({ kind: 'paragraph', text: fill(text, clientValues) })),
        rows(fill(ack.detailsHeading, clientValues), INQUIRY_FIELDS.filter((field) => field.toVisitor), clientValues),
        ...estimateBlocks(inquiry.estimate, fill(ack.estimateHeading, clientValues), fill(ack.estimateNote, clientValues)),
        ...closing(clientValues),
      ],
    ),
  ];
}
