import { createServer, type Server, type Socket } from 'node:net';
import { describe, expect, test, vi } from 'vitest';
import ownerCancel from '../../netlify/functions/admin-booking-cancel';
import availability from '../../netlify/functions/availability';
import bookings from '../../netlify/functions/bookings';
import cancel from '../../netlify/functions/cancel';
import cancelLookup from '../../netlify/functions/cancel-lookup';
import contact from '../../netlify/functions/contact';
import outboxSend from '../../netlify/functions/outbox-send';
import type { EndpointContext } from '../../netlify/lib/http/endpoint';
import { slotWindow } from '@shared/time-slots';
import { booking, inquiry } from '../fixtures';
import { deskRequest, ownerCookie, resetOwnerTables } from './admin-support';
import type { TestDatabase } from '../setup/database';
import { chicagoClock, expectNoMoreMail, icsUtc, parseIcs, property, useTestSmtpServer } from './mail-support';
import { call, oneEngine, get, postJson, query, useDatabase } from './support';

const OWNER = 'owner@lonestar.example';

/** The log lines the scheduled function `name` wrote in this test (console.log is spied on by useDatabase). */
function scheduledLines(name: string): Array<Record<string, unknown>> {
  return vi
    .mocked(console.log)
    .mock.calls.map((args) => String(args[0]))
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((entry) => entry.scheduled === name);
}

type OutboxRow = { kind: string; status: string; attempts: number; last_error: string | null };

