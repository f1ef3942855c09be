/**
 * `npm run mail:status`: what the e-mail outbox holds in DATABASE_URL (or the embedded database of `npm start`):
 * counts, then the messages still waiting and those that failed, without bodies and with masked recipients.
 * `-- --full` shows whole addresses and subjects; `-- --retry=<id>[,<id>…]` puts failed messages back in line.
 */
import { withDatabase } from '../netlify/lib/db';
import { countMessages, listFailedMessages, listWaitingMessages, retryFailedMessages } from '../netlify/lib/mail/outbox/report';
import { formatOutboxStatus } from '../netlify/lib/mail/status';
import { keepNewFilesPrivate } from './lib/private-files';
import { projectDatabase, type DatabaseHandle } from './lib/shared-harness/database';

const full = process.argv.includes('--full');
const retryArgument = process.argv.find((argument) => argument.startsWith('--retry='));
const retryIds = retryArgument ? retryArgument.slice('--retry='.length).split(',').filter(Boolean) : [];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// The embedded database's new files (WAL segments) stay this user's only.
keepNewFilesPrivate();
let database: DatabaseHandle | undefined;
try {
  const bad = retryIds.filter((id) => !UUID.test(id));
  if (bad.length > 0) throw new Error(`--retry takes message ids (UUIDs): ${bad.join(', ')}`);
  database = await projectDatabase(process.env, { joinRunning: true });
  const output = await withDatabase(undefined, async (db) => {
    const retried = retryIds.length > 0 ? await retryFailedMessages(db, retryIds) : undefined;
    const text = formatOutboxStatus(
      await countMessages(db),
      await listWaitingMessages(db),
      await listFailedMessages(db),
      full,
    );
    return retried === undefined ? text : `Put ${retried} of ${retryIds.length} failed message(s) back in line.\n\n${text}`;
  }, { config: { url: database.url, wsProxy: database.wsProxy } });
  process.stdout.write(output);
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`mail:status failed: ${message}`);
  if (/lock/i.test(message)) console.error('The embedded database is in use (is `npm start` running?). Stop it, or set DATABASE_URL.');
  process.exitCode = 1;
} finally {
  await database?.stop();
}
