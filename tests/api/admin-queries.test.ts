import { afterEach, describe, expect, test, vi } from 'vitest';
import bookingsAdmin from '../../netlify/functions/admin-bookings';
import inquiries from '../../netlify/functions/admin-inquiries';
import inquiriesCsv from '../../netlify/functions/admin-inquiries-csv';
import inquirySearch, { config as searchConfig } from '../../netlify/functions/admin-inquiries-search';
import { isApiErrorBody } from '@shared/schemas/api-error';
import { INQUIRY_SEARCH_PATH } from '@shared/schemas/owner';
import { callWith, deskRequest, ownerCookie, resetOwnerTables } from './admin-support';
import { databases, query, useDatabase } from './support';

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

/** A cursor as the server writes it (base64url of `created_at|id`), naming any timestamp text. */
const cursorOf = (at: string, id = '00000000-0000-4000-8000-000000000001') => Buffer.from(`${at}|${id}`).toString('base64url');

async function refusal(response: Response): Promise<ErrorBody['error']> {
  expect(response.status).toBe(400);
  const body: unknown = await response.json();
  expect(isApiErrorBody(body), JSON.stringify(body)).toBe(true);
  return (body as ErrorBody).error;
}

test('the search function is served at the address the desk POSTs to (a literal Netlify can read)', () => {
  expect(searchConfig.path).toBe(INQUIRY_SEARCH_PATH);
});

describe.each(databases)('owner query parameters on $name', (database) => {
  useDatabase(database);
  resetOwnerTables(database);
  afterEach(() => vi.restoreAllMocks());

  // The three 500s of the security review, one test each.
  test('GET /api/admin/inquiries?q=%00 is a 400 saying where searches go, not SQLSTATE 22021', async () => {
    const cookie = await ownerCookie(database);
    const error = await refusal(await callWith(inquiries, deskRequest('GET', '/api/admin/inquiries?q=%00', { cookie })));
    expect(error.code).toBe('invalid_fields');
    expect(error.fields?.q).toContain('/api/admin/inquiries/search');
    const posted = await refusal(
      await callWith(inquirySearch, deskRequest('POST', '/api/admin/inquiries/search', { cookie, body: { q: 'Ann\u0000' } })),
    );
    expect(posted.fields).toEqual({ q: 'Please remove the hidden control characters from the search.' });
  });

  test.each([
    ['month 13, day 45, 99:99:99', '2026-13-45T99:99:99.000000Z'],
    ['30 February', '2027-02-30T12:00:00.000000Z'],
    ['hour 24', '2026-06-01T24:00:00.000000Z'],
    ['a leap second', '2026-06-30T23:59:60.000000Z'],
    ['year 0000 (no such year in Postgres)', '0000-01-01T00:00:00.000000Z'],
  ])('a cursor holding an impossible timestamp (%s) is a 400 invalid_cursor, not SQLSTATE 22008', async (_label, at) => {
    const cookie = await ownerCookie(database);
    const cursor = cursorOf(at);
    const listed = await refusal(await callWith(inquiries, deskRequest('GET', `/api/admin/inquiries?cursor=${cursor}`, { cookie })));
    expect(listed).toEqual({ code: 'invalid_cursor', message: expect.any(String), fields: { cursor: 'That page link is not valid; please start again.' } });
    const searched = await refusal(
      await callWith(inquirySearch, deskRequest('POST', '/api/admin/inquiries/search', { cookie, body: { q: 'ann', cursor } })),
    );
    expect(searched.code).toBe('invalid_cursor');
  });

  test('a cursor naming a real instant still pages (the check refuses only impossible ones)', async () => {
    const cookie = await ownerCookie(database);
    const response = await callWith(
      inquiries,
      deskRequest('GET', `/api/admin/inquiries?cursor=${cursorOf('0001-01-01T00:00:00.000000Z')}`, { cookie }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ inquiries: [], nextCursor: null });
  });

  test("GET /api/admin/bookings?from=2027-01-01'--&to=2027-02-01 is a 400 on `from`, not a RangeError", async () => {
    const cookie = await ownerCookie(database);
    const error = await refusal(
      await callWith(bookingsAdmin, deskRequest('GET', "/api/admin/bookings?from=2027-01-01'--&to=2027-02-01", { cookie })),
    );
    expect(error).toEqual({ code: 'invalid_fields', message: expect.any(String), fields: { from: 'Please choose a valid date.' } });
  });

  test.each([
    ['30 February', 'from=2027-02-30&to=2027-03-01', 'from'],
    ['a date given twice', 'from=2027-01-01&from=2027-01-02&to=2027-02-01', 'from'],
    ['a NUL in a date', 'from=2027-01-01%00&to=2027-02-01', 'from'],
    ['more than two years', 'from=2027-01-01&to=2029-01-03', 'to'],
  ])('GET /api/admin/bookings refuses %s with a 400 naming the parameter', async (_label, search, field) => {
    const cookie = await ownerCookie(database);
    const error = await refusal(await callWith(bookingsAdmin, deskRequest('GET', `/api/admin/bookings?${search}`, { cookie })));
    expect(Object.keys(error.fields ?? {})).toEqual([field]);
  });

  test('GET /api/admin/bookings answers the last two years of the calendar (9999-12-01 to 9999-12-31)', async () => {
    const cookie = await ownerCookie(database);
    const response = await callWith(bookingsAdmin, deskRequest('GET', '/api/admin/bookings?from=9999-12-01&to=9999-12-31', { cookie }));
    expect(response.status).toBe(200);
  });

  test('a cursor given twice is refused rather than one of them picked', async () => {
    const cookie = await ownerCookie(database);
    const cursor = cursorOf('2026-06-01T12:00:00.000000Z');
    const error = await refusal(
      await callWith(inquiries, deskRequest('GET', `/api/admin/inquiries?cursor=${cursor}&cursor=${cursor}`, { cookie })),
    );
    expect(error.code).toBe('invalid_cursor');
  });

  test('the search term reaches neither the request line nor the log line', async () => {
    await query(
      database,
      `INSERT INTO contact_inquiries (first_name, last_name, email, phone, event_type, guest_count, event_date, event_location)
       VALUES ('Secretia', 'Lookup', 'secretia@example.com', '5125550100', 'other', '5', '2027-01-01', 'Waco')`,
    );
    const cookie = await ownerCookie(database);
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(' ')));
    const request = deskRequest('POST', '/api/admin/inquiries/search', { cookie, body: { q: 'Secretia' } });
    expect(new URL(request.url).search).toBe('');
    const response = await callWith(inquirySearch, request);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { inquiries: Array<{ firstName: string }> }).inquiries.map((i) => i.firstName)).toEqual(['Secretia']);
    const csv = await callWith(inquiriesCsv, deskRequest('POST', '/api/admin/inquiries.csv', { cookie, body: { q: 'Secretia' } }));
    expect(await csv.text()).toContain('Secretia');
    // Even the refused old form: the log line holds the endpoint and status, never the address's query.
    await callWith(inquiries, deskRequest('GET', '/api/admin/inquiries?q=Secretia', { cookie }));
    expect(lines.filter((line) => line.includes('"endpoint"'))).toHaveLength(3);
    expect(lines.join('\n')).not.toMatch(/secretia|\?q=/i);
  });
});
