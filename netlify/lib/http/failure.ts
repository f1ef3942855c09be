import { isUnavailableError, type BackgroundWork } from '../db';
import { describeMissing, schemaBehind } from '../schema-check';
import { failureName, type LogEntry } from './log';

/** What a request or a scheduled run that threw comes to: its log line's fields, and whether it is an outage. */
export type Failure = { log: LogEntry; unavailable: boolean };

/**
 * Judges what `work` threw, for endpoint() and scheduled(): an unreachable or slow database, an unusable setting (the
 * log names the variable) and a schema older than the code (schemaBehind: the log names the missing migrations) are
 * outages an operator ends (503); anything else is a bug (500). The log fields hold names and codes, never a message.
 */
export async function judgeFailure(error: unknown, context?: BackgroundWork): Promise<Failure> {
  const behind = await schemaBehind(error, context);
  return {
    log: { failure: failureName(error), ...(behind ? { schemaBehind: describeMissing(behind) } : {}) },
    unavailable: behind !== undefined || isUnavailableError(error),
  };
}
