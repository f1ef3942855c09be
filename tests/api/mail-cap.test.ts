import { describe, expect, test, vi } from 'vitest';
import adminBookingCancel from '../../netlify/functions/admin-booking-cancel';
import bookings from '../../netlify/functions/bookings';
import cancel from '../../netlify/functions/cancel';
import cancelLookup from '../../netlify/functions/cancel-lookup';
import contact from '../../netlify/functions/contact';
import reschedule from '../../netlify/functions/reschedule';
import { MAX_MAILS_PER_MAILBOX } from '../../netlify/lib/mail/outbox/write';
import { canonicalMailbox } from '../../netlify/lib/mailbox';
import { booking, clock, inquiry, mailWording } from '../fixtures';
import type { TestDatabase } from '../setup/database';
import { callWith, deskRequest, ownerCookie, resetOwnerTables } from './admin-support';
import { expectNoMoreMail, useTestSmtpServer } from './mail-support';
import { call, databases, postJson, query, useDatabase } from './support';

const OWNER = 'owner@lonestar.example';
/** Three spellings of one Gmail mailbox, as a stranger would type them (the review's finding). */
const SPELLINGS = ['Victim.Person@gmail.com', 'v.i.c.t.i.m.person@gmail.com', 'victimperson+x@googlemail.com'];
const VICTIM = 'victimperson@gmail.com';

type OutboxRow = { id: string; kind: string; status: string; text_body: string; html_body: string; attachments: unknown };

const tokenOf = (text: string) => /https:\/\/lonestar\.example\/cancel#token=([A-Za-z0-9_-]{43})/.exec(text)?.[1];
const flat = (text: string | undefined) => (text ?? '').replace(/\s+/g, ' ');

