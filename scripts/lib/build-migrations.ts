/**
 * The migrations step of Netlify's build (`npm run build:netlify`, scripts/netlify-build.ts): whether a build applies
 * the pending migrations, and doing it with a report for the build log.
 */
import { migrate } from '../../netlify/lib/migrations';
import { existingDatabase, type DatabaseHandle } from './shared-harness/database';

/** Whether this build migrates, and the sentence the build log gets either way. */
export type BuildMigrationPlan = { migrate: boolean; reason: string };

/**
 * The rule: a build migrates DATABASE_URL only in Netlify's production context (CONTEXT=production), or in any
 * context when MIGRATE_ON_BUILD=true (for a deploy preview given a database of its own, e.g. a Neon branch): a
 * preview of an unmerged change must never change the production database. Without DATABASE_URL nothing is touched.
 * `npm run build` and `npm test` never run this step.
 */
export function buildMigrationPlan(env: NodeJS.ProcessEnv): BuildMigrationPlan {
  const context = env.CONTEXT?.trim() || 'none (not a Netlify build)';
  if (!env.DATABASE_URL?.trim()) {
    return {
      migrate: false,
      reason:
        `DATABASE_URL is not set for this build (context ${context}): no migration applied. ` +
        'Give it the Builds scope too, or run npm run db:migrate.',
    };
  }
  if (env.CONTEXT === 'production' || env.MIGRATE_ON_BUILD?.trim() === 'true') {
    return { migrate: true, reason: `context ${context}: applying the pending migrations to DATABASE_URL.` };
  }
  return {
    migrate: false,
    reason:
      `context ${context}: no migration applied (only production migrates, or MIGRATE_ON_BUILD=true with a ` +
      "database of this context's own). Functions meeting an older schema answer 503 naming the missing migrations.",
  };
}

/**
 * Applies the pending migrations to `url` (a server on this machine through a bridge of its own, like db:migrate),
 * writing one line per migration to `say`; two builds at once are safe (migrate() takes an advisory lock per file).
 * Throws when a migration fails, which fails the build: the deploy is not published.
 */
export async function migrateForBuild(
  url: string,
  wsProxy: string | undefined,
  say: (line: string) => void,
): Promise<string[]> {
  let database: DatabaseHandle | undefined;
  try {
    database = await existingDatabase(url, wsProxy);
    say(`Migrations: ${database.description}`);
    const { applied, alreadyApplied } = await migrate({ config: { url: database.url, wsProxy: database.wsProxy } });
    for (const name of applied) say(`  applied          ${name}`);
    say(
      applied.length > 0
        ? `Migrations: applied ${applied.length}, ${alreadyApplied.length} already there.`
        : `Migrations: the database is up to date (${alreadyApplied.length} applied before).`,
    );
    return applied;
  } finally {
    await database?.stop();
  }
}
