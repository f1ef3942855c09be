import { describe, expect, test } from 'vitest';
import estimate from '../../netlify/functions/estimate';
import { fixedClock, freezeClock } from '../fixtures';
import { EXPECTED_HEADERS, call, databases, get, headersOf, postJson, query, useDatabase } from './support';

// Noon in Texas on 27 November 2026: the due dates below count from it.
freezeClock(fixedClock(new Date('2026-11-27T18:00:00.000Z')));

const wedding = {
  packageId: 'wedding',
  serviceLevel: 'premium',
  guests: 120,
  hours: 5,
  zip: '78701',
  addOns: ['champagne-toast'],
  date: '2027-05-15',
};

describe.each(databases)('POST /api/estimate on $name', (database) => {
  useDatabase(database);

  test('prices a 120-guest premium wedding in Austin for 5 hours with the champagne toast', async () => {
    const response = await call(estimate, postJson('/api/estimate', wedding));
    expect(response.status).toBe(200);
    expect(headersOf(response)).toMatchObject(EXPECTED_HEADERS);
    expect(await response.json()).toEqual({
      estimate: {
        lines: [
          { id: 'package', label: 'Wedding bar, alcohol included: 4 hours for 120 guests', quantity: 120, unitCents: 4800, amountCents: 576000 },
          { id: 'extra-hours', label: '1 extra hour × 3 bartenders', quantity: 3, unitCents: 7500, amountCents: 22500 },
          { id: 'champagne-toast', label: 'Champagne toast for 120 guests', quantity: 120, unitCents: 350, amountCents: 42000 },
          { id: 'travel', label: 'Travel: 0 miles from Austin, the first 25 free', quantity: 0, unitCents: 90, amountCents: 0 },
        ],
        subtotalCents: 640500,
        taxCents: 0,
        totalCents: 640500,
        deposit: { amountCents: 320250, dueOn: '2026-11-27' },
        balance: { amountCents: 320250, dueOn: '2027-04-15' },
        travel: { miles: 0, from: 'Austin' },
        bartenders: 3,
      },
    });
  });

  test('names each field it cannot price, with the call-us sentence above 350 guests', async () => {
    const response = await call(
      estimate,
      postJson('/api/estimate', { ...wedding, guests: 400, hours: 0, zip: '787', addOns: ['branded-menus'], date: '2026-11-01' }),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: {
        code: 'invalid_fields',
        message: 'Please check the highlighted fields and try again.',
        fields: {
          guests: 'For a party of more than 350 guests, please call us at (512) 555-0142: we staff it specially.',
          hours: 'Please enter a whole number of hours from 1 to 8.',
          zip: 'Please enter a 5-digit ZIP code.',
          date: 'Please choose an event date of today or later.',
          addOns: 'Please choose add-ons this package offers.',
        },
      },
    });
  });

  test('refuses a venue in Oklahoma as outside the service area', async () => {
    const response = await call(estimate, postJson('/api/estimate', { ...wedding, zip: '74101' }));
    expect(response.status).toBe(400);
    const message = 'We price events in Texas: please enter the 5-digit ZIP code of a Texas venue.';
    expect(await response.json()).toEqual({ error: { code: 'outside_service_area', message, fields: { zip: message } } });
  });

  test.each([
    ['a body that is not JSON', () => postJson('/api/estimate', '{"guests": 12'), 400, 'invalid_json'],
    ['a form post', () => new Request('http://localhost:8888/api/estimate', { method: 'POST', body: 'guests=12' }), 415, 'unsupported_media_type'],
    ['a GET', () => get('/api/estimate'), 405, 'method_not_allowed'],
  ])('answers %s with its error', async (_name, request, status, code) => {
    const response = await call(estimate, request());
    expect(response.status).toBe(status);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe(code);
  });

  test('is a read: nothing is stored', async () => {
    const counts = () =>
      query(
        database,
        `SELECT (SELECT count(*)::int FROM contact_inquiries) AS inquiries, (SELECT count(*)::int FROM bookings) AS bookings,
                (SELECT count(*)::int FROM outbox) AS mails, (SELECT count(*)::int FROM idempotency_keys) AS keys`,
      );
    const before = await counts();
    expect((await call(estimate, postJson('/api/estimate', wedding))).status).toBe(200);
    expect(await counts()).toEqual(before);
  });
});
