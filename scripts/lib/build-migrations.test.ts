import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readMigrations } from '../../netlify/lib/migrations';
import { databases, freshDatabase, query, type FreshDatabase } from '../../tests/api/support';
import { buildMigrationPlan, migrateForBuild } from './build-migrations';

const neonUrl = 'postgresql://app:secret@ep-x.neon.tech/db';

describe('buildMigrationPlan: which builds migrate', () => {
  test.each([
    ["Netlify's production build", { CONTEXT: 'production', DATABASE_URL: neonUrl }, true],
    ['a deploy preview', { CONTEXT: 'deploy-preview', DATABASE_URL: neonUrl }, false],
    ['a branch deploy', { CONTEXT: 'branch-deploy', DATABASE_URL: neonUrl }, false],
    ['a deploy preview with a database of its own', { CONTEXT: 'deploy-preview', DATABASE_URL: neonUrl, MIGRATE_ON_BUILD: 'true' }, true],
    ['a build on this machine (no CONTEXT)', { DATABASE_URL: neonUrl }, false],
    ['production without DATABASE_URL', { CONTEXT: 'production' }, false],
  ])('%s: %s', (_label, env, migrates) => {
    const plan = buildMigrationPlan(env);
    expect(plan.migrate).toBe(migrates);
    expect(plan.reason).not.toContain('secret');
  });

  test('a production build without DATABASE_URL says so in the build log', () => {
    expect(buildMigrationPlan({ CONTEXT: 'production' }).reason).toMatch(/^DATABASE_URL is not set for this build/);
  });
});

describe.each(databases)('migrateForBuild on a fresh $name', (like) => {
  let database: FreshDatabase;
  beforeAll(async () => {
    database = await freshDatabase(like);
  });
  afterAll(async () => {
    await database.drop();
  });

  test('two deploys building at once apply each migration exactly once, and each says what it did', async () => {
    const all = (await readMigrations()).map((migration) => `${migration.version}_${migration.name}`);
    const logs: string[][] = [[], []];
    const applied = await Promise.all(logs.map((log) => migrateForBuild(database.url, database.wsProxy, (line) => log.push(line))));
    expect(applied.flat().sort()).toEqual(all);
    expect(await query(database, 'SELECT count(*)::int AS n FROM schema_migrations')).toEqual([{ n: all.length }]);
    for (const log of logs) expect(log.at(-1)).toMatch(/^Migrations: (applied \d+, \d+ already there|the database is up to date)/);
    const again: string[] = [];
    expect(await migrateForBuild(database.url, database.wsProxy, (line) => again.push(line))).toEqual([]);
    expect(again.at(-1)).toBe(`Migrations: the database is up to date (${all.length} applied before).`);
  });
});
