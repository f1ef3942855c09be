import type { Config } from '@netlify/functions';
import { withDatabase } from '../lib/db';
import { endpoint } from '../lib/http/endpoint';
import { reply } from '../lib/http/reply';
import { purgeExpiredKeys } from '../lib/idempotency';

/**
 * Scheduled every hour: deletes the idempotency keys (and their stored answers) older than 24 hours; answers
 * 200 { purged }. Netlify invokes it with POST; GET is accepted too, as there is nothing to protect: it only removes
 * what has already expired, and a scheduled function has no public address on a published site.
 */
export default endpoint('purge-idempotency-keys', ['POST', 'GET'], async (_req, context) => {
  const purged = await withDatabase(context, (db) => purgeExpiredKeys(db));
  return reply(200, { purged });
});

export const config: Config = { schedule: '@hourly' };
