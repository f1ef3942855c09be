import { requestDeadlineOf, startRequestDeadline } from '../deadline';
import { judgeFailure } from './failure';
import { logLine, logNotes, type LogEntry } from './log';
import { replyError } from './reply';

/** The part of Netlify's Context an endpoint uses. */
export type EndpointContext = {
  requestId?: string;
  waitUntil?: (promise: Promise<unknown>) => void;
  /** The named parts of the function's `config.path` pattern, as Netlify matched them (not percent-decoded). */
  params?: Record<string, string>;
  /** The visitor's IP address as Netlify saw the connection (never a header the visitor could set). */
  ip?: string;
};

/** A Netlify Functions v2 handler. */
export type Handler = (req: Request, context: EndpointContext) => Promise<Response>;

/**
 * Wraps an endpoint: answers 405 (with Allow) to other methods, turns an unreachable or slow database, unusable
 * settings and a schema older than the code (judgeFailure: the log line names the missing migrations) into 503 and
 * any other failure into a bare 500 (details stay in the log as an error name), and logs one line per request.
 */
export function endpoint(name: string, methods: readonly string[], handle: Handler): Handler {
  const allow = methods.join(', ');
  return async (req, context) => {
    const started = performance.now();
    const requestId = context?.requestId || crypto.randomUUID();
    let response: Response;
    let failure: LogEntry = {};
    if (!methods.includes(req.method)) {
      response = replyError(405, 'method_not_allowed', `This address only accepts ${allow}.`, {
        headers: { Allow: allow },
      });
    } else {
      try {
        const handlerContext = context ?? {};
        // Every connection the handler opens with this context works to this one deadline (withDatabase). A caller
        // that started one already keeps it: Netlify never does; a test running many requests in one process may.
        if (!requestDeadlineOf(handlerContext)) startRequestDeadline(handlerContext);
        response = await handle(req, handlerContext);
      } catch (error) {
        const judged = await judgeFailure(error, context);
        failure = judged.log;
        response = judged.unavailable
          ? replyError(
              503,
              'service_unavailable',
              'Our booking system is taking a short break. Please try again in a few minutes.',
              { headers: { 'Retry-After': '30' } },
            )
          : replyError(500, 'internal_error', 'Something went wrong on our side. Please try again.');
      }
    }
    logLine({
      requestId,
      endpoint: name,
      method: req.method,
      status: response.status,
      ms: Math.round(performance.now() - started),
      ...logNotes(response),
      ...failure,
    });
    return response;
  };
}
