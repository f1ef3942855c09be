import { describe, expect, test, vi } from 'vitest';
import contact from '../../netlify/functions/contact';
import { inquiry as validInquiry, storedInquiry } from '../fixtures';
import { EXPECTED_HEADERS, call, databases, get, headersOf, postJson, query, useDatabase } from './support';

const inquiry = validInquiry();

type InquiryRow = Record<string, unknown> & { id: string; created_at: Date };

describe.each(databases)('POST /api/contact on $name', (database) => {
  useDatabase(database);

  test('stores the inquiry and answers 201 { id }', async () => {
    const response = await call(contact, postJson('/api/contact', inquiry));
    expect(response.status).toBe(201);
    const body = (await response.json()) as { id: string };
    expect(Object.keys(body)).toEqual(['id']);

    const rows = await query<InquiryRow>(database, 'SELECT * FROM contact_inquiries');
    expect(rows).toHaveLength(1);
    const { created_at, ...stored } = rows[0]!;
    // A new lead: status new, never opened, its status never changed (migration 008).
    expect(stored).toEqual({ id: body.id, ...storedInquiry(inquiry), status: 'new', status_changed_at: null, opened_at: null });
    expect(Date.now() - new Date(created_at).getTime()).toBeLessThan(60_000);
  });

  test('trims text, stores a numeric guest count as text and ignores unknown fields', async () => {
    const response = await call(
      contact,
      postJson('/api/contact', {
        ...inquiry,
        firstName: `  ${inquiry.firstName}  `,
        eventLocation: ` ${inquiry.eventLocation} `,
        guestCount: 45,
        message: '   ',
        id: '00000000-0000-0000-0000-000000000000',
        created_at: '1999-01-01',
        isAdmin: true,
      }),
    );
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    expect(id).not.toBe('00000000-0000-0000-0000-000000000000');
    const [row] = await query<InquiryRow>(database, 'SELECT * FROM contact_inquiries');
    expect(row).toMatchObject({ id, first_name: inquiry.firstName, event_location: inquiry.eventLocation, guest_count: '45', message: null });
    expect(new Date(row!.created_at).getFullYear()).not.toBe(1999);
  });

  test('answers with no-store and the security headers', async () => {
    const response = await call(contact, postJson('/api/contact', inquiry));
    expect(headersOf(response)).toMatchObject(EXPECTED_HEADERS);
  });

  test('answers 400 with a message per invalid field and stores nothing', async () => {
    const response = await call(
      contact,
      postJson('/api/contact', { ...inquiry, firstName: ' ', email: 'dolly@', guestCount: '0', eventDate: '2026-02-30' }),
    );
    expect(response.status).toBe(400);
    expect(headersOf(response)).toMatchObject(EXPECTED_HEADERS);
    expect(await response.json()).toEqual({
      error: {
        code: 'invalid_fields',
        message: 'Please check the highlighted fields and try again.',
        fields: {
          firstName: 'Please enter your first name.',
          email: 'Please enter a valid email address.',
          guestCount: 'Please enter at least 1 guest.',
          eventDate: 'Please choose a valid event date.',
        },
      },
    });
    expect(await query(database, 'SELECT id FROM contact_inquiries')).toEqual([]);
  });

  test('accepts a missing message (the only optional field)', async () => {
    const { message: _message, ...withoutMessage } = inquiry;
    expect((await call(contact, postJson('/api/contact', withoutMessage))).status).toBe(201);
  });

  test.each([
    ['a JSON array', '[]'],
    ['a JSON string', '"hello"'],
    ['null', 'null'],
  ])('answers 400 to %s', async (_label, body) => {
    const response = await call(contact, postJson('/api/contact', body));
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('invalid_fields');
  });

  test('answers 400 with a plain message when the body is no object at all', async () => {
    const response = await call(contact, postJson('/api/contact', '"hello"'));
    expect(await response.json()).toEqual({
      error: { code: 'invalid_fields', message: 'Please send the inquiry form fields.' },
    });
  });

  test.each([
    ['broken JSON', '{"firstName": "Dolly",'],
    ['an empty body', ''],
  ])('answers 400 invalid_json to %s', async (_label, body) => {
    const response = await call(contact, postJson('/api/contact', body));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: { code: 'invalid_json', message: 'We could not read that request. Please try again.' },
    });
  });

  test('answers 400 to a body that is not UTF-8', async () => {
    const request = new Request('http://localhost:8888/api/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
    });
    const response = await call(contact, request);
    expect(response.status).toBe(400);
  });

  test.each([
    ['text/plain'],
    ['application/x-www-form-urlencoded'],
    ['multipart/form-data; boundary=x'],
  ])('answers 415 to Content-Type %s', async (contentType) => {
    const response = await call(
      contact,
      postJson('/api/contact', inquiry, { 'content-type': contentType }),
    );
    expect(response.status).toBe(415);
    expect(headersOf(response)).toMatchObject(EXPECTED_HEADERS);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('unsupported_media_type');
    expect(await query(database, 'SELECT id FROM contact_inquiries')).toEqual([]);
  });

  test('accepts application/json with a charset', async () => {
    const response = await call(
      contact,
      postJson('/api/contact', inquiry, { 'content-type': 'Application/JSON; charset=UTF-8' }),
    );
    expect(response.status).toBe(201);
  });

  test('answers 413 to a body over 16 KB, stores nothing', async () => {
    const response = await call(contact, postJson('/api/contact', { ...inquiry, message: 'x'.repeat(17_000) }));
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      error: {
        code: 'payload_too_large',
        message: 'That request is too large. Please shorten your message and try again.',
      },
    });
    expect(await query(database, 'SELECT id FROM contact_inquiries')).toEqual([]);
  });

  test('answers 413 to a streamed body over 16 KB without Content-Length, reading no further', async () => {
    let pulled = 0;
    const chunk = new TextEncoder().encode(`{"message":"${'x'.repeat(4_000)}`);
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        // An endless body: only the cap can end this request.
        controller.enqueue(chunk);
      },
    });
    const request = new Request('http://localhost:8888/api/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(request.headers.get('content-length')).toBeNull();
    const response = await call(contact, request);
    expect(response.status).toBe(413);
    expect(pulled).toBeLessThan(10);
  });

  test('answers 413 from Content-Length alone', async () => {
    const request = postJson('/api/contact', inquiry, { 'content-length': '999999' });
    const response = await call(contact, request);
    expect(response.status).toBe(413);
  });

  test.each(['GET', 'PUT', 'DELETE', 'PATCH'])('answers 405 with Allow: POST to %s', async (method) => {
    const request = method === 'GET' ? get('/api/contact') : new Request('http://localhost:8888/api/contact', { method });
    const response = await call(contact, request);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    expect(headersOf(response)).toMatchObject(EXPECTED_HEADERS);
    expect(await response.json()).toEqual({
      error: { code: 'method_not_allowed', message: 'This address only accepts POST.' },
    });
  });

  test('answers a bot (filled honeypot) with a normal 201 and stores nothing', async () => {
    const response = await call(contact, postJson('/api/contact', { ...inquiry, website: 'https://spam.example' }));
    expect(response.status).toBe(201);
    const body = (await response.json()) as { id: string };
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await query(database, 'SELECT id FROM contact_inquiries')).toEqual([]);
  });

  test('logs one line with the request id and outcome, and no personal data', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    await call(contact, postJson('/api/contact', inquiry));
    await call(contact, postJson('/api/contact', { ...inquiry, email: 'bad' }));
    const logged = log.mock.calls.map((args) => args.join(' '));
    // Nothing logged while these requests ran holds personal data, whatever logged it.
    for (const line of logged) {
      for (const personal of [inquiry.firstName, inquiry.lastName, inquiry.email, inquiry.phone.slice(-8), inquiry.eventLocation, inquiry.message!]) {
        expect(line).not.toContain(personal);
      }
    }
    // One request line each. (Files share their worker's process: a line another file's late work logs in the
    // meantime is not one of these.)
    const lines = logged.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => 'endpoint' in entry);
    expect(lines).toHaveLength(2);
    for (const entry of lines) {
      expect(entry).toMatchObject({ endpoint: 'contact', method: 'POST' });
      expect(entry.requestId).toMatch(/^test-/);
    }
    expect(lines.map((entry) => entry.status)).toEqual([201, 400]);
  });
});
