import type { Config } from '@netlify/functions';
import { withDatabase } from '../lib/db';
import { scheduled } from '../lib/http/scheduled';
import { applyRetention } from '../lib/jobs/retention';

/**
 * Every hour: deletes what the retention rules (netlify/lib/jobs/retention.ts) no longer keep, and logs how many rows
 * per rule, never a row's content. Two overlapping runs are harmless: each delete is idempotent.
 */
export default scheduled('retention', (context) =>
  withDatabase(context, (db) => applyRetention(db, new Date()), { statementTimeoutMs: 20_000, queryTimeoutMs: 25_000 }),
);

export const config: Config = { schedule: '@hourly' };
