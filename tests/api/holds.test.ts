import { describe, expect, test } from 'vitest';
import bookings from '../../netlify/functions/bookings';
import { canonicalMailbox } from '../../netlify/lib/mailbox';
import type { BookingInput } from '@shared/schemas/booking';
import settings from '@content/settings.json';
import { addDaysUtc, todayUtc } from '@shared/schemas/dates';
import { HOLD_LIMIT_MESSAGE, MAX_FUTURE_HOLDS } from '@shared/schemas/holds';
import { EXPECTED_HEADERS, call, databases, headersOf, postJson, query, useDatabase } from './support';
import type { TestDatabase } from '../setup/database';

const SLOTS = ['morning', 'afternoon', 'evening'] as const;

/** The n-th free (date, slot) from 20 days ahead, booked by `email`. */
function reservation(n: number, email: string, patch: Partial<BookingInput> = {}): BookingInput {
  return {
    date: addDaysUtc(todayUtc(), 20 + Math.floor(n / SLOTS.length)),
    timeSlot: SLOTS[n % SLOTS.length]!,
    clientName: 'Hank Porter',
    clientEmail: email,
    eventType: 'birthday',
    ...patch,
  };
}

async function book(input: BookingInput): Promise<Response> {
  return call(bookings, postJson('/api/bookings', input));
}

async function holdsOf(database: TestDatabase, email: string): Promise<number> {
  const [row] = await query<{ n: number }>(
    database,
    'SELECT count(*)::int AS n FROM bookings WHERE lower(client_email) = lower($1) AND NOT is_available',
    [email],
  );
  return row!.n;
}

const LIMIT_REACHED = {
  error: { code: 'hold_limit_reached', message: HOLD_LIMIT_MESSAGE, fields: { clientEmail: HOLD_LIMIT_MESSAGE } },
};

describe('the hold-limit message', () => {
  test('names the limit and the phone number from the site settings', () => {
    expect(MAX_FUTURE_HOLDS).toBe(3);
    expect(HOLD_LIMIT_MESSAGE).toContain(settings.site.phone);
    expect(HOLD_LIMIT_MESSAGE).toContain(`${MAX_FUTURE_HOLDS} upcoming dates`);
  });
});

describe.each(databases)('at most 3 future holds per e-mail address on $name', (database) => {
  useDatabase(database);

  test('the 4th future hold of one address gets 422 hold_limit_reached, while another address still books', async () => {
    for (let n = 0; n < MAX_FUTURE_HOLDS; n += 1) {
      expect((await book(reservation(n, 'hank@example.com'))).status).toBe(201);
    }
    const fourth = await book(reservation(3, 'hank@example.com'));
    expect(fourth.status).toBe(422);
    expect(headersOf(fourth)).toMatchObject(EXPECTED_HEADERS);
    expect(await fourth.json()).toEqual(LIMIT_REACHED);
    expect(await holdsOf(database, 'hank@example.com')).toBe(3);

    // The very slot the 4th asked for is still free for somebody else.
    const other = await book(reservation(3, 'ann@example.com', { clientName: 'Ann' }));
    expect(other.status).toBe(201);
    expect(await holdsOf(database, 'ann@example.com')).toBe(1);
  });

  test('counts the address case-insensitively', async () => {
    const spellings = ['Hank@Example.com', 'hank@example.com', 'HANK@EXAMPLE.COM', 'hAnK@eXaMpLe.CoM'];
    for (const [n, email] of spellings.slice(0, 3).entries()) {
      expect((await book(reservation(n, email))).status).toBe(201);
    }
    const fourth = await book(reservation(3, spellings[3]!));
    expect(fourth.status).toBe(422);
    expect(((await fourth.json()) as { error: { code: string } }).error.code).toBe('hold_limit_reached');
  });

  test('past holds and released holds do not count; a hold for today does', async () => {
    // Three holds in the past (written directly: the API books no past dates) and one released hold.
    for (const days of [1, 2, 30]) {
      await query(
        database,
        `INSERT INTO bookings (date, time_slot, is_available, client_name, client_email, event_type)
         VALUES ($1, 'evening', false, 'Hank Porter', 'hank@example.com', 'birthday')`,
        [addDaysUtc(todayUtc(), -days)],
      );
    }
    expect((await book(reservation(0, 'hank@example.com'))).status).toBe(201);
    await query(database, 'UPDATE bookings SET is_available = true WHERE date = $1', [reservation(0, '').date]);
    expect((await book(reservation(1, 'hank@example.com'))).status).toBe(201);
    expect((await book(reservation(2, 'hank@example.com'))).status).toBe(201);
    // Today's hold is written directly too: by the afternoon (UTC) today's slots have started and cannot be booked.
    await query(
      database,
      `INSERT INTO bookings (date, time_slot, is_available, client_name, client_email, event_type)
       VALUES ($1, 'evening', false, 'Hank Porter', 'hank@example.com', 'birthday')`,
      [todayUtc()],
    );
    // Today's hold, plus two future ones: the limit.
    expect((await book(reservation(4, 'hank@example.com'))).status).toBe(422);
  });

  test('an address at its limit is told so even when the slot it asks for is also taken', async () => {
    for (let n = 0; n < MAX_FUTURE_HOLDS; n += 1) {
      expect((await book(reservation(n, 'hank@example.com'))).status).toBe(201);
    }
    const again = await book(reservation(0, 'hank@example.com'));
    expect(again.status).toBe(422);
    expect(await again.json()).toEqual(LIMIT_REACHED);
  });

  test('6 simultaneous bookings of different slots by one address: exactly 3 succeed', async () => {
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, n) => book(reservation(n, n % 2 ? 'Dolly@Example.com' : 'dolly@example.com'))),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([201, 201, 201, 422, 422, 422]);
    expect(await holdsOf(database, 'dolly@example.com')).toBe(3);
  });

  test('simultaneous bookings by several addresses: each address gets exactly 3', async () => {
    const emails = ['a@example.com', 'b@example.com', 'c@example.com'];
    const responses = await Promise.all(
      Array.from({ length: 15 }, (_, n) => book(reservation(n, emails[n % emails.length]!))),
    );
    expect(responses.filter((response) => response.status === 201)).toHaveLength(9);
    for (const email of emails) expect(await holdsOf(database, email)).toBe(3);
  });
});

