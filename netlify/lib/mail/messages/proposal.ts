import copy from '@content/emails.json' with { type: 'json' };
import { cancelUrl } from '@shared/cancel-link';
import { DESK_PATH } from '@shared/desk-link';
import type { BookingStage } from '@shared/schemas/proposal';
import { pdfAttachment } from '../attachments';
import type { MailConfig } from '../config';
import { fill, type Block } from '../render';
import { closing, mailbox, message, type MessageKind, type OutgoingMessage, type Values } from './message';
import {
  clientProposalValues,
  contractFilename,
  ownerProposalValues,
  proposalDetails,
  proposalFigures,
  type ProposalMail,
} from './proposal-values';

export type { ProposalMail } from './proposal-values';

const words = copy.proposal;

const paragraphs = (texts: readonly string[], values: Values): Block[] =>
  texts.map((text): Block => ({ kind: 'paragraph', text: fill(text, values) }));

/** The client's mailbox, named by their first name only (the no-relay rule of client mails). */
const clientBox = (mail: ProposalMail, own: Values) => mailbox(own.firstName!, mail.clientEmail);

/** The owner's envelope: to the owner, Reply-To the client. */
const ownerEnvelope = (mail: ProposalMail, config: MailConfig) => ({
  to: [config.owner],
  replyTo: mailbox(mail.clientName, mail.clientEmail),
  bookingId: mail.bookingId,
});

/**
 * The client's mail of a new proposal: what it holds (the event, the payment schedule and total, the last day to sign;
 * for a tentative one, that the date is held until then) and how to sign it, with the link to their event page for
 * `token` (the change-or-cancel link's format and token). It goes to an address anyone can type: our copy, closed-set
 * values, figures and the first name only.
 */
export function proposalSentMessage(mail: ProposalMail, token: string, config: MailConfig): OutgoingMessage {
  const own = clientProposalValues(mail, config);
  const say = words.client;
  return message('proposal_client', { to: [clientBox(mail, own)], bookingId: mail.bookingId }, fill(say.subject, own), [
    { kind: 'heading', text: fill(say.heading, own) },
    ...paragraphs(say.paragraphs, own),
    { kind: 'paragraph', text: fill(mail.tentative ? say.tentative : say.open, own) },
    proposalDetails(fill(say.detailsHeading, own), mail, own, { forOwner: false, stage: 'proposal_sent', validUntil: true }),
    proposalFigures(fill(say.figuresHeading, own), mail),
    {
      kind: 'links',
      heading: fill(say.signHeading, own),
      text: fill(say.signText, own),
      links: [{ label: fill(say.signLabel, own), url: cancelUrl(config.siteUrl, token) }],
    },
    ...closing(own),
  ]);
}

type ContractWords = { client: typeof words.signedClient; owner: typeof words.signedOwner | typeof words.countersignedOwner };

/**
 * The client's and the owner's mail of a contract that reached `stage` (signed: the client signed; confirmed: both
 * did), each with the contract's PDF attached as contract-<date>.pdf.
 */
function contractMessages(
  kinds: readonly [client: MessageKind, owner: MessageKind],
  say: ContractWords,
  stage: BookingStage,
  mail: ProposalMail,
  pdf: Uint8Array,
  config: MailConfig,
): [OutgoingMessage, OutgoingMessage] {
  const own = clientProposalValues(mail, config);
  const values = ownerProposalValues(mail, config);
  const file = pdfAttachment(contractFilename(mail), pdf);
  const desk = 'deskLabel' in say.owner ? say.owner.deskLabel : null;
  return [
    message(
      kinds[0],
      { to: [clientBox(mail, own)], bookingId: mail.bookingId },
      fill(say.client.subject, own),
      [
        { kind: 'heading', text: fill(say.client.heading, own) },
        ...paragraphs(say.client.paragraphs, own),
        proposalDetails(fill(say.client.detailsHeading, own), mail, own, { forOwner: false, stage }),
        proposalFigures(fill(say.client.figuresHeading, own), mail),
        ...closing(own),
      ],
      [file],
    ),
    message(
      kinds[1],
      ownerEnvelope(mail, config),
      fill(say.owner.subject, values),
      [
        { kind: 'heading', text: fill(say.owner.heading, values) },
        ...paragraphs(say.owner.paragraphs, values),
        proposalDetails(fill(say.owner.detailsHeading, values), mail, values, { forOwner: true, stage }),
        proposalFigures(fill(say.owner.figuresHeading, values), mail),
        ...(desk ? [{ kind: 'links', links: [{ label: fill(desk, values), url: `${config.siteUrl}${DESK_PATH}#bookings` }] } as const] : []),
        { kind: 'footer', text: fill(copy.common.footer, values) },
      ],
      [file],
    ),
  ];
}

/** The client's thanks and the owner's notice (with a link to countersign) of a signed contract, the PDF attached. */
export function proposalSignedMessages(mail: ProposalMail, pdf: Uint8Array, config: MailConfig): [OutgoingMessage, OutgoingMessage] {
  const say = { client: words.signedClient, owner: words.signedOwner };
  return contractMessages(['proposal_signed_client', 'proposal_signed_owner'], say, 'signed', mail, pdf, config);
}

/** The client's and the owner's "Confirmed" of a countersigned contract, the PDF signed by both attached. */
export function proposalCountersignedMessages(
  mail: ProposalMail,
  pdf: Uint8Array,
  config: MailConfig,
): [OutgoingMessage, OutgoingMessage] {
  const say = { client: words.countersignedClient, owner: words.countersignedOwner };
  return contractMessages(['proposal_countersigned_client', 'proposal_countersigned_owner'], say, 'confirmed', mail, pdf, config);
}

/**
 * The client's and the owner's notice that the proposal expired unsigned; for a tentative one, that the date was
 * released (the booking is gone, so no stage is shown), else that the booking stays held.
 */
export function proposalExpiredMessages(mail: ProposalMail, config: MailConfig): [OutgoingMessage, OutgoingMessage] {
  const own = clientProposalValues(mail, config);
  const values = ownerProposalValues(mail, config);
  const toClient = words.expiredClient;
  const toOwner = words.expiredOwner;
  const stage = mail.tentative ? null : 'held';
  return [
    message('proposal_expired_client', { to: [clientBox(mail, own)], bookingId: mail.bookingId }, fill(toClient.subject, own), [
      { kind: 'heading', text: fill(toClient.heading, own) },
      ...paragraphs(toClient.paragraphs, own),
      ...(mail.tentative ? paragraphs([toClient.released], own) : []),
      proposalDetails(fill(toClient.detailsHeading, own), mail, own, { forOwner: false, stage, validUntil: true }),
      ...closing(own),
    ]),
    message('proposal_expired_owner', ownerEnvelope(mail, config), fill(toOwner.subject, values), [
      { kind: 'heading', text: fill(toOwner.heading, values) },
      ...paragraphs(toOwner.paragraphs, values),
      ...paragraphs([mail.tentative ? toOwner.released : toOwner.kept], values),
      proposalDetails(fill(toOwner.detailsHeading, values), mail, values, { forOwner: true, stage, validUntil: true }),
      { kind: 'footer', text: fill(copy.common.footer, values) },
    ]),
  ];
}
