import { describe, expect, test } from 'vitest';
import inquiries from '../../netlify/functions/admin-inquiries';
import inquiriesCsv from '../../netlify/functions/admin-inquiries-csv';
import inquirySearch from '../../netlify/functions/admin-inquiries-search';
import notesEndpoint from '../../netlify/functions/admin-inquiry-notes';
import openedEndpoint from '../../netlify/functions/admin-inquiry-opened';
import statusEndpoint from '../../netlify/functions/admin-inquiry-status';
import { INQUIRY_PAGE_SIZE, UNKNOWN_STATUS_MESSAGE, type OwnerInquiry, type OwnerInquiryNote, type OwnerInquiryPage } from '@shared/schemas/owner';
import { OWNER, auditMark, auditSince, callWith, deskRequest, ownerCookie, resetOwnerTables } from './admin-support';
import { oneEngine, query, useDatabase } from './support';

type Db = (typeof oneEngine)[number];

/** Stores an inquiry received `minutesAgo`, with `status`; answers its id. */
async function seedInquiry(database: Db, firstName = 'Hank', minutesAgo = 0, status = 'new'): Promise<string> {
  const [row] = await query<{ id: string }>(
    database,
    `INSERT INTO contact_inquiries
       (first_name, last_name, email, phone, event_type, guest_count, event_date, event_location, status, created_at)
     VALUES ($1, 'Porter', lower($1) || '@example.com', '(512) 555-0100', 'wedding', '80', '2027-05-01', 'Austin, TX', $2,
             now() - make_interval(mins => $3)) RETURNING id`,
    [firstName, status, minutesAgo],
  );
  return row!.id;
}

const statusOf = async (database: Db, id: string) =>
  (await query<{ status: string }>(database, 'SELECT status FROM contact_inquiries WHERE id = $1', [id]))[0]?.status;

