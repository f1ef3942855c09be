import { describe, expect, test } from 'vitest';
import { buildMigrationPlan } from './build-migrations';

const neonUrl = 'postgresql://app:secret@ep-x.neon.tech/db';

// migrateForBuild itself (two builds at once, what it prints) runs in tests/api/schema-behind.test.ts on a fresh database.
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
