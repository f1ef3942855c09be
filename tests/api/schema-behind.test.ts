import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import availability from '../../netlify/functions/availability';
import retention from '../../netlify/functions/retention';
import { withDatabase } from '../../netlify/lib/db';
import { endpoint } from '../../netlify/lib/http/endpoint';
import { readMigrations } from '../../netlify/lib/migrations';
import { migrateForBuild } from '../../scripts/lib/build-migrations';
import { clock } from '../fixtures';
import { call, databases, freshDatabase, get, query, type FreshDatabase } from './support';

/** The JSON log lines written since the test began (console.log is spied on). */
function logLines(): Array<Record<string, unknown>> {
  return vi
    .mocked(console.log)
    .mock.calls.map((args) => String(args[0]))
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

// What a function of a newer release meets when its migration is missing: a table the schema does not have yet.
const probe = endpoint('probe', ['GET'], (_req, context) =>
  withDatabase(context, async (db) => {
    await db.query('SELECT * FROM a_table_of_the_next_release');
    return new Response(null, { status: 204 });
  }),
);

describe.each(databases)('a schema older than the code, on $name', (like) => {
  let database: FreshDatabase;
  const labels = async () => (await readMigrations()).map((migration) => `${migration.version}_${migration.name}`);
  const availabilityOf = () => call(availability, get(`/api/availability/${clock.day(21)}`));
  const runRetention = () => call(retention, new Request('http://localhost:8888/.netlify/functions/retention', { method: 'POST' }));

  beforeAll(async () => {
    database = await freshDatabase(like);
    vi.stubEnv('DATABASE_URL', database.url);
    vi.stubEnv('NEON_WS_PROXY', database.wsProxy);
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await database.drop();
  });
  beforeEach(() => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    return () => vi.restoreAllMocks();
  });

  test('unmigrated: an endpoint and a scheduled run answer 503, their log lines naming every missing migration', async () => {
    const missing = `missing ${(await labels()).join(', ')}`;
    const response = await availabilityOf();
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('30');
    expect((await runRetention()).status).toBe(503);
    expect(logLines()).toEqual([
      expect.objectContaining({ endpoint: 'availability', status: 503, failure: 'error 42P01', schemaBehind: missing }),
      expect.objectContaining({ scheduled: 'retention', failure: 'error 42P01', schemaBehind: missing }),
    ]);
  });

  test("after the build's migration step (two deploys building at once): the same endpoint answers 200", async () => {
    const all = await labels();
    const logs: string[][] = [[], []];
    const applied = await Promise.all(logs.map((log) => migrateForBuild(database.url, database.wsProxy, (line) => log.push(line))));
    expect(applied.flat().sort()).toEqual(all);
    for (const log of logs) expect(log.at(-1)).toMatch(/^Migrations: (applied \d+, \d+ already there|the database is up to date)/);
    const again: string[] = [];
    expect(await migrateForBuild(database.url, database.wsProxy, (line) => again.push(line))).toEqual([]);
    expect(again.at(-1)).toBe(`Migrations: the database is up to date (${all.length} applied before).`);
    expect((await availabilityOf()).status).toBe(200);
    expect((await runRetention()).status).toBe(204);
  });

  test('one migration short: 503 naming only the newest; once it is recorded, the same error is a plain 500', async () => {
    const newest = (await labels()).at(-1)!;
    const [row] = await query<Record<string, unknown>>(database, 'SELECT * FROM schema_migrations ORDER BY version DESC LIMIT 1');
    await query(database, 'DELETE FROM schema_migrations WHERE version = $1', [row!.version]);
    expect((await call(probe, get('/api/probe'))).status).toBe(503);
    expect(logLines().at(-1)).toMatchObject({ status: 503, failure: 'error 42P01', schemaBehind: `missing ${newest}` });

    await query(database, 'INSERT INTO schema_migrations (version, name, checksum, applied_at) VALUES ($1, $2, $3, $4)', [
      row!.version,
      row!.name,
      row!.checksum,
      row!.applied_at,
    ]);
    expect((await call(probe, get('/api/probe'))).status).toBe(500);
    expect(logLines().at(-1)).toMatchObject({ status: 500, failure: 'error 42P01' });
    expect(logLines().at(-1)).not.toHaveProperty('schemaBehind');
  });
});
