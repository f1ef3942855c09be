/**
 * `npm run db:migrate`: applies the pending migrations in db/migrations/ to DATABASE_URL, or, when it is not set,
 * to the embedded database in .data/pglite (the one `npm start` uses).
 */
import { isLocalDatabaseUrl } from '../netlify/lib/env';
import { migrate } from '../netlify/lib/migrations';
import { startEmbeddedDatabase, type EmbeddedDatabase } from './lib/embedded-db';
import { EMBEDDED_DATA_DIR } from './lib/paths';
import { startWsBridge, type WsBridge } from './lib/ws-bridge';

let embedded: EmbeddedDatabase | undefined;
let bridge: WsBridge | undefined;
try {
  if (!process.env.DATABASE_URL) {
    embedded = await startEmbeddedDatabase({ dataDir: EMBEDDED_DATA_DIR });
    process.env.DATABASE_URL = embedded.databaseUrl;
    process.env.NEON_WS_PROXY = embedded.wsProxy;
    console.log(`Embedded database: ${EMBEDDED_DATA_DIR}`);
  } else if (isLocalDatabaseUrl(process.env.DATABASE_URL) && !process.env.NEON_WS_PROXY) {
    bridge = await startWsBridge();
    process.env.NEON_WS_PROXY = bridge.address;
  }
  const { applied, alreadyApplied } = await migrate();
  for (const name of alreadyApplied) console.log(`  already applied  ${name}`);
  for (const name of applied) console.log(`  applied          ${name}`);
  console.log(applied.length > 0 ? `Applied ${applied.length} migration(s).` : 'The database is up to date.');
} catch (error) {
  console.error(`Migration failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await bridge?.stop();
  await embedded?.stop();
}
