import * as v from 'valibot';

/** Field name to the message shown next to that field: from the shared schema's issues or a 400's `error.fields`. */
export type FieldErrors = Record<string, string>;

/** The one error body every API endpoint answers with: `{ "error": { "code", "message", "fields"? } }`. */
export const ApiErrorBodySchema = v.object({
  error: v.object({
    code: v.string(),
    message: v.string(),
    // A malformed `fields` is dropped rather than losing the message with it.
    fields: v.fallback(v.optional(v.record(v.string(), v.string())), undefined),
  }),
});

/** The API's error body (what the server sends and the client reads). */
export type ApiErrorBody = v.InferOutput<typeof ApiErrorBodySchema>;

/** The `error` part of a parsed answer body, or undefined when the body does not have the API's error shape. */
export function parseApiError(body: unknown): ApiErrorBody['error'] | undefined {
  const result = v.safeParse(ApiErrorBodySchema, body);
  return result.success ? result.output.error : undefined;
}

/** Whether a parsed answer body has the API's error shape. */
export function isApiErrorBody(body: unknown): body is ApiErrorBody {
  return parseApiError(body) !== undefined;
}

/** Per-field messages from valibot issues: the first message for each top-level field name. */
export function fieldErrors(issues: readonly v.BaseIssue<unknown>[]): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path?.[0]?.key;
    if (typeof key !== 'string' || key in fields) continue;
    fields[key] = issue.message;
  }
  return fields;
}
