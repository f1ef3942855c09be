import type { Queryable } from '../../db';
import { mailConfig, type MailConfig } from '../config';
import {
  proposalCountersignedMessages,
  proposalExpiredMessages,
  proposalSentMessage,
  proposalSignedMessages,
  type ProposalMail,
} from '../messages';
import { enqueueMessages } from './write';

// The sale's mails. None is held back by the mailbox cap: each is caused by the owner, by the holder of the event
// page's link or by the scheduled run, never by an anonymous request. Each writes in the caller's transaction and
// returns the ids of the messages to send.

/**
 * Writes the client's mail of a new proposal, with the link to their event page for `token` (a fresh token of the
 * booking's change-or-cancel links), in the transaction that made the proposal.
 */
export function enqueueProposalSentMail(
  db: Queryable,
  mail: ProposalMail,
  token: string,
  config: MailConfig = mailConfig(),
): Promise<string[]> {
  return enqueueMessages(db, [proposalSentMessage(mail, token, config)], config);
}

/** Writes the client's and the owner's mail of a signed contract, each with the signed PDF attached. */
export function enqueueProposalSignedMails(
  db: Queryable,
  mail: ProposalMail,
  pdf: Uint8Array,
  config: MailConfig = mailConfig(),
): Promise<string[]> {
  return enqueueMessages(db, proposalSignedMessages(mail, pdf, config), config);
}

/** Writes the client's and the owner's "Confirmed" of a countersigned contract, each with the PDF attached. */
export function enqueueProposalCountersignedMails(
  db: Queryable,
  mail: ProposalMail,
  pdf: Uint8Array,
  config: MailConfig = mailConfig(),
): Promise<string[]> {
  return enqueueMessages(db, proposalCountersignedMessages(mail, pdf, config), config);
}

/** Writes the client's and the owner's notice of a proposal that expired unsigned (and of its released hold). */
export function enqueueProposalExpiredMails(db: Queryable, mail: ProposalMail, config: MailConfig = mailConfig()): Promise<string[]> {
  return enqueueMessages(db, proposalExpiredMessages(mail, config), config);
}
