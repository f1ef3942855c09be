import * as v from 'valibot';
import { isCalendarDate } from '../dates';

/** The message for a page link (cursor) this site did not write. */
export const INVALID_CURSOR_MESSAGE = 'That page link is not valid; please start again.';

/** The position a page of inquiries ends at: the last row's created_at (to the microsecond, UTC) and id. */
export type InquiryCursor = { at: string; id: string };

const CURSOR_SHAPE = /^[A-Za-z0-9_-]{1,200}$/;
const CURSOR_TEXT =
  /^((\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2}):(\d{2})\.\d{6}Z)\|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/**
 * The (created_at, id) a cursor names: base64url of `YYYY-MM-DDTHH:MM:SS.ffffffZ|uuid` naming a real instant, or
 * undefined (a 2026-13-45T99:99:99 cursor would reach Postgres as an impossible timestamp).
 */
export function parseInquiryCursor(cursor: string): InquiryCursor | undefined {
  // A base64 text of length 4n+1 cannot be decoded.
  if (!CURSOR_SHAPE.test(cursor) || cursor.length % 4 === 1) return undefined;
  let text: string;
  try {
    text = atob(cursor.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return undefined;
  }
  // Only the one spelling this site writes: other base64 texts of the same bytes (stray trailing bits) are refused.
  if (btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '') !== cursor) return undefined;
  const match = CURSOR_TEXT.exec(text);
  if (!match) return undefined;
  const [, at, date, hours, minutes, seconds, id] = match as unknown as [string, string, string, string, string, string, string];
  // Postgres has no year 0: 0000-01-01 is a JavaScript date but not a timestamp.
  const real = isCalendarDate(date) && date >= '0001' && Number(hours) < 24 && Number(minutes) < 60 && Number(seconds) < 60;
  return real ? { at, id } : undefined;
}

/** A cursor from the previous page, parsed to the position it names (refused when it names none). */
export const InquiryCursorSchema = v.pipe(
  v.string(INVALID_CURSOR_MESSAGE),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const cursor = parseInquiryCursor(dataset.value);
    if (cursor) return cursor;
    addIssue({ message: INVALID_CURSOR_MESSAGE });
    return NEVER;
  }),
);
