import { describe, expect, test } from 'vitest';
import contact from '../../netlify/functions/contact';
import { inquiry } from '../fixtures';
import type { TestDatabase } from '../setup/database';
import { useTestSmtpServer } from './mail-support';
import { call, databases, postJson, query, useDatabase } from './support';

const OWNER = 'owner@lonestar.example';

describe.each(databases)('the desk link in inquiry mail on $name', (database: TestDatabase) => {
  useDatabase(database);
  const smtp = useTestSmtpServer(database, { ownerEmail: OWNER, mailFrom: 'Lone Star Mobile Bar <bookings@lonestar.example>' });

  test("the owner's notification links to the inquiry in the desk; the client's acknowledgement has no desk link", async () => {
    const response = await call(contact, postJson('/api/contact', inquiry()));
    expect(response.status).toBe(201);
    const [{ id }] = (await query<{ id: string }>(database, 'SELECT id FROM contact_inquiries')) as [{ id: string }];
    const received = await smtp.waitFor(2);
    const owner = received.find((mail) => mail.envelope.to[0] === OWNER)!;
    const client = received.find((mail) => mail.envelope.to[0] !== OWNER)!;
    const link = `https://lonestar.example/admin#inquiries/${id}`;
    expect(owner.parsed.text).toContain(link);
    expect(owner.parsed.html).toContain(`href="${link}"`);
    for (const body of [client.raw, client.parsed.text ?? '', String(client.parsed.html)]) {
      expect(body).not.toContain('/admin');
      expect(body).not.toContain(id);
    }
  });
});