/** A TCP server that accepts connections and never says a word: a mail server that hangs. */
async function silentServer(): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describe.each(oneEngine)('e-mail from the API on $name', (database: TestDatabase) => {
  useDatabase(database);
  resetOwnerTables(database);
  const smtp = useTestSmtpServer(database, { ownerEmail: OWNER, mailFrom: 'Lone Star Mobile Bar <bookings@lonestar.example>' });

  const outbox = () =>
    query<OutboxRow>(database, 'SELECT kind, status, attempts, last_error FROM outbox ORDER BY kind');

  test('POST /api/contact: 201, and the owner and the client each get their message right away', async () => {
    const sent = inquiry();
    const response = await call(contact, postJson('/api/contact', sent));
    expect(response.status).toBe(201);
    const received = await smtp.waitFor(2);
    expect(received.map((mail) => mail.envelope.to).sort()).toEqual([['dolly@example.com'], [OWNER]]);
    const owner = received.find((mail) => mail.envelope.to[0] === OWNER)!;
    expect(owner.parsed.replyTo?.value[0]?.address).toBe('dolly@example.com');
    expect(owner.parsed.text).toContain(sent.message);
    expect((await outbox()).map((row) => [row.kind, row.status])).toEqual([
      ['inquiry_client', 'sent'],
      ['inquiry_owner', 'sent'],
    ]);
  });

  test('POST /api/bookings: 201, the confirmation with its calendar file and a working cancel link, the owner notified', async () => {
    const sent = booking({ clientEmail: 'dolly@example.com', clientName: 'Dolly Rivera' });
    const response = await call(bookings, postJson('/api/bookings', sent));
    expect(response.status).toBe(201);
    const received = await smtp.waitFor(2);
    const client = received.find((mail) => mail.envelope.to[0] === 'dolly@example.com')!;
    expect(received.find((mail) => mail.envelope.to[0] === OWNER)).toBeDefined();
    expect(client.parsed.text).toContain('Central Time (America/Chicago)');
    const file = client.parsed.attachments.find((attachment) => /calendar|ics/.test(attachment.contentType))!;
    const event = parseIcs(file.content.toString('utf8')).components[0]!;
    const window = slotWindow(sent.date, sent.timeSlot);
    expect(icsUtc(property(event, 'DTSTART'))).toEqual(window.start);
    expect(chicagoClock(icsUtc(property(event, 'DTEND')))).toBe(`${sent.date} 23:00`);

    // Follow the link as the cancel page does: the token from the fragment, to the API.
    const link = /https:\/\/lonestar\.example\/cancel#token=([A-Za-z0-9_-]{43})/.exec(client.parsed.text ?? '');
    expect(link).not.toBeNull();
    const token = link![1]!;
    expect((await call(cancelLookup, postJson('/api/cancel/lookup', { token }))).status).toBe(200);
    expect((await call(cancel, postJson('/api/cancel', { token }))).status).toBe(200);
    const free = await call(availability, get(`/api/availability/${sent.date}`));
    expect(((await free.json()) as { availableSlots: string[] }).availableSlots).toContain(sent.timeSlot);
    const all = await smtp.waitFor(4);
    expect(all.filter((mail) => /cancel/i.test(mail.parsed.subject ?? ''))).toHaveLength(2);
  });

  test('the owner cancelling from the desk sends both cancellation e-mails and spends the client’s link', async () => {
    const sent = booking({ clientEmail: 'dolly@example.com', clientName: 'Dolly Rivera' });
    const created = await call(bookings, postJson('/api/bookings', sent));
    const { booking: stored } = (await created.json()) as { booking: { id: string } };
    const confirmation = (await smtp.waitFor(2)).find((mail) => mail.envelope.to[0] === 'dolly@example.com')!;
    const token = /#token=([A-Za-z0-9_-]{43})/.exec(confirmation.parsed.text ?? '')![1]!;
    smtp.clear();

    const cookie = await ownerCookie(database);
    const response = await call(ownerCancel, deskRequest('POST', `/api/admin/bookings/${stored.id}/cancel`, { cookie }));
    expect(response.status).toBe(200);
    const received = await smtp.waitFor(2);
    expect(received.map((mail) => mail.envelope.to[0]).sort()).toEqual(['dolly@example.com', OWNER]);
    const client = received.find((mail) => mail.envelope.to[0] === 'dolly@example.com')!;
    expect(client.parsed.text).toContain('We had to cancel your booking');
    const file = client.parsed.attachments.find((attachment) => /calendar|ics/.test(attachment.contentType))!;
    expect(property(parseIcs(file.content.toString('utf8')), 'METHOD')).toBe('CANCEL');
    expect((await call(cancelLookup, postJson('/api/cancel/lookup', { token }))).status).toBe(409);
    // A second cancel by the owner sends nothing more.
    expect((await call(ownerCancel, deskRequest('POST', `/api/admin/bookings/${stored.id}/cancel`, { cookie }))).status).toBe(409);
    await expectNoMoreMail(database, smtp, 2);
  });

  test('a refused booking (slot taken) and a bot caught by the honeypot send nothing', async () => {
    const first = booking();
    expect((await call(bookings, postJson('/api/bookings', first))).status).toBe(201);
    await smtp.waitFor(2);
    smtp.clear();
    expect((await call(bookings, postJson('/api/bookings', booking({ date: first.date, timeSlot: first.timeSlot })))).status).toBe(409);
    expect((await call(contact, postJson('/api/contact', { ...inquiry(), website: 'https://spam.example' }))).status).toBe(201);
    expect((await call(bookings, postJson('/api/bookings', { ...booking({ timeSlot: 'morning' }), website: 'x' }))).status).toBe(201);
    await expectNoMoreMail(database, smtp, 0);
    expect(await outbox()).toHaveLength(2);
  });

  test('a retried request with the same Idempotency-Key sends its e-mails once', async () => {
    const headers = { 'Idempotency-Key': crypto.randomUUID() };
    const sent = inquiry();
    const first = await call(contact, postJson('/api/contact', sent, headers));
    const again = await call(contact, postJson('/api/contact', sent, headers));
    expect([first.status, again.status]).toEqual([201, 201]);
    await expectNoMoreMail(database, smtp, 2);
    expect(await outbox()).toHaveLength(2);
  });

  test('with the mail server down both write endpoints answer 201; once it is back two concurrent scheduled runs deliver each message once', async () => {
    await smtp.down();
    expect((await call(contact, postJson('/api/contact', inquiry()))).status).toBe(201);
    expect((await call(bookings, postJson('/api/bookings', booking()))).status).toBe(201);
    const waiting = await outbox();
    expect(waiting).toHaveLength(4);
    expect(waiting.every((row) => row.status === 'pending')).toBe(true);
    // Each request tried its first message, found the server down and left the rest for later.
    expect(waiting.filter((row) => row.attempts === 1)).toHaveLength(2);

    await smtp.up();
    // The retry waits a minute; the scheduled run is later than that.
    await query(database, "UPDATE outbox SET next_attempt_at = now() - interval '1 second'");
    const runs = await Promise.all([call(outboxSend, new Request('http://localhost:8888/.netlify/functions/outbox-send', { method: 'POST' })), call(outboxSend, new Request('http://localhost:8888/.netlify/functions/outbox-send', { method: 'POST' }))]);
    expect(runs.map((run) => run.status)).toEqual([204, 204]);
    // One line per run, counts only: together they sent the four messages; no address, subject or body.
    const lines = scheduledLines('outbox-send');
    expect(lines).toHaveLength(2);
    expect(lines.reduce((sum, entry) => sum + Number(entry.sent), 0)).toBe(4);
    expect(lines.every((entry) => entry.unreachable === false && entry.outOfTime === false)).toBe(true);
    expect(JSON.stringify(lines)).not.toMatch(/@|inquiry|booking|Dolly/i);
    await expectNoMoreMail(database, smtp, 4);
    expect(new Set(smtp.received.map((mail) => mail.parsed.messageId)).size).toBe(4);
    expect((await outbox()).every((row) => row.status === 'sent')).toBe(true);
  });

  test('a mail server that hangs does not hold up the answer; the message waits for the next run', async () => {
    const silent = await silentServer();
    vi.stubEnv('SMTP_URL', silent.url);
    try {
      const background: Promise<unknown>[] = [];
      const ended: boolean[] = [];
      const context: EndpointContext = {
        requestId: 'hang',
        waitUntil: (promise) => {
          const index = ended.push(false) - 1;
          background.push(promise.finally(() => (ended[index] = true)));
        },
      };
      const response = await contact(postJson('/api/contact', inquiry()), context);
      expect(response.status).toBe(201);
      // The last background work is the delivery (after the connection's close): the answer came while it still
      // waited for the server's greeting, which it gives up on after SMTP_GREETING_TIMEOUT_MS.
      expect(ended).toEqual([expect.any(Boolean), false]);
      await Promise.all(background);
      const rows = await outbox();
      expect(rows.every((row) => row.status === 'pending')).toBe(true);
      expect(rows.find((row) => row.attempts === 1)?.last_error).toMatch(/^E[A-Z]+$/);
    } finally {
      vi.stubEnv('SMTP_URL', smtp.url);
      await silent.close();
    }
  });

  test('without SMTP_URL the messages are kept for later and the answer is the same', async () => {
    vi.stubEnv('SMTP_URL', '');
    try {
      expect((await call(contact, postJson('/api/contact', inquiry()))).status).toBe(201);
      expect((await outbox()).map((row) => [row.status, row.attempts])).toEqual([
        ['pending', 0],
        ['pending', 0],
      ]);
      const run = await call(outboxSend, new Request('http://localhost:8888/.netlify/functions/outbox-send', { method: 'POST' }));
      expect(run.status).toBe(204);
      expect(scheduledLines('outbox-send')).toEqual([expect.objectContaining({ smtpConfigured: false })]);
    } finally {
      vi.stubEnv('SMTP_URL', smtp.url);
    }
  });

  test('without SMTP_URL in production the answer is the same, and the first send is an error naming SMTP_URL', async () => {
    vi.stubEnv('SMTP_URL', '');
    vi.stubEnv('CONTEXT', 'production');
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect((await call(contact, postJson('/api/contact', inquiry()))).status).toBe(201);
      const immediate = errors.mock.calls.map((args) => JSON.parse(String(args[0])) as Record<string, unknown>);
      expect(immediate).toEqual([
        expect.objectContaining({ outbox: 'immediate', waiting: 2, failure: expect.stringMatching(/^MailConfigError SMTP_URL: is not set/) }),
      ]);
      const run = await call(outboxSend, new Request('http://localhost:8888/.netlify/functions/outbox-send', { method: 'POST' }));
      expect(run.status).toBe(503);
      expect(scheduledLines('outbox-send')).toEqual([
        expect.objectContaining({ failure: expect.stringMatching(/^MailConfigError SMTP_URL: is not set/) }),
      ]);
      expect((await outbox()).map((row) => [row.status, row.attempts])).toEqual([
        ['pending', 0],
        ['pending', 0],
      ]);
    } finally {
      vi.stubEnv('SMTP_URL', smtp.url);
      vi.stubEnv('CONTEXT', '');
    }
  });

  test('unusable mail settings store nothing and answer 503', async () => {
    vi.stubEnv('MAIL_FROM', 'two@example.com, addresses@example.com');
    try {
      const response = await call(contact, postJson('/api/contact', inquiry()));
      expect(response.status).toBe(503);
      expect(await query(database, 'SELECT id FROM contact_inquiries')).toEqual([]);
      expect(await outbox()).toEqual([]);
    } finally {
      vi.stubEnv('MAIL_FROM', 'Lone Star Mobile Bar <bookings@lonestar.example>');
    }
  });
});