describe.each(databases)('mail no stranger can crowd out, on $name', (database: TestDatabase) => {
  useDatabase(database);
  resetOwnerTables(database);
  const smtp = useTestSmtpServer(database, { ownerEmail: OWNER, mailFrom: 'Lone Star Mobile Bar <bookings@lonestar.example>' });

  const toVictim = () => smtp.received.filter((mail) => canonicalMailbox(mail.envelope.to[0]!) === VICTIM);
  const outbox = () =>
    query<OutboxRow>(database, 'SELECT id, kind, status, text_body, html_body, attachments FROM outbox ORDER BY created_at, kind');

  /** Fills the victim's cap as the stranger did: one inquiry per spelling. */
  async function strangerFillsTheCap(): Promise<void> {
    expect(SPELLINGS).toHaveLength(MAX_MAILS_PER_MAILBOX);
    for (const email of SPELLINGS) {
      expect((await call(contact, postJson('/api/contact', inquiry({ email, firstName: 'Dolly' })))).status).toBe(201);
    }
  }

  /** The victim's own booking through POST /api/bookings; answers its id and the link of the confirmation. */
  async function victimBooks(date = clock.day(30)): Promise<{ id: string; token: string }> {
    const response = await call(bookings, postJson('/api/bookings', booking({ date, clientEmail: VICTIM, clientName: 'Dolly Rivera' })));
    expect(response.status).toBe(201);
    const { booking: stored } = (await response.json()) as { booking: { id: string } };
    // The sender runs after the answer: wait until the confirmation is among the received mails.
    const confirmation = await vi.waitFor(
      () => {
        const found = toVictim().find((mail) => tokenOf(mail.parsed.text ?? ''));
        if (!found) throw new Error(`No confirmation among the ${smtp.received.length} mails received.`);
        return found;
      },
      { timeout: 10_000, interval: 20 },
    );
    return { id: stored.id, token: tokenOf(confirmation.parsed.text ?? '')! };
  }

  /** Every change-or-cancel link the outbox still holds in clear, with the state of its row. */
  async function linksAtRest(): Promise<Array<{ kind: string; status: string; opens: number }>> {
    const found = [];
    for (const row of await outbox()) {
      const token = tokenOf(`${row.text_body}\n${row.html_body}`);
      if (!token) continue;
      const lookup = await call(cancelLookup, postJson('/api/cancel/lookup', { token }));
      found.push({ kind: row.kind, status: row.status, opens: lookup.status });
    }
    return found;
  }

  test("three inquiries to spellings of the victim's mailbox fill its cap; her own booking's confirmation still arrives, with a working link", async () => {
    await strangerFillsTheCap();
    const { token } = await victimBooks();
    // Three acknowledgements, three notifications, the confirmation and the owner's notice of the booking.
    await expectNoMoreMail(database, smtp, 2 * MAX_MAILS_PER_MAILBOX + 2);
    const confirmation = toVictim().find((mail) => tokenOf(mail.parsed.text ?? ''))!;
    expect(confirmation.parsed.text).toContain(mailWording('bookingClient', 'heading', { firstName: 'Dolly' }));
    expect((await call(cancelLookup, postJson('/api/cancel/lookup', { token }))).status).toBe(200);
    expect((await outbox()).filter((row) => row.status === 'held')).toEqual([]);
    // Sent rows keep no body, so no link rests in the outbox.
    expect(await linksAtRest()).toEqual([]);
  });

  test("with the cap full, both moves' notices and the owner's cancellation reach the client", async () => {
    await strangerFillsTheCap();
    const { id, token } = await victimBooks();
    for (const days of [31, 32]) {
      const moved = await call(reschedule, postJson('/api/bookings/reschedule', { token, date: clock.day(days), timeSlot: 'evening' }));
      expect(moved.status).toBe(200);
    }
    const cookie = await ownerCookie(database);
    const cancelled = await callWith(adminBookingCancel, deskRequest('POST', `/api/admin/bookings/${id}/cancel`, { cookie }));
    expect(cancelled.status).toBe(200);
    // To the client: three acknowledgements, the confirmation, two move notices, the cancellation; as many to the owner.
    await expectNoMoreMail(database, smtp, 2 * (MAX_MAILS_PER_MAILBOX + 4));
    expect(toVictim()).toHaveLength(MAX_MAILS_PER_MAILBOX + 4);
    expect(
      (await outbox()).filter((row) => row.kind.endsWith('_client')).map((row) => [row.kind, row.status]),
    ).toEqual([
      ...SPELLINGS.map(() => ['inquiry_client', 'sent']),
      ['booking_client', 'sent'],
      ['reschedule_client', 'sent'],
      ['reschedule_client', 'sent'],
      ['cancellation_client', 'sent'],
    ]);
  });

  test("a client who booked, moved and cancelled still gets her inquiry's acknowledgement", async () => {
    const { token } = await victimBooks();
    const moved = await call(reschedule, postJson('/api/bookings/reschedule', { token, date: clock.day(31), timeSlot: 'morning' }));
    expect(moved.status).toBe(200);
    expect((await call(cancel, postJson('/api/cancel', { token }))).status).toBe(200);
    await expectNoMoreMail(database, smtp, 6);
    expect((await call(contact, postJson('/api/contact', inquiry({ email: VICTIM, firstName: 'Dolly' })))).status).toBe(201);
    await expectNoMoreMail(database, smtp, 8);
    const acknowledgement = toVictim().at(-1)!;
    expect(acknowledgement.parsed.subject).toBe(mailWording('inquiryClient', 'subject', { firstName: 'Dolly' }));
  });

  test("a fourth inquiry's acknowledgement is held back: the owner's notification says so, and the held row keeps no body", async () => {
    await strangerFillsTheCap();
    expect((await call(contact, postJson('/api/contact', inquiry({ email: VICTIM, firstName: 'Dolly' })))).status).toBe(201);
    // Four notifications to the owner, three acknowledgements.
    await expectNoMoreMail(database, smtp, 2 * MAX_MAILS_PER_MAILBOX + 1);
    const notes = smtp.received.filter((mail) => mail.envelope.to[0] === OWNER);
    const said = flat(mailWording('inquiryOwner', 'acknowledgementHeld', { firstName: 'Dolly' }));
    expect(notes.map((mail) => [mail.parsed.replyTo?.value[0]?.address, flat(mail.parsed.text).includes(said)])).toEqual(
      [...SPELLINGS, VICTIM].map((email) => [email, email === VICTIM]),
    );
    const held = (await outbox()).filter((row) => row.status === 'held');
    expect(held.map((row) => [row.kind, row.text_body, row.html_body, row.attachments])).toEqual([['inquiry_client', '', '', []]]);
  });

  test('the database refuses a held row with a body', async () => {
    const id = crypto.randomUUID();
    await expect(
      query(
        database,
        `INSERT INTO outbox (id, kind, to_addresses, subject, text_body, html_body, message_id, status)
         VALUES ($1, 'booking_client', '[{"name":"Dolly","address":"dolly@example.com"}]', 'Booked', 'link', '<p>link</p>', $2, 'held')`,
        [id, `<${id}@lonestar.example>`],
      ),
    ).rejects.toMatchObject({ code: '23514' });
  });
});
