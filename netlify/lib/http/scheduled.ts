import { judgeFailure } from './failure';
import { logLine } from './log';
import type { EndpointContext, Handler } from './endpoint';

/** What a scheduled run reports: counts and flags only, so its log line can hold no address, subject, body or token. */
export type RunCounts = Readonly<Record<string, number | boolean>>;

/**
 * Wraps a scheduled function: runs `run`, writes one log line with the name, the counts `run` returns and the time
 * taken, and answers 204; if `run` throws, the line holds the error's class instead and the answer is a bare 500,
 * or 503 when the database is out of reach, a setting is unusable (the line names the variable) or the schema is
 * older than the code (the line names the missing migrations: see judgeFailure).
 */
export function scheduled(name: string, run: (context: EndpointContext) => Promise<RunCounts>): Handler {
  return async (_req, context) => {
    const started = performance.now();
    const requestId = context?.requestId || crypto.randomUUID();
    const ms = () => Math.round(performance.now() - started);
    try {
      const counts = await run(context ?? {});
      logLine({ requestId, ...counts, scheduled: name, ms: ms() });
      return new Response(null, { status: 204 });
    } catch (error) {
      const failure = await judgeFailure(error, context);
      logLine({ requestId, scheduled: name, ...failure.log, ms: ms() });
      return new Response(null, { status: failure.unavailable ? 503 : 500 });
    }
  };
}
