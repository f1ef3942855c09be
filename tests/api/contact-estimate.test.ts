import { describe, expect, test } from 'vitest';
import desk from '@content/desk.json' with { type: 'json' };
import emails from '@content/emails.json' with { type: 'json' };
import contact from '../../netlify/functions/contact';
import inquiriesCsv from '../../netlify/functions/admin-inquiries-csv';
import { csvCell } from '../../netlify/lib/csv';
import { findInquiry } from '../../netlify/lib/inquiries/read';
import { withDatabase } from '../../netlify/lib/db';
import { formatCents } from '@shared/money';
import type { Estimate } from '@shared/pricing';
import { PRICES } from '@shared/prices';
import { addDaysUtc } from '@shared/schemas/dates';
import { fillTemplate } from '@shared/template';
import { formatLongDate, texasToday } from '@shared/texas-time';
import { clock, inquiry } from '../fixtures';
import { callWith, deskRequest, ownerCookie, resetOwnerTables } from './admin-support';
import { expectNoMoreMail, useTestSmtpServer } from './mail-support';
import { call, databases, postJson, query, useDatabase } from './support';

const OWNER = 'owner@lonestar.example';

// An event date 150 days or more ahead that no surcharge names, so the figures below hold whatever today is.
const holidays = new Set(PRICES.surcharges.flatMap((surcharge) => surcharge.dates));
let eventDate = clock.day(150);
while (holidays.has(eventDate)) eventDate = addDaysUtc(eventDate, 1);

/**
 * The estimate's inputs: a wedding bar without alcohol for 120 guests, 5 hours (one more than included), a champagne
 * toast named twice, at Austin's own downtown ZIP code (0 miles from the Austin area), on `eventDate`.
 */
const inputs = {
  packageId: 'wedding',
  serviceLevel: 'byob',
  guests: 120,
  hours: 5,
  zip: '78701',
  addOns: ['champagne-toast', 'champagne-toast'],
  date: eventDate,
};

// The figures worked out by hand from the price list's rates (not by the pricing function under test).
const wedding = PRICES.packages.wedding;
const toast = PRICES.addOns.find((addOn) => addOn.id === 'champagne-toast')!;
const bartenders = Math.max(PRICES.bartenders.minimum, Math.ceil(120 / PRICES.bartenders.guestsPer)); // 120 / 50 → 3
const bar = 120 * wedding.perGuestCents.byob; // 120 × $20 = $2,400
const extraHour = (5 - PRICES.hours.included) * bartenders * wedding.extraHourCents; // 1 h × 3 × $75 = $225
const toasts = 120 * toast.priceCents; // 120 × $3.50 = $420
const subtotal = bar + extraHour + toasts; // travel: 0 miles, $0
const tax = Math.floor((subtotal * PRICES.tax.rateBasisPoints + 5_000) / 10_000);
const TOTAL = subtotal + tax;
const DEPOSIT = Math.floor((TOTAL * PRICES.deposit.percent + 50) / 100);
const BALANCE = TOTAL - DEPOSIT;
const BALANCE_DUE = addDaysUtc(eventDate, -PRICES.deposit.balanceDaysBefore);

/** What a tampering browser adds: a total, lines and a deposit of its own. */
const tampered = {
  ...inputs,
  totalCents: 1,
  subtotalCents: 1,
  lines: [{ id: 'package', label: 'Everything, free', quantity: 1, unitCents: 1, amountCents: 1 }],
  deposit: { amountCents: 0, dueOn: '2000-01-01' },
};

type Row = { estimate_request: unknown; estimate: Estimate | null };

