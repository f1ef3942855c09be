import { beforeEach, describe, expect, test, vi } from 'vitest';
import mail from '../../netlify/functions/admin-mail';
import contact from '../../netlify/functions/contact';
import type { OwnerMailStatus } from '@shared/schemas/owner';
import { inquiry } from '../fixtures';
import { auditMark, auditSince, callWith, deskRequest, ownerCookie, resetOwnerTables } from './admin-support';
import { call, databases, postJson, query, useDatabase } from './support';

/** Sends one inquiry (two messages: the owner's and the client's), then marks both failed as the outbox would. */
async function failedInquiryMails(database: (typeof databases)[number]): Promise<string[]> {
  const sent = inquiry({ email: 'loretta@example.com' });
  expect((await call(contact, postJson('/api/contact', sent))).status).toBe(201);
  const rows = await query<{ id: string }>(
    database,
    `UPDATE outbox SET status = 'failed', attempts = 10, last_error = 'EENVELOPE 550' RETURNING id`,
  );
  expect(rows).toHaveLength(2);
  return rows.map((row) => row.id);
}

describe.each(databases)('GET and POST /api/admin/mail on $name', (database) => {
  useDatabase(database);
  resetOwnerTables(database);
  beforeEach(async () => {
    await query(database, 'TRUNCATE outbox');
  });

  test('lists the failed messages with their recipients, subject and error, and the counts', async () => {
    const ids = await failedInquiryMails(database);
    const cookie = await ownerCookie(database);
    const response = await callWith(mail, deskRequest('GET', '/api/admin/mail', { cookie }));
    expect(response.status).toBe(200);
    const status = (await response.json()) as OwnerMailStatus;
    expect(status.counts).toEqual({ pending: 0, sending: 0, sent: 0, failed: 2 });
    expect(status.failed.map((message) => message.id).sort()).toEqual([...ids].sort());
    const toClient = status.failed.find((message) => message.kind === 'inquiry_client')!;
    expect(toClient).toMatchObject({ to: ['loretta@example.com'], attempts: 10, lastError: 'EENVELOPE 550' });
    expect(toClient.subject.length).toBeGreaterThan(0);
    // Bodies never leave the database through this call: a listed message has exactly these fields.
    expect(JSON.stringify(status)).not.toMatch(/"(text|html)"/);
    expect(Object.keys(toClient).sort()).toEqual(['attempts', 'createdAt', 'id', 'kind', 'lastError', 'resendable', 'subject', 'to']);
    expect(status.failed.map((message) => message.resendable)).toEqual([true, true]);
  });

  test('says whether a mail server is set: without SMTP_URL nothing goes out', async () => {
    const cookie = await ownerCookie(database);
    const smtpConfigured = async () =>
      ((await (await callWith(mail, deskRequest('GET', '/api/admin/mail', { cookie }))).json()) as OwnerMailStatus).smtpConfigured;
    const before = process.env.SMTP_URL ?? '';
    try {
      vi.stubEnv('SMTP_URL', '');
      expect(await smtpConfigured()).toBe(false);
      vi.stubEnv('SMTP_URL', 'smtp://127.0.0.1:2525');
      expect(await smtpConfigured()).toBe(true);
    } finally {
      vi.stubEnv('SMTP_URL', before);
    }
  });

  test('a failed message whose body was dropped is listed as not resendable, and "send again" finds nothing to send', async () => {
    const [id, other] = await failedInquiryMails(database);
    // As recordDelivery leaves a failed confirmation (KINDS_WITH_SECRETS): no body, so no cancel token.
    await query(database, `UPDATE outbox SET text_body = '', html_body = '', attachments = '[]' WHERE id = $1`, [id]);
    const cookie = await ownerCookie(database);
    const status = (await (await callWith(mail, deskRequest('GET', '/api/admin/mail', { cookie }))).json()) as OwnerMailStatus;
    expect(Object.fromEntries(status.failed.map((message) => [message.id, message.resendable]))).toEqual({ [id!]: false, [other!]: true });
    const retried = await callWith(mail, deskRequest('POST', `/api/admin/mail/${id}/retry`, { cookie }));
    expect(retried.status).toBe(404);
    expect((await query<{ status: string }>(database, 'SELECT status FROM outbox WHERE id = $1', [id]))[0]?.status).toBe('failed');
  });

  test('"send again" puts one failed message back in line, once, and records who did it', async () => {
    const [id, other] = await failedInquiryMails(database);
    const cookie = await ownerCookie(database);
    const mark = await auditMark(database);
    const retried = await callWith(mail, deskRequest('POST', `/api/admin/mail/${id}/retry`, { cookie }));
    expect(retried.status).toBe(200);
    expect(await retried.json()).toEqual({ retried: id });
    const rows = await query<{ id: string; status: string; attempts: number }>(
      database,
      'SELECT id, status, attempts FROM outbox ORDER BY id',
    );
    expect(rows.find((row) => row.id === id)).toMatchObject({ status: 'pending', attempts: 0 });
    expect(rows.find((row) => row.id === other)).toMatchObject({ status: 'failed' });
    expect(await auditSince(database, mark)).toEqual([
      { actor: 'Dolores', action: 'mail_retried', target: id, detail: {} },
    ]);

    // It is no longer failed: a second click finds nothing to retry.
    expect((await callWith(mail, deskRequest('POST', `/api/admin/mail/${id}/retry`, { cookie }))).status).toBe(404);
    expect((await callWith(mail, deskRequest('POST', '/api/admin/mail/not-a-uuid/retry', { cookie }))).status).toBe(404);
  });

  test('refuses a retry from another site and any call without a session', async () => {
    const [id] = await failedInquiryMails(database);
    const cookie = await ownerCookie(database);
    const crossSite = deskRequest('POST', `/api/admin/mail/${id}/retry`, {
      cookie,
      from: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect((await callWith(mail, crossSite)).status).toBe(403);
    expect((await callWith(mail, deskRequest('GET', '/api/admin/mail'))).status).toBe(401);
    const [row] = await query<{ status: string }>(database, 'SELECT status FROM outbox WHERE id = $1', [id]);
    expect(row!.status).toBe('failed');
  });
});
