import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { migrate, readMigrations } from '../netlify/lib/migrations';
import { databases, freshDatabase, query, type FreshDatabase } from '../tests/api/support';

const ARGON2ID =
  '$argon2id$v=19$m=65536,t=3,p=4$c29tZXNhbHRzb21lc2FsdA$RdescudvJCsgt3ub+b+dWRWJTmaaJObG2c8DmPO5ZBw';
const SCRYPT = '$scrypt$ln=17,r=8,p=1$c29tZXNhbHRzb21lc2FsdA$RdescudvJCsgt3ub+b+dWRWJTmaaJObG2c8DmPO5ZBw';

describe.each(databases)('migrations on a fresh $name', (like) => {
  let database: FreshDatabase;
  beforeAll(async () => {
    database = await freshDatabase(like);
  });
  afterAll(async () => {
    await database.drop();
  });
  const config = () => ({ config: { url: database.url, wsProxy: database.wsProxy } });

  test('apply cleanly, then report everything as already applied', async () => {
    const all = (await readMigrations()).map((m) => `${m.version}_${m.name}`);
    expect(await migrate(config())).toEqual({ applied: all, alreadyApplied: [] });
    expect(await migrate(config())).toEqual({ applied: [], alreadyApplied: all });
    const recorded = await query(database, 'SELECT version, name FROM schema_migrations ORDER BY version');
    expect(recorded[0]).toEqual({ version: '001', name: 'initial_schema' });
    expect(recorded).toHaveLength(all.length);
  });

  test('create the spec tables with snake_case columns and defaults', async () => {
    const columns = await query<{ table_name: string; column_name: string; is_nullable: string }>(
      database,
      `SELECT table_name, column_name, is_nullable FROM information_schema.columns
       WHERE table_schema = 'public' AND table_name IN ('users', 'contact_inquiries', 'bookings')
       ORDER BY table_name, ordinal_position`,
    );
    const byTable = (table: string) =>
      columns.filter((column) => column.table_name === table).map((c) => `${c.column_name}${c.is_nullable === 'YES' ? '?' : ''}`);
    expect(byTable('users')).toEqual(['id', 'username', 'password']);
    expect(byTable('contact_inquiries')).toEqual([
      'id',
      'first_name',
      'last_name',
      'email',
      'phone',
      'event_type',
      'guest_count',
      'event_date',
      'event_location',
      'message?',
      'created_at',
      // The lead pipeline (migration 008).
      'status',
      'status_changed_at?',
      'opened_at?',
      // The estimate sent with an inquiry (migration 012): its inputs and the server's figures, both or neither.
      'estimate_request?',
      'estimate?',
    ]);
    expect(byTable('bookings')).toEqual([
      'id',
      'date',
      'time_slot',
      'is_available',
      'client_name?',
      'client_email?',
      'event_type?',
      'created_at',
      'updated_at',
      'kind',
      'cancelled_at?',
      'cancelled_by?',
      // Generated from client_email (canonical_mailbox, migration 006): the mailbox the hold limit counts.
      'client_mailbox?',
      // The owner's day (migration 008): the client's optional details, blocks as one block with a note, the owner's
      // reason for a cancellation, the calendar event's SEQUENCE.
      'phone?',
      'guest_count?',
      'event_location?',
      'block_id?',
      'block_note?',
      'cancel_reason?',
      'sequence',
      // The sale (migration 013): a tentative hold's end, the client's signature, the owner's countersignature.
      'tentative_until?',
      'signed_at?',
      'confirmed_at?',
      // The change policy (migration 014): how many times the client moved it through their link.
      'client_moves',
    ]);
    const [booking] = await query<{ is_available: boolean; id: string }>(
      database,
      "INSERT INTO bookings (date, time_slot, kind, block_id) VALUES ('2030-01-01', 'morning', 'block', gen_random_uuid()) RETURNING id, is_available",
    );
    expect(booking!.is_available).toBe(true);
    expect(booking!.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  test.each([
    ['plain text', 'hunter2', false],
    ['an unsalted sha256', 'f52fbd32b2b3b86ff88ef6c490628285f482af15ddcb29541f94bcf526a3f6c7', false],
    ['a bcrypt hash', '$2b$12$abcdefghijklmnopqrstuuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ01', false],
    ['an argon2i (not id) hash', ARGON2ID.replace('argon2id', 'argon2i'), false],
    ['an argon2id PHC string', ARGON2ID, true],
    ['a scrypt PHC string', SCRYPT, true],
  ])('users.password accepts %s: %s', async (_label, password, accepted) => {
    const attempt = query(database, 'INSERT INTO users (username, password) VALUES ($1, $2)', [
      `user_${Math.random()}`,
      password,
    ]);
    if (accepted) await expect(attempt).resolves.toEqual([]);
    else await expect(attempt).rejects.toMatchObject({ code: '23514' });
  });

  test('users.username is unique', async () => {
    await query(database, 'INSERT INTO users (username, password) VALUES ($1, $2)', ['owner', ARGON2ID]);
    await expect(
      query(database, 'INSERT INTO users (username, password) VALUES ($1, $2)', ['owner', SCRYPT]),
    ).rejects.toMatchObject({ code: '23505' });
  });

  test('at most one row holds a (date, slot); released rows do not count', async () => {
    const insert = (isAvailable: boolean) =>
      query(database, "INSERT INTO bookings (date, time_slot, is_available, kind, block_id) VALUES ('2030-02-01', 'evening', $1, 'block', gen_random_uuid())", [
        isAvailable,
      ]);
    await insert(false);
    await expect(insert(false)).rejects.toMatchObject({ code: '23505' });
    await insert(true);
    await insert(true);
    await query(database, "UPDATE bookings SET is_available = true WHERE date = '2030-02-01'");
    await insert(false);
    const rows = await query<{ is_available: boolean }>(
      database,
      "SELECT is_available FROM bookings WHERE date = '2030-02-01' ORDER BY is_available",
    );
    expect(rows.map((row) => row.is_available)).toEqual([false, true, true, true]);
  });

  test('refuses unknown time slots', async () => {
    await expect(
      query(database, "INSERT INTO bookings (date, time_slot, kind, block_id) VALUES ('2030-01-01', 'night', 'block', gen_random_uuid())"),
    ).rejects.toMatchObject({ code: '23514' });
  });

  test('updated_at moves when a booking changes, and only then', async () => {
    const [row] = await query<{ id: string; created_at: Date; updated_at: Date }>(
      database,
      "INSERT INTO bookings (date, time_slot, kind, block_id) VALUES ('2030-03-01', 'afternoon', 'block', gen_random_uuid()) RETURNING id, created_at, updated_at",
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    await query(database, 'UPDATE bookings SET client_name = client_name WHERE id = $1', [row!.id]);
    const [unchanged] = await query<{ updated_at: Date }>(database, 'SELECT updated_at FROM bookings WHERE id = $1', [
      row!.id,
    ]);
    expect(new Date(unchanged!.updated_at).getTime()).toBe(new Date(row!.updated_at).getTime());
    await query(database, 'UPDATE bookings SET is_available = false WHERE id = $1', [row!.id]);
    const [changed] = await query<{ created_at: Date; updated_at: Date }>(
      database,
      'SELECT created_at, updated_at FROM bookings WHERE id = $1',
      [row!.id],
    );
    expect(new Date(changed!.updated_at).getTime()).toBeGreaterThan(new Date(row!.updated_at).getTime());
    expect(new Date(changed!.created_at).getTime()).toBe(new Date(row!.created_at).getTime());
  });
});
