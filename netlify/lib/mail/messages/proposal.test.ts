import { describe, expect, test } from 'vitest';
import emails from '@content/emails.json' with { type: 'json' };
import { cancelUrl } from '@shared/cancel-link';
import { BOOKING_STAGES } from '@shared/schemas/proposal';
import { isFileAttachment } from '../attachments';
import { mailConfig } from '../config';
import {
  VISITOR_MESSAGE_KINDS,
  proposalCountersignedMessages,
  proposalExpiredMessages,
  proposalSentMessage,
  proposalSignedMessages,
  type OutgoingMessage,
} from '../messages';
import { KINDS_WITH_SECRETS } from '../outbox/queue';
import { proposalMail } from '../../../../tests/fixtures';

const config = mailConfig({
  SITE_URL: 'https://lonestar.example',
  OWNER_EMAIL: 'Owner <owner@lonestar.example>',
  MAIL_FROM: 'Lone Star Mobile Bar <bookings@lonestar.example>',
});

const TOKEN = 'B'.repeat(43);
const PDF = new TextEncoder().encode('%PDF-1.4\n%%EOF\n');

const proposal = proposalMail();
const signed = proposalMail({}, 'signed');
const countersigned = proposalMail({}, 'countersigned');

function every(): OutgoingMessage[] {
  return [
    proposalSentMessage(proposal, TOKEN, config),
    proposalSentMessage({ ...proposal, tentative: false }, TOKEN, config),
    ...proposalSignedMessages(signed, PDF, config),
    ...proposalCountersignedMessages(countersigned, PDF, config),
    ...proposalExpiredMessages(proposal, config),
    ...proposalExpiredMessages({ ...proposal, tentative: false }, config),
  ];
}

describe('the sale’s mails', () => {
  test('fill every placeholder of their words', () => {
    for (const message of every()) {
      for (const part of [message.subject, message.text, message.html]) expect(part, message.kind).not.toMatch(/\{[A-Za-z]+\}/);
    }
  });

  test('name the stages as the page does: held, proposal sent, signed, confirmed', () => {
    expect(BOOKING_STAGES.map((stage) => emails.proposal.stage[stage])).toEqual(['Date held', 'Proposal sent', 'Signed', 'Confirmed']);
    const [sent, , signedClient, , confirmedClient] = every();
    expect(sent!.text).toContain('Stage: Proposal sent');
    expect(signedClient!.text).toContain('Stage: Signed');
    expect(confirmedClient!.text).toContain('Stage: Confirmed');
  });

  test('the proposal goes to the client with its figures, the tentative hold, and the event page’s link', () => {
    const sent = proposalSentMessage(proposal, TOKEN, config);
    expect(sent).toMatchObject({ kind: 'proposal_client', to: [{ name: 'Dolly', address: 'dolly@example.com' }], bookingId: proposal.bookingId });
    expect(sent.subject).toBe('Your proposal from Lone Star Mobile Bar');
    expect(sent.text).toContain('We hold Saturday, July 10, 2027 for you until Saturday, December 12, 2026.');
    expect(sent.text).toContain('Retainer: $2,880.00 (due Saturday, December 5, 2026)');
    expect(sent.text).toContain('Total: $5,760.00');
    expect(sent.text).toContain(cancelUrl('https://lonestar.example', TOKEN));
    // The client's mail holds nothing else they typed: no place, no last name.
    expect(sent.text).not.toContain('Rivera');
    expect(proposalSentMessage({ ...proposal, tentative: false }, TOKEN, config).text).not.toContain('We hold');
    expect(KINDS_WITH_SECRETS).toContain('proposal_client');
  });

  test('signed and countersigned mails carry the PDF; the client’s kinds are the visitor’s', () => {
    const pairs = [proposalSignedMessages(signed, PDF, config), proposalCountersignedMessages(countersigned, PDF, config)];
    for (const [client, owner] of pairs) {
      for (const message of [client, owner]) {
        expect(message.attachments).toEqual([
          { filename: 'contract-2027-07-10.pdf', contentType: 'application/pdf', contentBase64: Buffer.from(PDF).toString('base64') },
        ]);
        expect(message.attachments.every(isFileAttachment)).toBe(true);
      }
      expect(client.to).toEqual([{ name: 'Dolly', address: 'dolly@example.com' }]);
      expect(owner.to).toEqual([config.owner]);
      expect(owner.replyTo).toEqual({ name: 'Dolly Rivera', address: 'dolly@example.com' });
      expect(owner.text).toContain('Rivera Ranch');
      expect(VISITOR_MESSAGE_KINDS).toContain(client.kind);
      expect(VISITOR_MESSAGE_KINDS).not.toContain(owner.kind);
    }
    const [confirmed] = pairs[1]!;
    expect(confirmed.subject).toMatch(/^Confirmed: /);
    expect(confirmed.text).toContain('Countersigned by: Lone Star Mobile Bar');
    expect(pairs[1]![1].text).toContain('Countersigned by: owner');
  });

  test('a signature that holds a link is left out of the client’s mail, shown to the owner', () => {
    const [client, owner] = proposalSignedMessages({ ...signed, signatureName: 'Visit https://spam.example' }, PDF, config);
    expect(client.text).not.toContain('spam.example');
    expect(client.text).toMatch(/Signed by: Dec 4, 2026, 2:15\sPM Central Time/);
    expect(owner.text).toContain('Visit https://spam.example');
  });

  test('an expired tentative proposal says the date was released; an expired one on a booking that it stays held', () => {
    const [client, owner] = proposalExpiredMessages(proposal, config);
    expect(client.text).toContain('We no longer hold Saturday, July 10, 2027 for you');
    expect(owner.text).toContain('was released');
    expect(client.text).not.toContain('Stage:');
    const [keptClient, keptOwner] = proposalExpiredMessages({ ...proposal, tentative: false }, config);
    expect(keptClient.text).toContain('Stage: Date held');
    expect(keptOwner.text).toContain(emails.proposal.expiredOwner.kept);
  });
});
