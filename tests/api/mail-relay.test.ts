import { describe, expect, test } from 'vitest';
import adminBookings from '../../netlify/functions/admin-bookings';
import adminInquiries from '../../netlify/functions/admin-inquiries';
import bookings from '../../netlify/functions/bookings';
import contact from '../../netlify/functions/contact';
import { MAX_MAILS_PER_MAILBOX } from '../../netlify/lib/mail/outbox/write';
import type { OwnerBooking, OwnerInquiryPage } from '@shared/schemas/owner';
import { booking, clock, inquiry } from '../fixtures';
import type { TestDatabase } from '../setup/database';
import { callWith, deskRequest, ownerCookie, resetOwnerTables } from './admin-support';
import { expectNoMoreMail, useTestSmtpServer, type ReceivedMail } from './mail-support';
import { call, oneEngine, postJson, query, useDatabase } from './support';

const OWNER = 'owner@lonestar.example';
const VICTIM = 'victim@example.org';
const PHISH = 'Your PayPal account is suspended, restore it at https://paypa1-secure.example';

type OutboxRow = { kind: string; status: string; recipient_mailbox: string | null };

/** Everything of a received mail a reader could see: headers (subject, To: names), text, HTML and attachments. */
function whatTheReaderSees(mail: ReceivedMail): string {
  return [
    mail.parsed.subject ?? '',
    JSON.stringify(mail.parsed.to),
    mail.parsed.text ?? '',
    typeof mail.parsed.html === 'string' ? mail.parsed.html : '',
    ...mail.parsed.attachments.map((file) => file.content.toString('utf8')),
  ].join('\n');
}

