/**
 * `npm run build:netlify`, Netlify's build command (netlify.toml): builds the site (`npm run build`), then applies the
 * pending migrations to DATABASE_URL when the rule of buildMigrationPlan says so (production, or MIGRATE_ON_BUILD=true),
 * and says what it did in the build log. A failed migration fails the build, so the deploy is not published. The site
 * is built first so that a broken build never touches the database.
 */
import { spawnSync } from 'node:child_process';
import { buildMigrationPlan, migrateForBuild } from './lib/build-migrations';

const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const plan = buildMigrationPlan(process.env);
console.log(`Migrations: ${plan.reason}`);
if (plan.migrate) {
  try {
    const wsProxy = process.env.NEON_WS_PROXY?.trim() || undefined;
    await migrateForBuild(process.env.DATABASE_URL!.trim(), wsProxy, (line) => console.log(line));
  } catch (error) {
    // The driver's message names a table or a file, never the connection string.
    console.error(`Migrations failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
