import { ConfigError } from '../env';

/** The fields of a function's one log line: ids, names, figures and flags only. */
export type LogEntry = Record<string, string | number | boolean>;

// Per answer, not per process: an entry lives as long as its Response, so nothing carries over between requests.
const notes = new WeakMap<Response, LogEntry>();

/** Adds fields (flags and figures, never anything a visitor typed) to the log line of the request `response` answers. */
export function noteInLog(response: Response, entry: LogEntry): Response {
  notes.set(response, { ...notes.get(response), ...entry });
  return response;
}

/** The fields noted for `response`'s log line (see noteInLog). */
export function logNotes(response: Response): LogEntry {
  return notes.get(response) ?? {};
}

/**
 * Writes the one JSON log line of a request, stamped with the time. Callers pass only its id and outcome, never the
 * body, the query string or anything a visitor typed.
 */
export function logLine(entry: LogEntry): void {
  console.log(JSON.stringify({ at: new Date().toISOString(), ...entry }));
}

/** Writes a log line like logLine, at error level (stderr): for what an operator must fix, e.g. a missing setting. */
export function logErrorLine(entry: LogEntry): void {
  console.error(JSON.stringify({ at: new Date().toISOString(), ...entry }));
}

/**
 * What a log line says about a failure: the error's class and its driver code (e.g. "TypeError", "error 42P01"),
 * never its message; a configuration error also names its variable and the problem in our words, never the value
 * ("ConfigError DATABASE_URL: is not set").
 */
export function failureName(error: unknown): string {
  if (error instanceof ConfigError) return `${error.name} ${error.variable}: ${error.problem.replace(/\.$/, '')}`;
  const code = (error as { code?: unknown } | null)?.code;
  return `${error instanceof Error ? error.name : typeof error}${typeof code === 'string' ? ` ${code}` : ''}`;
}