// Spellings of one mailbox that the old count (lower(client_email)) took for three different people each.
const HOLD_VARIANTS = ['hold+1@example.com', 'Hold+2@Example.com', 'HOLD+tag+more@EXAMPLE.COM'];

describe.each(databases)('one mailbox, one hold limit on $name', (database) => {
  useDatabase(database);

  test('after 3 holds for hold@example.com, its +tag and case variants get 422 and hold nothing', async () => {
    for (let n = 0; n < MAX_FUTURE_HOLDS; n += 1) {
      expect((await book(reservation(n, 'hold@example.com'))).status).toBe(201);
    }
    for (const [n, email] of HOLD_VARIANTS.entries()) {
      const refused = await book(reservation(MAX_FUTURE_HOLDS + n, email));
      expect(refused.status, email).toBe(422);
      expect(await refused.json()).toEqual(LIMIT_REACHED);
    }
    const [row] = await query<{ n: number }>(database, 'SELECT count(*)::int AS n FROM bookings WHERE NOT is_available');
    expect(row!.n).toBe(MAX_FUTURE_HOLDS);
  });

  test('at gmail.com and googlemail.com the dots do not make another mailbox', async () => {
    const spellings = ['hold@gmail.com', 'h.old@gmail.com', 'Ho.Ld+party@googlemail.com', 'h.o.l.d@gmail.com'];
    for (const [n, email] of spellings.slice(0, 3).entries()) {
      expect((await book(reservation(n, email))).status, email).toBe(201);
    }
    expect((await book(reservation(3, spellings[3]!))).status).toBe(422);
  });

  test('other mailboxes stay apart: dots at example.com, a subdomain, another name', async () => {
    for (let n = 0; n < MAX_FUTURE_HOLDS; n += 1) {
      expect((await book(reservation(n, 'hold@example.com'))).status).toBe(201);
    }
    for (const [n, email] of ['h.old@example.com', 'hold@sub.example.com', 'holden@example.com'].entries()) {
      expect((await book(reservation(MAX_FUTURE_HOLDS + n, email))).status, email).toBe(201);
    }
  });

  test('holds stored before this rule (any spelling, any code path) count for their mailbox', async () => {
    // Written directly, as rows older than the mailbox column were: the database derives client_mailbox itself.
    for (const [n, email] of ['Hold+a@Example.com', 'hold+b@example.com', 'HOLD@example.com'].entries()) {
      const held = reservation(n, email);
      await query(
        database,
        `INSERT INTO bookings (date, time_slot, is_available, client_name, client_email, event_type)
         VALUES ($1, $2, false, 'Hank Porter', $3, 'birthday')`,
        [held.date, held.timeSlot, email],
      );
    }
    const stored = await query<{ client_mailbox: string }>(database, 'SELECT DISTINCT client_mailbox FROM bookings');
    expect(stored).toEqual([{ client_mailbox: 'hold@example.com' }]);
    expect((await book(reservation(MAX_FUTURE_HOLDS, 'hold@example.com'))).status).toBe(422);
  });

  test('6 simultaneous bookings by spellings of one mailbox: exactly 3 succeed', async () => {
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, n) => book(reservation(n, n % 2 ? `Dolly+${n}@Example.com` : `dolly+${n}@example.com`))),
    );
    expect(responses.map((response) => response.status).sort()).toEqual([201, 201, 201, 422, 422, 422]);
    const [row] = await query<{ n: number }>(
      database,
      "SELECT count(*)::int AS n FROM bookings WHERE client_mailbox = 'dolly@example.com' AND NOT is_available",
    );
    expect(row!.n).toBe(3);
  });

  test('the database reads every address as the mailbox canonicalMailbox reads', async () => {
    const addresses = [
      'hold@example.com',
      'Hold@Example.COM',
      'hold+1@example.com',
      'hold+a+b@example.com',
      'h.old@example.com',
      'h.old@gmail.com',
      'H.o.l.d+x@GoogleMail.com',
      'hold@sub.example.com',
      '+tag@example.com',
      "o'brien@example.com",
      'first.last+tag@Sub.Gmail.com',
      ' Spaced.Out+x@GMAIL.com ',
      'no-at-sign',
      'a@b@gmail.com',
      'trailing@example.com.',
    ];
    const rows = await query<{ address: string; mailbox: string }>(
      database,
      'SELECT address, canonical_mailbox(address) AS mailbox FROM unnest($1::text[]) AS address',
      [addresses],
    );
    expect(rows).toEqual(addresses.map((address) => ({ address, mailbox: canonicalMailbox(address) })));
  });
});
