/**
 * `npm run db:migrate`: applies the pending migrations in db/migrations/ to DATABASE_URL, or, when it is not set,
 * to the embedded database `npm start` uses (see embeddedDataDir in scripts/lib/data-paths.ts).
 */
import { migrate } from '../netlify/lib/migrations';
import { keepNewFilesPrivate } from './lib/private-files';
import { projectDatabase, type DatabaseHandle } from './lib/shared-harness/database';

// The embedded database's new files (WAL segments) stay this user's only.
keepNewFilesPrivate();
let database: DatabaseHandle | undefined;
try {
  database = await projectDatabase(process.env, { joinRunning: true });
  console.log(`Database: ${database.description}`);
  const { applied, alreadyApplied } = await migrate({ config: { url: database.url, wsProxy: database.wsProxy } });
  for (const name of alreadyApplied) console.log(`  already applied  ${name}`);
  for (const name of applied) console.log(`  applied          ${name}`);
  console.log(applied.length > 0 ? `Applied ${applied.length} migration(s).` : 'The database is up to date.');
} catch (error) {
  console.error(`Migration failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await database?.stop();
}