describe.each(databases)('POST /api/contact with an estimate on $name', (database) => {
  useDatabase(database);
  resetOwnerTables(database);
  const smtp = useTestSmtpServer(database, { ownerEmail: OWNER, mailFrom: 'Lone Star Mobile Bar <bookings@lonestar.example>' });

  const rows = () => query<Row>(database, 'SELECT estimate_request, estimate FROM contact_inquiries');
  const nothingStored = async () => {
    expect(await query(database, 'SELECT id FROM contact_inquiries')).toEqual([]);
    expect(await query(database, 'SELECT id FROM outbox')).toEqual([]);
  };

  test('stores the checked inputs and the figures the server worked out, never the total or lines sent', async () => {
    const before = texasToday(new Date());
    const response = await call(contact, postJson('/api/contact', inquiry({ eventDate, estimate: tampered })));
    const after = texasToday(new Date());
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const [row] = await rows();
    // The add-on named twice is asked once; nothing but the inputs is kept of what was sent.
    expect(row!.estimate_request).toEqual({ ...inputs, addOns: ['champagne-toast'] });
    const estimate = row!.estimate!;
    expect(estimate.lines.map((line) => [line.id, line.quantity, line.unitCents, line.amountCents])).toEqual([
      ['package', 120, wedding.perGuestCents.byob, bar],
      ['extra-hours', bartenders, wedding.extraHourCents, extraHour],
      ['champagne-toast', 120, toast.priceCents, toasts],
      ['travel', 0, PRICES.travel.perMileCents, 0],
    ]);
    expect(estimate).toMatchObject({ subtotalCents: subtotal, taxCents: tax, totalCents: TOTAL, bartenders });
    expect(estimate.totalCents).not.toBe(1);
    expect(estimate.lines.map((line) => line.label)).not.toContain('Everything, free');
    expect(estimate.travel).toEqual({ miles: 0, from: 'Austin' });
    expect(estimate.balance).toEqual({ amountCents: BALANCE, dueOn: BALANCE_DUE });
    expect(estimate.deposit.amountCents).toBe(DEPOSIT);
    expect([before, after]).toContain(estimate.deposit.dueOn);
    // The desk reads it back as stored.
    const read = await withDatabase(undefined, (db) => findInquiry(db, id));
    expect(read!.estimate).toEqual({ request: row!.estimate_request, estimate });
  });

  test('an estimate without a date is priced for the inquiry\'s event date: a Christmas party carries the holiday surcharge', async () => {
    const christmas = PRICES.surcharges[0]!.dates.find((date) => date > clock.day(40))!;
    const { date: _date, ...undated } = inputs;
    const response = await call(contact, postJson('/api/contact', inquiry({ eventDate: christmas, estimate: undated })));
    expect(response.status).toBe(201);
    const [row] = await rows();
    expect(row!.estimate_request).toMatchObject({ date: christmas });
    // 20% of the bar and its extras ($2,400 + $225 + $420 = $3,045): $609.
    expect(row!.estimate!.lines.find((line) => line.id === 'holiday')).toMatchObject({ amountCents: 60900 });
    expect(row!.estimate!.balance.dueOn).toBe(addDaysUtc(christmas, -PRICES.deposit.balanceDaysBefore));
  });

  test('the owner\'s and the client\'s e-mails, as the SMTP server got them, carry the same lines and total', async () => {
    const response = await call(contact, postJson('/api/contact', inquiry({ eventDate, estimate: tampered })));
    expect(response.status).toBe(201);
    const received = await expectNoMoreMail(database, smtp, 2);
    const owner = received.find((mail) => mail.envelope.to[0] === OWNER)!;
    const client = received.find((mail) => mail.envelope.to[0] === 'dolly@example.com')!;
    const [row] = await rows();
    const lines = row!.estimate!.lines;
    for (const [mail, heading] of [
      [owner, emails.inquiryOwner.estimateHeading],
      [client, emails.inquiryClient.estimateHeading],
    ] as const) {
      const text = mail.parsed.text!;
      expect(text).toContain(`${heading}:\n`);
      for (const line of lines) {
        expect(text).toContain(`${line.label}: ${formatCents(line.amountCents)} (${line.quantity} × ${formatCents(line.unitCents)})\n`);
      }
      expect(text).toContain(`${emails.estimate.total}: ${formatCents(TOTAL)}\n`);
      const due = fillTemplate(emails.estimate.balanceDue, { date: formatLongDate(BALANCE_DUE) });
      expect(text).toContain(`${emails.estimate.balance}: ${formatCents(BALANCE)} (${due})\n`);
      expect(text).not.toContain('Everything, free');
      const html = String(mail.parsed.html);
      expect(html).toContain(`>${formatCents(TOTAL)}</td>`);
      for (const line of lines) expect(html).toContain(`>${line.label}<br>`);
    }
    // The owner's also names the venue's ZIP code; the client's repeats nothing the visitor typed.
    expect(owner.parsed.text).toContain(inputs.zip);
    expect(client.parsed.text).not.toContain(inputs.zip);
  });

  test('the CSV carries the estimate\'s figures under their headings, in dollars', async () => {
    expect((await call(contact, postJson('/api/contact', inquiry({ eventDate, estimate: tampered })))).status).toBe(201);
    expect((await call(contact, postJson('/api/contact', inquiry({ firstName: 'Plain' })))).status).toBe(201);
    const cookie = await ownerCookie(database);
    const response = await callWith(inquiriesCsv, deskRequest('GET', '/api/admin/inquiries.csv', { cookie }));
    expect(response.status).toBe(200);
    const cells = (line: string): string[] => line.match(/"(?:[^"]|"")*"/g) ?? [];
    // Response.text() drops the byte-order mark already.
    const [header, ...lines] = (await response.text()).replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    const headings = desk.desk.inquiries.estimate.csv;
    const column = (heading: string) => cells(header!).indexOf(csvCell(heading));
    const priced = cells(lines.find((line) => line.includes('"Dolly"'))!);
    const plain = cells(lines.find((line) => line.includes('"Plain"'))!);
    const dollars = (cents: number) => `"${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}"`;
    expect(priced[column(headings.package)]).toBe(csvCell(wedding.label));
    expect(priced[column(headings.serviceLevel)]).toBe(csvCell(PRICES.serviceLevels.byob.label));
    expect(priced[column(headings.guests)]).toBe('"120"');
    expect(priced[column(headings.hours)]).toBe('"5"');
    expect(priced[column(headings.addOns)]).toBe(csvCell(toast.label));
    expect(priced[column(headings.total)]).toBe(dollars(TOTAL));
    expect(priced[column(headings.deposit)]).toBe(dollars(DEPOSIT));
    expect(priced[column(headings.balance)]).toBe(dollars(BALANCE));
    expect(priced[column(headings.balanceDue)]).toBe(`"${BALANCE_DUE}"`);
    // An inquiry without an estimate has empty cells there.
    for (const heading of Object.values(headings)) expect(plain[column(heading)]).toBe('""');
  });

  test.each([
    ['guests out of range', { ...inputs, guests: 0 }, 'Please enter at least 1 guest.'],
    ['a package we do not sell', { ...inputs, packageId: 'yacht' }, 'Please choose a package.'],
    ['an add-on the package does not offer', { ...inputs, addOns: ['branded-menus'] }, 'Please choose add-ons this package offers.'],
    ['no object at all', 'cheap please', 'Please send its package, service level, guests, hours and ZIP code.'],
  ])('an estimate with %s: 400 invalid_fields naming estimate, nothing stored', async (_case, estimate, reason) => {
    const response = await call(contact, postJson('/api/contact', inquiry({ estimate })));
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { code: string; fields: Record<string, string> } };
    expect(error.code).toBe('invalid_fields');
    expect(Object.keys(error.fields)).toEqual(['estimate']);
    expect(error.fields.estimate).toContain(reason);
    await nothingStored();
  });

  test('an estimate for a venue in Oklahoma: 400 outside_service_area with the price list\'s words, nothing stored', async () => {
    const response = await call(contact, postJson('/api/contact', inquiry({ estimate: { ...inputs, zip: '73102' } })));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: {
        code: 'outside_service_area',
        message: PRICES.copy.outsideServiceArea,
        fields: { estimate: PRICES.copy.outsideServiceArea },
      },
    });
    await nothingStored();
  });

  test.each([
    ['without an estimate', {}],
    ['with estimate: null', { estimate: null }],
  ])('an inquiry %s is stored and mailed as before', async (_case, patch) => {
    expect((await call(contact, postJson('/api/contact', inquiry(patch)))).status).toBe(201);
    expect(await rows()).toEqual([{ estimate_request: null, estimate: null }]);
    for (const mail of await expectNoMoreMail(database, smtp, 2)) {
      expect(mail.parsed.text).not.toContain(emails.inquiryOwner.estimateHeading);
      expect(mail.parsed.text).not.toContain(emails.inquiryClient.estimateHeading);
      expect(mail.parsed.text).not.toContain(emails.estimate.total);
    }
  });

  test('a retry with the same Idempotency-Key replays the answer: one inquiry, one estimate, one pair of mails', async () => {
    const body = inquiry({ eventDate, estimate: inputs });
    const send = () => call(contact, postJson('/api/contact', body, { 'idempotency-key': 'estimate-retry-1' }));
    const first = await send();
    const second = await send();
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(await second.json()).toEqual(await first.json());
    const stored = await rows();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.estimate!.totalCents).toBe(TOTAL);
    await expectNoMoreMail(database, smtp, 2);
    // The same key with another estimate is another request: refused, nothing more stored.
    const other = await call(
      contact,
      postJson('/api/contact', { ...body, estimate: { ...inputs, guests: 60 } }, { 'idempotency-key': 'estimate-retry-1' }),
    );
    expect(other.status).toBe(422);
    expect(await rows()).toHaveLength(1);
  });

  test.each([
    ['inputs without figures', `'{"zip": "78701"}'::jsonb`, 'NULL'],
    ['figures without inputs', 'NULL', `'{"lines": [], "totalCents": 100}'::jsonb`],
    ['a negative total', `'{}'::jsonb`, `'{"lines": [], "totalCents": -1}'::jsonb`],
    ['a total in fractions of a cent', `'{}'::jsonb`, `'{"lines": [], "totalCents": 10.5}'::jsonb`],
    ['no total', `'{}'::jsonb`, `'{"lines": []}'::jsonb`],
    ['lines that are no list', `'{}'::jsonb`, `'{"lines": "many", "totalCents": 100}'::jsonb`],
  ])('the table refuses an estimate with %s (migration 012)', async (_case, request, estimate) => {
    const insert = `INSERT INTO contact_inquiries (first_name, last_name, email, phone, event_type, guest_count, event_date,
      event_location, estimate_request, estimate)
      VALUES ('Ann', 'Lee', 'ann@example.com', '5125550100', 'other', '5', '2027-01-01', 'Waco', ${request}, ${estimate})`;
    await expect(query(database, insert)).rejects.toMatchObject({ code: '23514' });
    await nothingStored();
  });
});
