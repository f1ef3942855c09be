import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import blocks from '../../netlify/functions/admin-blocks';
import bookingsAdmin from '../../netlify/functions/admin-bookings';
import inquiries from '../../netlify/functions/admin-inquiries';
import inquiriesCsv from '../../netlify/functions/admin-inquiries-csv';
import session from '../../netlify/functions/admin-session';
import { isApiErrorBody } from '@shared/schemas/api-error';
import { callWith, deskRequest, ownerCookie, resetOwnerTables } from './admin-support';
import { oneEngine, useDatabase } from './support';

// Fixed seed: the same hostile requests every run, so a failure reproduces.
const SEED = 20_261_123;
const RUNS = 40;

// Text a person or a bot might send: control characters, lone surrogates, NUL, SQL and LIKE metacharacters, long runs.
const hostileText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom("' OR 1=1 --", '%', '_', '\\', '\u0000', '\ud800', '=cmd|calc', '2027-02-29', '0000-01-01', '9999-99-99'),
  fc.string({ minLength: 190, maxLength: 260 }),
);

describe.each(oneEngine)('owner endpoints under hostile input on $name', (database) => {
  useDatabase(database);
  resetOwnerTables(database);

  test('query strings of the GET views answer 200 or a 400 in the error shape, never a 5xx', async () => {
    const cookie = await ownerCookie(database);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          { handler: inquiries, path: '/api/admin/inquiries' },
          { handler: inquiriesCsv, path: '/api/admin/inquiries.csv' },
          { handler: bookingsAdmin, path: '/api/admin/bookings' },
        ),
        fc.dictionary(fc.constantFrom('q', 'cursor', 'from', 'to', 'x'), hostileText, { maxKeys: 3 }),
        async (view, params) => {
          const search = new URLSearchParams(params).toString();
          const response = await callWith(view.handler, deskRequest('GET', `${view.path}?${search}`, { cookie }));
          expect([200, 400]).toContain(response.status);
          if (response.status === 400) expect(isApiErrorBody(await response.json())).toBe(true);
          else await response.arrayBuffer();
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
  });

  test('bodies of POST /api/admin/blocks and the sign-in answer 2xx, 400, 401, 409 or 429, never a 5xx', async () => {
    const cookie = await ownerCookie(database);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.record({ date: hostileText, timeSlot: fc.oneof(hostileText, fc.constantFrom('morning', 'all')) }, { requiredKeys: [] }),
          fc.record({ username: hostileText, password: hostileText }, { requiredKeys: [] }),
          fc.jsonValue({ maxDepth: 2 }),
        ),
        fc.boolean(),
        async (body, toBlocks) => {
          const response = toBlocks
            ? await callWith(blocks, deskRequest('POST', '/api/admin/blocks', { cookie, body: JSON.stringify(body) ?? 'null' }))
            : await callWith(session, deskRequest('POST', '/api/admin/session', { body: JSON.stringify(body) ?? 'null' }));
          expect([200, 201, 400, 401, 409, 429]).toContain(response.status);
          if (response.status >= 400) expect(isApiErrorBody(await response.json())).toBe(true);
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
  }, 300_000);
});