describe.each(oneEngine)('no relay through our mail on $name', (database: TestDatabase) => {
  useDatabase(database);
  resetOwnerTables(database);
  const smtp = useTestSmtpServer(database, { ownerEmail: OWNER, mailFrom: 'Lone Star Mobile Bar <bookings@lonestar.example>' });

  const outbox = () =>
    query<OutboxRow>(database, 'SELECT kind, status, recipient_mailbox FROM outbox ORDER BY created_at, kind');
  const toVictim = () => smtp.received.filter((mail) => mail.envelope.to.some((to) => to.toLowerCase().includes('victim')));

  test('the phishing inquiry of the review is refused 400 on its first name, and nothing is stored or sent', async () => {
    const response = await call(
      contact,
      postJson('/api/contact', inquiry({ email: VICTIM, firstName: PHISH, message: PHISH.repeat(65).slice(0, 5000) })),
    );
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string; fields: Record<string, string> } };
    expect(body.error.code).toBe('invalid_fields');
    expect(Object.keys(body.error.fields)).toEqual(['firstName']);
    // A short name with only the domain is refused by the link rule, not the length.
    const short = await call(contact, postJson('/api/contact', inquiry({ email: VICTIM, firstName: 'See paypa1-secure.example' })));
    expect(((await short.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({
      firstName: 'Please write your first name without a web or e-mail address.',
    });
    expect(await query(database, 'SELECT id FROM contact_inquiries')).toEqual([]);
    expect(await outbox()).toEqual([]);
  });

  test("with a clean name, the victim's mail holds none of the message, location, phone or last name; the owner's all", async () => {
    const sent = inquiry({
      email: VICTIM,
      firstName: 'Dolly',
      lastName: 'Suspended-Account',
      phone: '(512) 555-0177',
      eventLocation: 'Restore it at paypa1-secure.example',
      message: PHISH.repeat(65).slice(0, 5000),
    });
    expect((await call(contact, postJson('/api/contact', sent))).status).toBe(201);
    const received = await smtp.waitFor(2);
    const victim = received.find((mail) => mail.envelope.to[0] === VICTIM)!;
    const seen = whatTheReaderSees(victim);
    for (const text of ['PayPal', 'paypa1', 'Suspended', '555-0177', 'https://paypa1']) expect(seen).not.toContain(text);
    expect(victim.parsed.subject).toBe('We got your inquiry, Dolly');
    expect(victim.parsed.to).toMatchObject({ value: [{ name: 'Dolly', address: VICTIM }] });
    const owner = received.find((mail) => mail.envelope.to[0] === OWNER)!;
    for (const text of ['Suspended-Account', '555-0177', 'paypa1-secure.example', 'PayPal account']) {
      expect(owner.parsed.text).toContain(text);
    }
  });

  test(`a ${MAX_MAILS_PER_MAILBOX + 1}th acknowledgement to one mailbox in 24 hours is held back (x+tag@ is x@), the owner still gets every one, and the desk says so`, async () => {
    const addresses = ['Victim@example.org', 'victim+1@example.org', 'victim+2@Example.org', 'victim+3@example.org'];
    for (const email of addresses) {
      expect((await call(contact, postJson('/api/contact', inquiry({ email, firstName: 'Dolly' })))).status).toBe(201);
    }
    // Nothing more arrives: the held acknowledgement is never sent.
    await expectNoMoreMail(database, smtp, MAX_MAILS_PER_MAILBOX + addresses.length);
    expect(smtp.received.filter((mail) => mail.envelope.to[0] === OWNER)).toHaveLength(addresses.length);
    expect(toVictim().map((mail) => mail.envelope.to[0]!.toLowerCase())).toEqual(
      addresses.slice(0, MAX_MAILS_PER_MAILBOX).map((email) => email.toLowerCase()),
    );
    const rows = await outbox();
    expect(rows.filter((row) => row.kind === 'inquiry_owner').map((row) => [row.status, row.recipient_mailbox])).toEqual(
      addresses.map(() => ['sent', null]),
    );
    expect(rows.filter((row) => row.kind === 'inquiry_client').map((row) => [row.status, row.recipient_mailbox])).toEqual([
      ['sent', 'victim@example.org'],
      ['sent', 'victim@example.org'],
      ['sent', 'victim@example.org'],
      ['held', 'victim@example.org'],
    ]);

    const cookie = await ownerCookie(database);
    const page = (await (await callWith(adminInquiries, deskRequest('GET', '/api/admin/inquiries', { cookie }))).json()) as OwnerInquiryPage;
    // Newest first: the last inquiry's acknowledgement was held back.
    expect(page.inquiries.map((item) => [item.email, item.acknowledgementHeld])).toEqual(
      [...addresses].reverse().map((email, index) => [email, index === 0]),
    );
  });

  test('a mailbox has room again once its mails are more than 24 hours old', async () => {
    for (let n = 0; n < MAX_MAILS_PER_MAILBOX; n += 1) {
      await call(contact, postJson('/api/contact', inquiry({ email: VICTIM })));
    }
    await smtp.waitFor(2 * MAX_MAILS_PER_MAILBOX);
    await query(database, "UPDATE outbox SET created_at = created_at - interval '24 hours 1 minute'");
    await call(contact, postJson('/api/contact', inquiry({ email: VICTIM })));
    await smtp.waitFor(2 * MAX_MAILS_PER_MAILBOX + 2);
    expect(toVictim()).toHaveLength(MAX_MAILS_PER_MAILBOX + 1);
    expect((await outbox()).filter((row) => row.status === 'held')).toEqual([]);
  });

  test('simultaneous inquiries to one mailbox never send it more than the cap', async () => {
    const count = 8;
    const responses = await Promise.all(
      Array.from({ length: count }, (_, n) => call(contact, postJson('/api/contact', inquiry({ email: `victim+${n}@example.org` })))),
    );
    expect(responses.map((response) => response.status)).toEqual(Array.from({ length: count }, () => 201));
    const rows = await outbox();
    expect(rows.filter((row) => row.kind === 'inquiry_owner')).toHaveLength(count);
    const client = rows.filter((row) => row.kind === 'inquiry_client');
    expect(client.filter((row) => row.status !== 'held')).toHaveLength(MAX_MAILS_PER_MAILBOX);
    expect(client.filter((row) => row.status === 'held')).toHaveLength(count - MAX_MAILS_PER_MAILBOX);
    await expectNoMoreMail(database, smtp, count + MAX_MAILS_PER_MAILBOX);
    expect(toVictim()).toHaveLength(MAX_MAILS_PER_MAILBOX);
  });

  test('a booking confirmation is never held back by the cap: it arrives, and the desk says nothing was held', async () => {
    for (let n = 0; n < MAX_MAILS_PER_MAILBOX; n += 1) {
      await call(contact, postJson('/api/contact', inquiry({ email: VICTIM })));
    }
    const response = await call(bookings, postJson('/api/bookings', booking({ clientEmail: VICTIM, clientName: 'Dolly Rivera' })));
    expect(response.status).toBe(201);
    const { booking: stored } = (await response.json()) as { booking: { id: string; date: string } };
    await expectNoMoreMail(database, smtp, 2 * MAX_MAILS_PER_MAILBOX + 2);
    expect(smtp.received.filter((mail) => /New booking/.test(mail.parsed.subject ?? ''))).toHaveLength(1);
    expect(toVictim()).toHaveLength(MAX_MAILS_PER_MAILBOX + 1);

    const cookie = await ownerCookie(database);
    const range = `from=${clock.day(0)}&to=${clock.day(60)}`;
    const listed = (await (
      await callWith(adminBookings, deskRequest('GET', `/api/admin/bookings?${range}`, { cookie }))
    ).json()) as { bookings: OwnerBooking[] };
    expect(listed.bookings.find((item) => item.id === stored.id)).toMatchObject({ confirmationHeld: false, cancellationHeld: false });
  });
});
