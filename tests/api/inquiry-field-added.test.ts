import * as v from 'valibot';
import desk from '@content/desk.json' with { type: 'json' };
import fieldCopy from '@content/inquiry-fields.json' with { type: 'json' };
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { withDatabase } from '../../netlify/lib/db';
import { mailConfig } from '../../netlify/lib/mail/config';
import { createInquirySchema, type InquiryOutput } from '@shared/schemas/inquiry';
import type { OwnerInquiry } from '@shared/schemas/owner';
import { clock, inquiry as validInquiry } from '../fixtures';
import { databases, useDatabase } from './support';

// A field added to the list (and its label to the content) is all the SQL, the CSV and the mails need.
vi.mock('@shared/schemas/inquiry', async (importOriginal) => {
  const original = await importOriginal<typeof import('@shared/schemas/inquiry')>();
  return { ...original, INQUIRY_FIELDS: [...original.INQUIRY_FIELDS, { key: 'budget', column: 'budget', kind: 'text' }] };
});
vi.mock('@shared/inquiry-fields', async (importOriginal) => {
  const original = await importOriginal<typeof import('@shared/inquiry-fields')>();
  const copy = original.INQUIRY_FIELD_COPY;
  return { ...original, INQUIRY_FIELD_COPY: { ...copy, labels: { ...copy.labels, budget: 'Budget' } } };
});

// The modules under test, loaded after the mocks: a worker runs several files in one module registry (the api project
// does not isolate files), so an earlier file may hold them already, bound to the real list. They are loaded afresh
// here and dropped after this file, so the next file in this worker gets the real ones.
let modules: {
  createInquiry: typeof import('../../netlify/lib/inquiries/write').createInquiry;
  inquiryMessages: typeof import('../../netlify/lib/mail/messages').inquiryMessages;
  inquiriesCsv: typeof import('../../netlify/lib/inquiries/csv').inquiriesCsv;
  listInquiries: typeof import('../../netlify/lib/inquiries/read').listInquiries;
};
beforeAll(async () => {
  vi.resetModules();
  const [write, messages, csv, read] = await Promise.all([
    import('../../netlify/lib/inquiries/write'),
    import('../../netlify/lib/mail/messages'),
    import('../../netlify/lib/inquiries/csv'),
    import('../../netlify/lib/inquiries/read'),
  ]);
  modules = { ...write, ...messages, ...csv, ...read };
});
afterAll(() => {
  vi.resetModules();
});

// Not a field of today's schema: the test adds it.
type WithBudget<T> = T & { budget: string };

// The suite's valid inquiry as the schema hands it on, plus the new field.
const inquiry: WithBudget<InquiryOutput> = {
  ...v.parse(createInquirySchema(() => clock.now), validInquiry()),
  budget: 'About 4000 dollars',
};
// The same inquiry as stored (a message left out is null).
const fields = { ...inquiry, message: inquiry.message ?? null };

describe('a field added to INQUIRY_FIELDS', () => {
  test('reaches the mails under its label', () => {
    const config = mailConfig({
      SITE_URL: 'https://lonestar.example',
      OWNER_EMAIL: 'Owner <owner@lonestar.example>',
      MAIL_FROM: 'Lone Star Mobile Bar <bookings@lonestar.example>',
    });
    // A new field reaches the owner; the acknowledgement to the visitor-given address repeats only fields marked toVisitor.
    const [owner, client] = modules.inquiryMessages({ ...inquiry, id: 'x' }, config);
    expect(owner!.text).toContain('Budget: About 4000 dollars');
    expect(client!.text).not.toContain('Budget');
  });

  test('reaches the CSV as the column after the other fields (before the estimate\'s)', () => {
    const stored: WithBudget<OwnerInquiry> = {
      ...fields,
      id: 'x',
      createdAt: '2026-06-20T23:05:00.000Z',
      acknowledgementHeld: false,
      status: 'new',
      statusChangedAt: null,
      isNew: true,
      notes: [],
      estimate: null,
    };
    const [header, row] = modules.inquiriesCsv([stored]).slice(1).split('\r\n');
    // Every cell is quoted: split on the quotes, not on the commas a message may hold.
    const cells = (line: string): string[] => line.match(/"(?:[^"]|"")*"/g) ?? [];
    const headings = cells(header!);
    const budget = headings.indexOf('"Budget"');
    expect(headings[budget - 1]).toBe(`"${fieldCopy.labels.message}"`);
    expect(headings[budget + 1]).toBe(`"${desk.desk.inquiries.estimate.csv.package}"`);
    expect(cells(row!)[budget]).toBe('"About 4000 dollars"');
  });

  describe.each(databases)('on $name', (database) => {
    useDatabase(database);

    test('is stored in its column and read back under its key', async () => {
      await withDatabase(
        undefined,
        async (db) => {
          // The column exists only inside this transaction: the migration a real field would bring.
          await db.query('BEGIN');
          try {
            await db.query('ALTER TABLE contact_inquiries ADD COLUMN budget text');
            await modules.createInquiry(db, inquiry);
            const { inquiries } = await modules.listInquiries(db, { q: '' });
            expect(inquiries).toEqual([expect.objectContaining({ budget: 'About 4000 dollars', lastName: 'Rivera' })]);
          } finally {
            await db.query('ROLLBACK');
          }
        },
        { config: { url: database.url, wsProxy: database.wsProxy } },
      );
    });
  });
});
