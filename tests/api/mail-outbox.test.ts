import { describe, expect, test } from 'vitest';
import { createCancelToken } from '../../netlify/lib/bookings/cancel-links';
import { reserveSlot } from '../../netlify/lib/bookings/reserve';
import { withDatabase, type Queryable } from '../../netlify/lib/db';
import { inTransaction, type Transaction } from '../../netlify/lib/transaction';
import { todayUtc } from '@shared/schemas/dates';
import { createInquiry } from '../../netlify/lib/inquiries/write';
import { mailConfig } from '../../netlify/lib/mail/config';
import type { BookingMail } from '../../netlify/lib/mail/messages';
import { CLAIM_LEASE_MS, KINDS_WITH_SECRETS, MAX_ATTEMPTS, claimMessages, retryDelayMs } from '../../netlify/lib/mail/outbox/queue';
import { countMessages, listFailedMessages, listWaitingMessages, retryFailedMessages } from '../../netlify/lib/mail/outbox/report';
import { enqueueBookingMails, enqueueInquiryMails } from '../../netlify/lib/mail/outbox/write';
import { sendDue, type SendDueOptions } from '../../netlify/lib/mail/send';
import { createMailTransport } from '../../netlify/lib/mail/transport';
import type { InquiryOutput } from '@shared/schemas/inquiry';
import { chicagoClock, expectNoMoreMail, icsUtc, parseIcs, property, useTestSmtpServer } from './mail-support';
import { oneEngine, query, useDatabase } from './support';
import type { TestDatabase } from '../setup/database';
import { inquiryEventLabel, mailInquiry, mailWording } from '../fixtures';

const inquiry: InquiryOutput = mailInquiry();

const OWNER = 'owner@lonestar.example';

