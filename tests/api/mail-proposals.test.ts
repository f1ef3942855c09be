import { describe, expect, test } from 'vitest';
import { cancelUrl } from '@shared/cancel-link';
import { withDatabase, type Queryable } from '../../netlify/lib/db';
import { LOGO_CID } from '../../netlify/lib/mail/logo';
import {
  enqueueProposalCountersignedMails,
  enqueueProposalExpiredMails,
  enqueueProposalSentMail,
  enqueueProposalSignedMails,
} from '../../netlify/lib/mail/outbox/proposal';
import { sendDue } from '../../netlify/lib/mail/send';
import { createMailTransport } from '../../netlify/lib/mail/transport';
import { inTransaction } from '../../netlify/lib/transaction';
import type { TestDatabase } from '../setup/database';
import { expectNoMoreMail, useTestSmtpServer, type ReceivedMail } from './mail-support';
import { oneEngine, query, useDatabase } from './support';
import { proposalMail } from '../fixtures';

const OWNER = 'owner@lonestar.example';
const CLIENT = 'dolly@example.com';
const TOKEN = 'C'.repeat(43);

// A small valid PDF, written by hand (the real contract's renderer is elsewhere): the bytes must arrive unchanged.
const PDF = new TextEncoder().encode(
  [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >> endobj',
    'trailer << /Root 1 0 R >>',
    '%%EOF',
    '',
  ].join('\n'),
);

const ids = { bookingId: crypto.randomUUID(), proposalId: crypto.randomUUID(), clientEmail: CLIENT, eventLocation: 'Rivera Ranch', documentSha256: 'b'.repeat(64) };
const proposal = proposalMail(ids);
const signed = proposalMail(ids, 'signed');
const countersigned = proposalMail(ids, 'countersigned');