describe.each(oneEngine)('the lead pipeline on $name', (database) => {
  useDatabase(database);
  resetOwnerTables(database);

  const setStatus = (id: string, status: unknown, cookie?: string) =>
    callWith(statusEndpoint, deskRequest('POST', `/api/admin/inquiries/${id}/status`, { cookie, body: { status } }));
  const addNote = (id: string, text: unknown, cookie?: string) =>
    callWith(notesEndpoint, deskRequest('POST', `/api/admin/inquiries/${id}/notes`, { cookie, body: { text } }));
  const list = async (path: string, cookie: string) => {
    const response = await callWith(inquiries, deskRequest('GET', path, { cookie }));
    expect(response.status).toBe(200);
    return (await response.json()) as OwnerInquiryPage;
  };

  describe('POST /api/admin/inquiries/{id}/status', () => {
    test('changes the status, answers the inquiry, and audits who changed it from what to what', async () => {
      const id = await seedInquiry(database);
      const cookie = await ownerCookie(database);
      const mark = await auditMark(database);
      const response = await setStatus(id, 'quoted', cookie);
      expect(response.status).toBe(200);
      const { inquiry } = (await response.json()) as { inquiry: OwnerInquiry };
      expect(inquiry).toMatchObject({ id, status: 'quoted', isNew: false, statusChangedAt: expect.stringMatching(/^\d{4}-/) });
      expect(await statusOf(database, id)).toBe('quoted');
      expect(await auditSince(database, mark)).toEqual([
        { actor: OWNER.username, action: 'inquiry_status_changed', target: id, detail: { from: 'new', to: 'quoted' } },
      ]);
    });

    test('setting the status it already has changes and audits nothing', async () => {
      const id = await seedInquiry(database, 'Hank', 0, 'contacted');
      const cookie = await ownerCookie(database);
      const mark = await auditMark(database);
      expect((await setStatus(id, 'contacted', cookie)).status).toBe(200);
      expect(await auditSince(database, mark)).toEqual([]);
    });

    test('two tabs changing it at once leave one consistent status and two audit entries that chain', async () => {
      const id = await seedInquiry(database);
      const cookie = await ownerCookie(database);
      const mark = await auditMark(database);
      const answers = await Promise.all([setStatus(id, 'contacted', cookie), setStatus(id, 'declined', cookie)]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      const entries = await auditSince(database, mark);
      expect(entries).toHaveLength(2);
      const [first, second] = entries.map((entry) => entry.detail as { from: string; to: string });
      // Whichever went first, the second replaced what the first set, and the row holds the second's status.
      expect(first!.from).toBe('new');
      expect(second!.from).toBe(first!.to);
      expect(await statusOf(database, id)).toBe(second!.to);
    });

    test('answers 400 with the known statuses for an unknown status, and changes nothing', async () => {
      const id = await seedInquiry(database);
      const cookie = await ownerCookie(database);
      for (const status of ['archived', 'NEW', '', 3, null]) {
        const response = await setStatus(id, status, cookie);
        expect(response.status).toBe(400);
        expect(await response.json()).toEqual({
          error: { code: 'invalid_fields', message: expect.any(String), fields: { status: UNKNOWN_STATUS_MESSAGE } },
        });
      }
      expect(UNKNOWN_STATUS_MESSAGE).toBe('Please choose a status: new, contacted, quoted, booked, declined.');
      expect(await statusOf(database, id)).toBe('new');
    });

    test('answers 404 for an unknown or malformed id', async () => {
      const cookie = await ownerCookie(database);
      for (const id of [crypto.randomUUID(), 'not-a-uuid']) {
        const response = await setStatus(id, 'quoted', cookie);
        expect(response.status).toBe(404);
        expect(((await response.json()) as { error: { code: string } }).error.code).toBe('not_found');
      }
    });

    test('answers 401 signed out and 403 cross-site, and changes nothing', async () => {
      const id = await seedInquiry(database);
      expect((await setStatus(id, 'quoted')).status).toBe(401);
      const cookie = await ownerCookie(database);
      const crossSite = await callWith(
        statusEndpoint,
        deskRequest('POST', `/api/admin/inquiries/${id}/status`, {
          cookie,
          body: { status: 'quoted' },
          from: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
        }),
      );
      expect(crossSite.status).toBe(403);
      expect(await statusOf(database, id)).toBe('new');
    });
  });

  describe('POST /api/admin/inquiries/{id}/notes', () => {
    test('appends notes with author and time, oldest first, and the list carries them', async () => {
      const id = await seedInquiry(database);
      const cookie = await ownerCookie(database);
      const first = await addNote(id, '  Called, left a voicemail.  ', cookie);
      expect(first.status).toBe(201);
      const { note } = (await first.json()) as { note: OwnerInquiryNote };
      expect(note).toEqual({
        id: expect.stringMatching(/^\d+$/),
        author: OWNER.username,
        body: 'Called, left a voicemail.',
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      });
      expect((await addNote(id, 'Quote sent:\n$1,800 for 80 guests.', cookie)).status).toBe(201);
      const [listed] = (await list('/api/admin/inquiries', cookie)).inquiries;
      expect(listed!.notes.map((entry) => [entry.author, entry.body])).toEqual([
        [OWNER.username, 'Called, left a voicemail.'],
        [OWNER.username, 'Quote sent:\n$1,800 for 80 guests.'],
      ]);
      // Writing a note counts as opening the inquiry.
      expect(listed!.isNew).toBe(false);
    });

    test('notes are append-only: the database refuses to change or delete one', async () => {
      const id = await seedInquiry(database);
      const cookie = await ownerCookie(database);
      await addNote(id, 'First thoughts', cookie);
      await expect(query(database, "UPDATE inquiry_notes SET body = 'rewritten'")).rejects.toThrow(/append-only/);
      await expect(query(database, 'DELETE FROM inquiry_notes')).rejects.toThrow(/append-only/);
      const rows = await query<{ body: string }>(database, 'SELECT body FROM inquiry_notes');
      expect(rows).toEqual([{ body: 'First thoughts' }]);
    });

    test.each([
      ['empty', '   ', 'Please write a note.'],
      ['too long', 'x'.repeat(2001), 'Please keep the note to 2,000 characters.'],
      ['not text', 42, 'Please write the note as text.'],
      ['with a bidi control', 'ok \u202e', 'Please remove the hidden text-direction marks from the note.'],
    ])('answers 400 for a note that is %s', async (_case, text, message) => {
      const id = await seedInquiry(database);
      const cookie = await ownerCookie(database);
      const response = await addNote(id, text, cookie);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({ text: message });
      expect(await query(database, 'SELECT 1 FROM inquiry_notes')).toEqual([]);
    });

    test('takes 2,000 characters; answers 404 for an unknown id and 401 signed out', async () => {
      const id = await seedInquiry(database);
      const cookie = await ownerCookie(database);
      expect((await addNote(id, 'x'.repeat(2000), cookie)).status).toBe(201);
      expect((await addNote(crypto.randomUUID(), 'Hello', cookie)).status).toBe(404);
      expect((await addNote(id, 'Hello')).status).toBe(401);
    });
  });

  describe('POST /api/admin/inquiries/{id}/opened', () => {
    test('clears the "new" mark once, keeping the first opening, and answers the inquiry with its notes', async () => {
      const id = await seedInquiry(database);
      const cookie = await ownerCookie(database);
      expect((await list('/api/admin/inquiries', cookie)).inquiries[0]!.isNew).toBe(true);
      const open = () => callWith(openedEndpoint, deskRequest('POST', `/api/admin/inquiries/${id}/opened`, { cookie }));
      const response = await open();
      expect(response.status).toBe(200);
      expect(((await response.json()) as { inquiry: OwnerInquiry }).inquiry).toMatchObject({ id, isNew: false, notes: [] });
      const [first] = await query<{ opened_at: Date }>(database, 'SELECT opened_at FROM contact_inquiries');
      await open();
      const [again] = await query<{ opened_at: Date }>(database, 'SELECT opened_at FROM contact_inquiries');
      expect(new Date(again!.opened_at).getTime()).toBe(new Date(first!.opened_at).getTime());
      expect((await list('/api/admin/inquiries', cookie)).inquiries[0]!.isNew).toBe(false);
    });

    test('answers 404 for an unknown id and 401 signed out', async () => {
      const cookie = await ownerCookie(database);
      const unknown = await callWith(openedEndpoint, deskRequest('POST', `/api/admin/inquiries/${crypto.randomUUID()}/opened`, { cookie }));
      expect(unknown.status).toBe(404);
      const anonymous = await callWith(openedEndpoint, deskRequest('POST', `/api/admin/inquiries/${crypto.randomUUID()}/opened`));
      expect(anonymous.status).toBe(401);
    });
  });

  describe('GET /api/admin/inquiries?status=', () => {
    test('lists one status, newest first, paging with the cursor without skipping or repeating', async () => {
      const total = INQUIRY_PAGE_SIZE + 5;
      // Quoted and new interleaved, so a page boundary falls among rows of the other status.
      await query(
        database,
        `INSERT INTO contact_inquiries (first_name, last_name, email, phone, event_type, guest_count, event_date,
           event_location, status, created_at)
         SELECT 'Guest' || n, 'Porter', 'hank@example.com', '5125550100', 'other', '5', '2027-01-01', 'Waco',
                CASE WHEN n % 2 = 0 THEN 'quoted' ELSE 'new' END, now() - make_interval(mins => n)
         FROM generate_series(0, $1 - 1) AS n`,
        [total * 2],
      );
      const cookie = await ownerCookie(database);
      const page1 = await list('/api/admin/inquiries?status=quoted', cookie);
      expect(page1.inquiries).toHaveLength(INQUIRY_PAGE_SIZE);
      expect(page1.nextCursor).toEqual(expect.any(String));
      const page2 = await list(`/api/admin/inquiries?status=quoted&cursor=${page1.nextCursor}`, cookie);
      expect(page2.nextCursor).toBeNull();
      const names = [...page1.inquiries, ...page2.inquiries].map((inquiry) => inquiry.firstName);
      expect(names).toEqual(Array.from({ length: total }, (_, index) => `Guest${index * 2}`));
      expect(new Set([...page1.inquiries, ...page2.inquiries].map((inquiry) => inquiry.status))).toEqual(new Set(['quoted']));
      // Without a status: all of them.
      expect((await list('/api/admin/inquiries', cookie)).inquiries[1]!.firstName).toBe('Guest1');
    });

    test('a search filters by status too', async () => {
      await seedInquiry(database, 'Hank', 0, 'booked');
      await seedInquiry(database, 'Hannah', 1, 'new');
      await seedInquiry(database, 'Bob', 2, 'booked');
      const cookie = await ownerCookie(database);
      const response = await callWith(
        inquirySearch,
        deskRequest('POST', '/api/admin/inquiries/search', { cookie, body: { q: 'han', status: 'booked' } }),
      );
      expect(response.status).toBe(200);
      expect(((await response.json()) as OwnerInquiryPage).inquiries.map((inquiry) => inquiry.firstName)).toEqual(['Hank']);
    });

    test('the CSV export follows the status filter, alone or with a search, audit logged as filtered', async () => {
      await seedInquiry(database, 'Hank', 0, 'booked');
      await seedInquiry(database, 'Hannah', 1, 'new');
      await seedInquiry(database, 'Bob', 2, 'booked');
      const cookie = await ownerCookie(database);
      const exported = async (body: unknown) => {
        const response = await callWith(inquiriesCsv, deskRequest('POST', '/api/admin/inquiries.csv', { cookie, body }));
        expect(response.status).toBe(200);
        return (await response.text()).trimEnd().split('\r\n').slice(1).map((row) => row.split(',')[2]);
      };
      const mark = await auditMark(database);
      expect(await exported({ q: '', status: 'booked' })).toEqual(['"Hank"', '"Bob"']);
      expect(await exported({ q: 'han', status: 'booked' })).toEqual(['"Hank"']);
      expect((await auditSince(database, mark)).map((entry) => entry.detail)).toEqual([
        { rows: 2, filtered: true },
        { rows: 1, filtered: true },
      ]);
      const refused = await callWith(inquiriesCsv, deskRequest('POST', '/api/admin/inquiries.csv', { cookie, body: { q: '', status: 'x' } }));
      expect(refused.status).toBe(400);
    });

    test('answers 400 naming the known statuses for an unknown one, and 401 signed out', async () => {
      const cookie = await ownerCookie(database);
      for (const path of ['/api/admin/inquiries?status=archived', '/api/admin/inquiries?status=new&status=quoted']) {
        const response = await callWith(inquiries, deskRequest('GET', path, { cookie }));
        expect(response.status).toBe(400);
        const { error } = (await response.json()) as { error: { code: string; fields: Record<string, string> } };
        expect(error.code).toBe('invalid_fields');
        expect(error.fields.status).toBeDefined();
      }
      const unknown = await callWith(inquiries, deskRequest('GET', '/api/admin/inquiries?status=archived', { cookie }));
      expect(((await unknown.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({
        status: UNKNOWN_STATUS_MESSAGE,
      });
      expect((await callWith(inquiries, deskRequest('GET', '/api/admin/inquiries?status=new'))).status).toBe(401);
    });
  });
});