describe.each(oneEngine)('the outbox on $name with a real SMTP server', (database: TestDatabase) => {
  useDatabase(database);
  const smtp = useTestSmtpServer(database, { ownerEmail: `Lone Star Owner <${OWNER}>`, mailFrom: 'Lone Star Mobile Bar <bookings@lonestar.example>' });

  const onDatabase = <T>(work: (db: Queryable) => Promise<T>) =>
    withDatabase(undefined, work, { config: { url: database.url, wsProxy: database.wsProxy } });

  const transaction = <T>(work: (tx: Transaction) => Promise<T>) => onDatabase((db) => inTransaction(db, work));

  const storeInquiry = (overrides: Partial<InquiryOutput> = {}) =>
    transaction(async (db) => {
      const stored = { ...inquiry, ...overrides };
      const { id } = await createInquiry(db, stored);
      return enqueueInquiryMails(db, { ...stored, id });
    });

  const storeBooking = (date: string, timeSlot: BookingMail['timeSlot'], clientName = 'Dolly Rivera') =>
    transaction(async (tx) => {
      const result = await reserveSlot(
        tx,
        { date, timeSlot, clientName, clientEmail: 'dolly@example.com', eventType: 'wedding', website: '' },
        todayUtc(),
        // A client of its own: these reservations are not about the per-IP budget.
        { ip: crypto.randomUUID(), now: new Date() },
      );
      if (!result.ok) throw new Error(result.code);
      const token = await createCancelToken(tx, result.value);
      const ids = await enqueueBookingMails(tx, result.value, token);
      return { ids, booking: result.value, token };
    });

  const run = (options: Partial<SendDueOptions> = {}) =>
    sendDue({
      limit: 50,
      deadline: Date.now() + 20_000,
      transport: createMailTransport(smtp.url),
      database: { config: { url: database.url, wsProxy: database.wsProxy } },
      ...options,
    });

  type Row = { id: string; status: string; attempts: number; next_attempt_at: Date; last_error: string | null; message_id: string };
  const rows = () =>
    query<Row>(database, 'SELECT id, status, attempts, next_attempt_at, last_error, message_id FROM outbox ORDER BY created_at, kind');

  test('one inquiry gives exactly two messages: every field to the owner (Reply-To the client), an acknowledgement to the client', async () => {
    await storeInquiry();
    expect(await run()).toEqual({ sent: 2, retried: 0, failed: 0, withdrawn: 0, stopped: null });
    const received = await smtp.waitFor(2);
    expect(received).toHaveLength(2);
    const owner = received.find((mail) => mail.envelope.to.includes(OWNER))!;
    const client = received.find((mail) => mail.envelope.to.includes('dolly@example.com'))!;
    expect(owner.envelope).toEqual({ from: 'bookings@lonestar.example', to: [OWNER] });
    expect(client.envelope).toEqual({ from: 'bookings@lonestar.example', to: ['dolly@example.com'] });

    expect(owner.parsed.subject).toBe(
      mailWording('inquiryOwner', 'subject', { ...inquiry, eventType: inquiryEventLabel(inquiry.eventType), eventDate: 'Saturday, April 17, 2027' }),
    );
    expect(owner.parsed.replyTo?.value).toEqual([{ name: 'Dolly Rivera', address: 'dolly@example.com' }]);
    expect(owner.parsed.from?.value).toEqual([{ name: 'Lone Star Mobile Bar', address: 'bookings@lonestar.example' }]);
    for (const value of ['Dolly', 'Rivera', 'dolly@example.com', '(512) 555-0199', 'Wedding', '120', 'Austin, TX', 'Ranch wedding, outdoor bar please.']) {
      expect(owner.parsed.text).toContain(value);
    }
    expect(owner.parsed.html).toContain('Ranch wedding, outdoor bar please.');

    expect(client.parsed.subject).toBe(mailWording('inquiryClient', 'subject', inquiry));
    expect(client.parsed.replyTo).toBeUndefined();
    expect(client.parsed.text).toContain('within 24 hours');
    // The acknowledgement goes to an address anyone can type: none of the visitor's free text.
    expect(client.parsed.text).not.toContain('Ranch wedding, outdoor bar please.');

    // The stored Message-ID is the one that went out.
    const stored = await rows();
    expect(stored.map((row) => row.status)).toEqual(['sent', 'sent']);
    expect(received.map((mail) => mail.parsed.messageId).sort()).toEqual(stored.map((row) => row.message_id).sort());
    expect(stored[0]!.message_id).toMatch(/^<[0-9a-f-]{36}@lonestar\.example>$/);
  });

  test.each([
    ['a summer (daylight saving) date', '2027-07-10', 'evening', '2027-07-10 18:00', '2027-07-10 23:00'],
    ['a winter date', '2027-01-16', 'morning', '2027-01-16 09:00', '2027-01-16 13:00'],
  ] as const)('one booking on %s gives two messages, the client’s with a calendar file for the Chicago slot window', async (_label, date, slot, start, end) => {
    const { booking, token } = await storeBooking(date, slot);
    await run();
    const received = await smtp.waitFor(2);
    expect(received).toHaveLength(2);
    const client = received.find((mail) => mail.envelope.to.includes('dolly@example.com'))!;
    const owner = received.find((mail) => mail.envelope.to.includes(OWNER))!;
    expect(client.parsed.text).toContain('Central Time (America/Chicago)');
    expect(client.parsed.text).toContain(`https://lonestar.example/cancel#token=${token}`);
    expect(owner.parsed.text).toContain('dolly@example.com');
    expect(owner.parsed.text).not.toContain(token);

    const calendars = client.parsed.attachments.filter((file) => file.contentType === 'application/ics' || file.contentType === 'text/calendar');
    expect(calendars.length).toBeGreaterThan(0);
    expect(client.raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/i);
    for (const file of calendars) {
      const calendar = parseIcs(file.content.toString('utf8'));
      expect(property(calendar, 'METHOD')).toBe('REQUEST');
      const event = calendar.components[0]!;
      expect(property(event, 'UID')).toBe(`booking-${booking.id}@lonestar.example`);
      expect(chicagoClock(icsUtc(property(event, 'DTSTART')))).toBe(start);
      expect(chicagoClock(icsUtc(property(event, 'DTEND')))).toBe(end);
    }
  });

  test('a message written in a transaction that rolls back is never sent', async () => {
    await expect(
      transaction(async (db) => {
        const { id } = await createInquiry(db, inquiry);
        await enqueueInquiryMails(db, { ...inquiry, id });
        throw new Error('the caller failed after writing');
      }),
    ).rejects.toThrow('the caller failed');
    expect(await rows()).toEqual([]);
    expect(await query(database, 'SELECT id FROM contact_inquiries')).toEqual([]);
  });

  test('a poisoned name cannot add a header or a recipient', async () => {
    const poisoned = 'Eve\r\nBcc: victim@example.com\r\nX-Evil: 1\r\n\r\nbody?';
    await storeInquiry({ firstName: poisoned, lastName: 'Smith\nCc: other@example.com' });
    await storeBooking('2027-07-10', 'morning', 'Mallory\r\nTo: victim@example.com\u0085\u2028\u001b');
    await run();
    const received = await smtp.waitFor(4);
    expect(received.flatMap((mail) => mail.envelope.to).sort()).toEqual(
      ['dolly@example.com', 'dolly@example.com', OWNER, OWNER].sort(),
    );
    for (const mail of received) {
      const headerNames = [...mail.parsed.headers.keys()];
      expect(headerNames).not.toContain('bcc');
      expect(headerNames).not.toContain('cc');
      expect(headerNames).not.toContain('x-evil');
      expect(mail.parsed.to && !Array.isArray(mail.parsed.to) ? mail.parsed.to.value : []).toHaveLength(1);
      const head = mail.raw.slice(0, mail.raw.indexOf('\r\n\r\n'));
      expect(head).not.toMatch(/^(bcc|cc|x-evil):/im);
      // The poisoned text survives only inside a display name or the subject, never as an address.
      const addresses = ['to', 'cc', 'bcc', 'replyTo', 'from'].flatMap((field) => {
        const value = mail.parsed[field as 'to'];
        return (Array.isArray(value) ? value : value ? [value] : []).flatMap((list) => list.value.map((entry) => entry.address));
      });
      expect(addresses.every((address) => ['dolly@example.com', OWNER, 'bookings@lonestar.example'].includes(address!))).toBe(true);
    }
  });

  test('with the mail server down the messages stay in the outbox; once it is back each is delivered exactly once', async () => {
    await smtp.down();
    const t0 = new Date('2030-01-01T12:00:00Z');
    await storeInquiry();
    await storeBooking('2027-07-10', 'afternoon');
    await query(database, 'UPDATE outbox SET next_attempt_at = $1', [t0]);

    const down = await run({ now: () => t0 });
    // The first refused connection ends the run: the other messages are not even tried.
    expect(down).toEqual({ sent: 0, retried: 1, failed: 0, withdrawn: 0, stopped: 'unreachable' });
    const afterDown = await rows();
    expect(afterDown.map((row) => row.status)).toEqual(['pending', 'pending', 'pending', 'pending']);
    expect(afterDown.map((row) => row.attempts).sort()).toEqual([0, 0, 0, 1]);
    const tried = afterDown.find((row) => row.attempts === 1)!;
    // A refused connection: nodemailer's socket-level error code, and nothing else (no address, no server text).
    expect(tried.last_error).toMatch(/^E(SOCKET|CONNECTION)$/);
    expect(new Date(tried.next_attempt_at).getTime()).toBe(t0.getTime() + 60_000);

    await smtp.up();
    const later = new Date(t0.getTime() + 5 * 60_000);
    expect(await run({ now: () => later })).toEqual({ sent: 4, retried: 0, failed: 0, withdrawn: 0, stopped: null });
    expect(await run({ now: () => later })).toEqual({ sent: 0, retried: 0, failed: 0, withdrawn: 0, stopped: null });
    await expectNoMoreMail(database, smtp, 4);
    expect(new Set(smtp.received.map((mail) => mail.parsed.messageId)).size).toBe(4);
    expect((await rows()).map((row) => row.status)).toEqual(['sent', 'sent', 'sent', 'sent']);
  });

  test('two concurrent runs deliver each message exactly once', async () => {
    // Each to a mailbox of its own (one mailbox gets at most MAX_MAILS_PER_MAILBOX a day).
    for (let index = 0; index < 6; index++) await storeInquiry({ firstName: `Guest${index}`, email: `guest${index}@example.com` });
    const reports = await Promise.all([run(), run(), run()]);
    expect(reports.reduce((sum, report) => sum + report.sent, 0)).toBe(12);
    await expectNoMoreMail(database, smtp, 12);
    expect(new Set(smtp.received.map((mail) => mail.parsed.messageId)).size).toBe(12);
    expect(await onDatabase((db) => countMessages(db))).toEqual({ pending: 0, sending: 0, sent: 12, failed: 0 });
  });

  test('retries wait 1, 2, 4 … minutes, and a message is marked failed after the last try', async () => {
    await smtp.down();
    const [first] = await storeInquiry();
    await query(database, "DELETE FROM outbox WHERE id <> $1", [first]);
    let clock = new Date('2030-01-01T12:00:00Z');
    await query(database, 'UPDATE outbox SET next_attempt_at = $1', [clock]);
    const waits: number[] = [];
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const at = clock;
      const report = await run({ now: () => at });
      expect(report.sent + report.retried + report.failed).toBe(1);
      const [row] = await rows();
      expect(row!.attempts).toBe(attempt);
      if (attempt < MAX_ATTEMPTS) {
        expect(row!.status).toBe('pending');
        waits.push((new Date(row!.next_attempt_at).getTime() - at.getTime()) / 60_000);
        // Not yet due a second before the wait is over.
        expect(await run({ now: () => new Date(new Date(row!.next_attempt_at).getTime() - 1000) })).toMatchObject({ retried: 0, failed: 0 });
        clock = new Date(row!.next_attempt_at);
      } else {
        expect(report.failed).toBe(1);
        expect(row!.status).toBe('failed');
        // No next try: the row keeps the time of its last one, from which retention counts.
        expect(new Date(row!.next_attempt_at).getTime()).toBe(at.getTime());
      }
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256]);
    expect(retryDelayMs(1)).toBe(60_000);

    const failed = await onDatabase((db) => listFailedMessages(db));
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ id: first, kind: 'inquiry_owner', status: 'failed', attempts: MAX_ATTEMPTS });
    expect(failed[0]!.lastError).toMatch(/^E(SOCKET|CONNECTION)$/);
    expect(failed[0]).not.toHaveProperty('text');
    expect(failed[0]).not.toHaveProperty('html');

    // Once the owner has fixed things, a failed message can be put back in line.
    await smtp.up();
    expect(await onDatabase((db) => retryFailedMessages(db, [first!], clock))).toBe(1);
    expect(await run({ now: () => clock })).toMatchObject({ sent: 1 });
    await smtp.waitFor(1);
  });

  test('a recipient the server refuses for good (550) is marked failed at once, the others still go out', async () => {
    smtp.refuse.add('dolly@example.com');
    await storeInquiry();
    const report = await run();
    expect(report).toEqual({ sent: 1, retried: 0, failed: 1, withdrawn: 0, stopped: null });
    const failed = await onDatabase((db) => listFailedMessages(db));
    expect(failed.map((entry) => [entry.kind, entry.lastError])).toEqual([['inquiry_client', 'EENVELOPE 550']]);
    expect((await smtp.waitFor(1)).map((mail) => mail.envelope.to)).toEqual([[OWNER]]);
  });

  /** Every column of every outbox row, as one text each: what a copy of the database would show. */
  const rowTexts = async () =>
    (await query<{ kind: string; status: string; row: string }>(database, 'SELECT kind, status, to_jsonb(o)::text AS row FROM outbox o'))
      .map(({ kind, status, row }) => ({ kind, status, row }));

  /** The cancel token of the client's confirmation, read from the mail as received. */
  const tokenIn = (text: string | undefined) => /\/cancel#token=([A-Za-z0-9_-]{43})/.exec(text ?? '')?.[1];

  test('a sent message keeps no body: the cancel token of the confirmation received appears nowhere in the outbox', async () => {
    const { ids, token } = await storeBooking('2027-05-08', 'evening');
    expect(await run()).toMatchObject({ sent: 2, failed: 0 });
    const received = await smtp.waitFor(2);
    const confirmation = received.find((mail) => mail.envelope.to[0] === 'dolly@example.com')!;
    // What the client received had the token in its text and HTML links, and a calendar file.
    expect(tokenIn(confirmation.parsed.text)).toBe(token);
    expect(confirmation.parsed.html).toContain(token);
    expect(confirmation.parsed.attachments.some((file) => /calendar|ics/.test(file.contentType))).toBe(true);

    const stored = await rowTexts();
    expect(stored.map((row) => row.status)).toEqual(['sent', 'sent']);
    for (const { row } of stored) expect(row).not.toContain(token);
    // What the desk's mail view and the status need is kept: kind, recipients, subject, Message-ID, times.
    const kept = await query<{ id: string; text_body: string; html_body: string; attachments: unknown; subject: string; message_id: string; sent_at: Date | null }>(
      database,
      'SELECT id, text_body, html_body, attachments, subject, message_id, sent_at FROM outbox ORDER BY id',
    );
    expect(kept.map((row) => row.id).sort()).toEqual([...ids].sort());
    for (const row of kept) {
      expect([row.text_body, row.html_body, JSON.stringify(typeof row.attachments === 'string' ? JSON.parse(row.attachments) : row.attachments)]).toEqual(['', '', '[]']);
      expect(row.subject).not.toBe('');
      expect(row.message_id).toMatch(/^<[0-9a-f-]{36}@lonestar\.example>$/);
      expect(row.sent_at).not.toBeNull();
    }
    expect(await onDatabase((db) => countMessages(db))).toMatchObject({ sent: 2, pending: 0 });
  });

  test('a pending confirmation holds its body only until it is sent', async () => {
    const { token } = await storeBooking('2027-05-09', 'afternoon');
    // Waiting to go out: the body (and so the token) is there, for the sender.
    expect((await rowTexts()).filter(({ row }) => row.includes(token)).map(({ kind }) => kind)).toEqual(['booking_client']);
    expect(await run()).toMatchObject({ sent: 2 });
    expect((await rowTexts()).filter(({ row }) => row.includes(token))).toEqual([]);
  });

  test('a confirmation that ends failed keeps no token either, and is not put back in line empty', async () => {
    smtp.refuse.add('dolly@example.com');
    const { ids, token } = await storeBooking('2027-05-10', 'morning');
    expect(await run()).toEqual({ sent: 1, retried: 0, failed: 1, withdrawn: 0, stopped: null });
    const stored = await rowTexts();
    expect(stored.map(({ kind, status }) => [kind, status]).sort()).toEqual([
      ['booking_client', 'failed'],
      ['booking_owner', 'sent'],
    ]);
    for (const { row } of stored) expect(row).not.toContain(token);
    const failed = await onDatabase((db) => listFailedMessages(db));
    expect(failed.map((entry) => [entry.kind, entry.lastError])).toEqual([['booking_client', 'EENVELOPE 550']]);
    // Its body is gone: a retry would send an empty message, so there is nothing to put back.
    smtp.refuse.clear();
    expect(await onDatabase((db) => retryFailedMessages(db, ids))).toBe(0);
    expect(await run()).toMatchObject({ sent: 0, failed: 0 });
  });

  test('only a kind of KINDS_WITH_SECRETS holds the cancel token in its body (a booking: its confirmation)', async () => {
    const { token } = await storeBooking('2027-05-11', 'evening');
    await storeInquiry();
    const holding = (await rowTexts()).filter(({ row }) => row.includes(token)).map((row) => row.kind);
    expect(holding).toEqual(['booking_client']);
    expect(KINDS_WITH_SECRETS).toContain('booking_client');
  });

  test('a claim whose sender died is taken over once its lease has run out, not before', async () => {
    await storeInquiry();
    const t0 = new Date('2030-01-01T12:00:00Z');
    await query(database, 'UPDATE outbox SET next_attempt_at = $1', [t0]);
    // A sender claims both messages and dies before sending.
    await query(database, "UPDATE outbox SET status = 'sending', attempts = 1, claimed_until = $1, next_attempt_at = $1", [
      new Date(t0.getTime() + CLAIM_LEASE_MS),
    ]);
    expect(await run({ now: () => new Date(t0.getTime() + CLAIM_LEASE_MS - 1000) })).toMatchObject({ sent: 0 });
    expect(await run({ now: () => new Date(t0.getTime() + CLAIM_LEASE_MS) })).toMatchObject({ sent: 2 });
    expect((await rows()).map((row) => [row.status, row.attempts])).toEqual([
      ['sent', 2],
      ['sent', 2],
    ]);
  });

  test('a claim takes at most its limit of messages, once', async () => {
    await storeInquiry();
    await storeInquiry({ firstName: 'Other' });
    const [first, second] = await Promise.all([
      onDatabase((db) => claimMessages(db, { limit: 1 })),
      onDatabase((db) => claimMessages(db, { limit: 2 })),
    ]);
    expect(first!.length + second!.length).toBe(3);
    expect(new Set([...first!, ...second!].map((row) => row.id)).size).toBe(3);
    expect(await onDatabase((db) => countMessages(db))).toMatchObject({ pending: 1, sending: 3 });
  });

  test('a run for given ids sends only those', async () => {
    const first = await storeInquiry();
    await storeInquiry({ firstName: 'Other' });
    expect(await run({ ids: first })).toMatchObject({ sent: 2 });
    const waiting = await onDatabase((db) => listWaitingMessages(db));
    expect(waiting).toHaveLength(2);
    expect(waiting.every((entry) => !first.includes(entry.id))).toBe(true);
  });

  test.skipIf(database.name !== 'PostgreSQL')('holds no database connection while the mail server talks', async () => {
    await storeInquiry();
    const real = createMailTransport(smtp.url);
    const during: number[] = [];
    const transport = {
      async sendMail(message: Parameters<typeof real.sendMail>[0]) {
        // A connection closed a moment ago may take a few ms to leave pg_stat_activity; a held one stays.
        let others = -1;
        for (let look = 0; look < 20 && others !== 0; look++) {
          if (look > 0) await new Promise((resolve) => setTimeout(resolve, 50));
          const [row] = await query<{ n: number }>(
            database,
            'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
          );
          others = row!.n;
        }
        during.push(others);
        return real.sendMail(message);
      },
    };
    expect(await run({ transport })).toMatchObject({ sent: 2 });
    expect(during).toEqual([0, 0]);
  });

  test('a run past its deadline tries nothing and gives its claims back untouched', async () => {
    await storeInquiry();
    expect(await run({ deadline: Date.now() - 1 })).toEqual({ sent: 0, retried: 0, failed: 0, withdrawn: 0, stopped: 'deadline' });
    expect((await rows()).map((row) => [row.status, row.attempts])).toEqual([
      ['pending', 0],
      ['pending', 0],
    ]);
    // The run has returned and leaves no work behind: its claims are given back, so nothing can arrive later.
    expect(smtp.received).toHaveLength(0);
  });

  test('the mail settings are read from the environment', () => {
    expect(mailConfig()).toMatchObject({ smtpUrl: smtp.url, siteHost: 'lonestar.example' });
  });
});
