import type { BaseIssue } from 'valibot';
import { fieldErrors } from '@shared/schemas/api-error';
import { replyError, replyInvalid } from './reply';

/**
 * The query parameters of `req` as one object for a shared schema to parse. A name given more than once maps to all
 * its values (an array), which a schema expecting one string refuses: `?cursor=a&cursor=b` is a 400, not whichever
 * came last.
 */
export function queryParams(req: Request): Record<string, string | string[]> {
  // No prototype: a parameter named __proto__ or constructor is a plain key like any other.
  const params: Record<string, string | string[]> = Object.create(null);
  for (const [name, value] of new URL(req.url).searchParams) {
    const seen = params[name];
    params[name] = seen === undefined ? value : [...[seen].flat(), value];
  }
  return params;
}

/**
 * The 400 for a refused list request: `invalid_cursor` when the page link (cursor) is all that is wrong, so a client
 * knows to start again from the first page; `invalid_fields` with the per-parameter messages otherwise.
 */
export function replyInvalidPage(issues: readonly BaseIssue<unknown>[]): Response {
  const fields = fieldErrors(issues);
  const names = Object.keys(fields);
  if (names.length === 1 && names[0] === 'cursor') return replyError(400, 'invalid_cursor', fields.cursor!, { fields });
  return replyInvalid(issues);
}