describe.each(oneEngine)('the sale’s mails on the wire on $name', (database: TestDatabase) => {
  useDatabase(database);
  const smtp = useTestSmtpServer(database, { ownerEmail: `Lone Star Owner <${OWNER}>`, mailFrom: 'Lone Star Mobile Bar <bookings@lonestar.example>' });
  const options = { config: { url: database.url, wsProxy: database.wsProxy } };

  /** Writes the mails in one transaction, sends exactly them, and answers what the SMTP server received. */
  async function deliver(write: (db: Queryable) => Promise<string[]>, count: number): Promise<ReceivedMail[]> {
    const ids = await withDatabase(undefined, (db) => inTransaction(db, write), options);
    expect(ids).toHaveLength(count);
    const report = await sendDue({ ids, limit: 10, deadline: Date.now() + 20_000, transport: createMailTransport(smtp.url), database: options });
    expect(report).toMatchObject({ sent: count, failed: 0, retried: 0 });
    await smtp.waitFor(count);
    return expectNoMoreMail(database, smtp, count);
  }

  const to = (mails: ReceivedMail[], address: string) => mails.find((mail) => mail.envelope.to.includes(address))!;

  /** The one PDF a mail carries, beside the inline logo and no calendar part. */
  function expectContract(mail: ReceivedMail) {
    const files = mail.parsed.attachments.filter((file) => file.contentType !== 'image/png');
    expect(files.map((file) => [file.filename, file.contentType, file.contentDisposition])).toEqual([
      ['contract-2027-07-10.pdf', 'application/pdf', 'attachment'],
    ]);
    expect(Buffer.compare(files[0]!.content, Buffer.from(PDF))).toBe(0);
    expect(mail.parsed.attachments.filter((file) => file.contentType === 'image/png')).toMatchObject([{ cid: LOGO_CID }]);
    expect(mail.raw).not.toMatch(/text\/calendar/i);
  }

  test('the proposal reaches the client with the event page’s link, the schedule and the tentative hold', async () => {
    const [mail] = await deliver((db) => enqueueProposalSentMail(db, proposal, TOKEN), 1);
    expect(mail!.envelope.to).toEqual([CLIENT]);
    expect(mail!.parsed.subject).toBe('Your proposal from Lone Star Mobile Bar');
    const link = cancelUrl('https://lonestar.example', TOKEN);
    expect(mail!.parsed.text).toContain(link);
    expect(mail!.parsed.html).toContain(`href="${link}"`);
    expect(mail!.parsed.text).toContain('We hold Saturday, July 10, 2027 for you until Saturday, December 12, 2026.');
    expect(mail!.parsed.text).toContain('Total: $5,760.00');
    expect(mail!.parsed.attachments.map((file) => file.contentType)).toEqual(['image/png']);
    // The row holds the link's token: once sent, its body is gone.
    const rows = await query<{ kind: string; status: string; text_body: string }>(database, 'SELECT kind, status, text_body FROM outbox');
    expect(rows).toEqual([{ kind: 'proposal_client', status: 'sent', text_body: '' }]);
  });

  test('a signed contract goes to the client and the owner, each with the PDF attached', async () => {
    const mails = await deliver((db) => enqueueProposalSignedMails(db, signed, PDF), 2);
    const client = to(mails, CLIENT);
    const owner = to(mails, OWNER);
    expect(client.parsed.subject).toBe('Signed: your Lone Star Mobile Bar contract for Saturday, July 10, 2027');
    expect(owner.parsed.subject).toBe('Contract signed: Saturday, July 10, 2027, 6:00 PM – 11:00 PM (Dolly Rivera)');
    expect(owner.parsed.replyTo?.value).toEqual([{ name: 'Dolly Rivera', address: CLIENT }]);
    expect(client.parsed.text).toContain('Stage: Signed');
    expect(owner.parsed.text).toContain('https://lonestar.example/admin#bookings');
    for (const mail of [client, owner]) expectContract(mail);
    expect(client.parsed.text).not.toContain('#token=');
  });

  test('a countersigned contract is "Confirmed" to both, with the PDF', async () => {
    const mails = await deliver((db) => enqueueProposalCountersignedMails(db, countersigned, PDF), 2);
    expect(mails.map((mail) => [mail.envelope.to, mail.parsed.subject]).sort()).toEqual([
      [[CLIENT], 'Confirmed: your Lone Star Mobile Bar booking on Saturday, July 10, 2027'],
      [[OWNER], 'Confirmed: Saturday, July 10, 2027, 6:00 PM – 11:00 PM (Dolly Rivera)'],
    ]);
    expect(to(mails, CLIENT).parsed.text).toContain('Stage: Confirmed');
    for (const mail of mails) expectContract(mail);
  });

  test('an expired proposal tells both that it expired unsigned and the date was released', async () => {
    const mails = await deliver((db) => enqueueProposalExpiredMails(db, proposal), 2);
    const client = to(mails, CLIENT);
    const owner = to(mails, OWNER);
    expect(client.parsed.subject).toBe('Your Lone Star Mobile Bar proposal for Saturday, July 10, 2027 has expired');
    expect(owner.parsed.subject).toBe('Proposal expired unsigned: Saturday, July 10, 2027 (Dolly Rivera)');
    expect(client.parsed.text).toContain('We no longer hold Saturday, July 10, 2027 for you');
    expect(owner.parsed.text).toContain('was released');
    for (const mail of mails) expect(mail.parsed.attachments.map((file) => file.contentType)).toEqual(['image/png']);
  });

  test('nothing is written when the transaction rolls back', async () => {
    await expect(
      withDatabase(
        undefined,
        (db) =>
          inTransaction(db, async (tx) => {
            await enqueueProposalSignedMails(tx, signed, PDF);
            throw new Error('rolled back');
          }),
        options,
      ),
    ).rejects.toThrow('rolled back');
    expect(await query(database, 'SELECT id FROM outbox')).toEqual([]);
  });
});
