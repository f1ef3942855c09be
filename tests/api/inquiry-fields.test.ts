import * as v from 'valibot';
import desk from '@content/desk.json' with { type: 'json' };
import { describe, expect, test } from 'vitest';
import { withDatabase, type Queryable } from '../../netlify/lib/db';
import { createInquiry } from '../../netlify/lib/inquiries/write';
import { mailConfig } from '../../netlify/lib/mail/config';
import { inquiryMessages } from '../../netlify/lib/mail/messages';
import { escapeHtml } from '../../netlify/lib/mail/render';
import { inquiriesCsv } from '../../netlify/lib/inquiries/csv';
import { exportInquiries, listInquiries } from '../../netlify/lib/inquiries/read';
import { csvCell } from '../../netlify/lib/csv';
import { INQUIRY_FIELD_COPY, inquiryFieldText } from '@shared/inquiry-fields';
import { INQUIRY_FIELDS, createInquirySchema, type InquiryOutput } from '@shared/schemas/inquiry';
import { clock, inquiry as validInquiry } from '../fixtures';
import { databases, useDatabase } from './support';

const { labels } = INQUIRY_FIELD_COPY;

/** The quoted cells of one CSV line (every cell is quoted). */
const cells = (line: string): string[] => line.match(/"(?:[^"]|"")*"/g) ?? [];

const inquiry: InquiryOutput = v.parse(
  createInquirySchema(() => clock.now),
  validInquiry({ eventType: 'corporate', message: 'Ranch wedding, outdoor bar please.' }),
);

const config = mailConfig({
  SITE_URL: 'https://lonestar.example',
  OWNER_EMAIL: 'Owner <owner@lonestar.example>',
  MAIL_FROM: 'Lone Star Mobile Bar <bookings@lonestar.example>',
});

describe('the CSV of inquiries', () => {
  const stored = { ...inquiry, message: inquiry.message ?? null, id: 'x', createdAt: '2026-06-20T23:05:00.000Z', acknowledgementHeld: false,
    status: 'quoted' as const, statusChangedAt: null, isNew: false, notes: [], estimate: null };

  test('heads its columns with "received", "status", every field\'s label in the list\'s order, then the estimate\'s', () => {
    const header = inquiriesCsv([]).slice(1).split('\r\n')[0];
    const fields = [INQUIRY_FIELD_COPY.received, INQUIRY_FIELD_COPY.status, ...INQUIRY_FIELDS.map((field) => labels[field.key])];
    expect(header).toBe([...fields, ...Object.values(desk.desk.inquiries.estimate.csv)].map(csvCell).join(','));
  });

  test.each(INQUIRY_FIELDS)('holds $key under its label', (field) => {
    const [header, row] = inquiriesCsv([stored]).slice(1).split('\r\n');
    const column = cells(header!).indexOf(csvCell(labels[field.key]));
    expect(column).toBeGreaterThan(0);
    expect(cells(row!)[column]).toBe(csvCell(stored[field.key]));
  });

  test('holds the status, and never the private notes', () => {
    const note = { id: '1', author: 'Dolores', body: 'Secret margin', createdAt: '2026-06-21T00:00:00.000Z' };
    const csv = inquiriesCsv([{ ...stored, notes: [note] }]);
    const [header, row] = csv.slice(1).split('\r\n');
    expect(cells(row!)[cells(header!).indexOf(csvCell(INQUIRY_FIELD_COPY.status))]).toBe(csvCell('quoted'));
    expect(csv).not.toContain('Secret margin');
  });
});

describe('the inquiry mails', () => {
  test.each(INQUIRY_FIELDS)('show $key under its label to the owner, and to the client only when marked toVisitor', (field) => {
    const text = inquiryFieldText(inquiry, field)!;
    const [owner, client] = inquiryMessages({ ...inquiry, id: 'x' }, config);
    for (const message of field.toVisitor ? [owner!, client!] : [owner!]) {
      expect(message.text).toContain(`${labels[field.key]}: ${text}`);
      expect(message.html).toContain(escapeHtml(labels[field.key]));
      expect(message.html).toContain(escapeHtml(text));
    }
    if (!field.toVisitor) expect(client!.text).not.toContain(`${labels[field.key]}:`);
  });
});

describe.each(databases)('stored inquiry fields on $name', (database) => {
  useDatabase(database);
  const onDatabase = <T>(work: (db: Queryable) => Promise<T>) =>
    withDatabase(undefined, work, { config: { url: database.url, wsProxy: database.wsProxy } });

  test('every field is stored in its column and read back under its key, for the desk and the CSV', async () => {
    const { id } = await onDatabase((db) => createInquiry(db, inquiry));
    const { inquiries } = await onDatabase((db) => listInquiries(db, { q: '' }));
    const exported = await onDatabase((db) => exportInquiries(db, ''));
    const fields = Object.fromEntries(INQUIRY_FIELDS.map((field) => [field.key, inquiry[field.key]]));
    expect(inquiries).toEqual([
      {
        id,
        ...fields,
        createdAt: expect.stringMatching(/Z$/),
        acknowledgementHeld: false,
        status: 'new',
        statusChangedAt: null,
        isNew: true,
        notes: [],
        estimate: null,
      },
    ]);
    expect(exported).toEqual(inquiries);
  });

  test('an optional field left out is stored as null', async () => {
    await onDatabase((db) => createInquiry(db, { ...inquiry, message: undefined }));
    const [stored] = await onDatabase((db) => exportInquiries(db, ''));
    expect(stored!.message).toBeNull();
  });
});
