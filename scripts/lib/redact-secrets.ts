import type { Readable, Writable } from 'node:stream';
import { calendarFeedPath } from '@shared/schemas/calendar-feed';
import { SECRET_TOKEN_PATTERN } from '@shared/schemas/secret-token';

/** What stands in for a secret in a log line. */
export const REDACTED = '…';

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

// The calendar feed's address carries its token (calendarFeedPath: /api/calendar/<token>.ics): the whole segment
// goes, whatever its length, so that a token cut short or mistyped by one character is not printed either.
const FEED_SEGMENT = new RegExp(`(${escaped(calendarFeedPath('\0').split('\0')[0]!)})[^\\s/?#"'<>]+`, 'g');
// A cancel link's token in a query (the mails put it in the fragment, which no request carries; older links did not).
const TOKEN_PARAMETER = /([?&#;]token=)[^\s&#"'<>]+/gi;
// Any other run shaped like a secret token (SECRET_TOKEN_PATTERN without its anchors), wherever it stands.
const TOKEN = SECRET_TOKEN_PATTERN.source.replace(/^\^|\$$/g, '');
const TOKEN_SHAPED = new RegExp(`(?<![A-Za-z0-9_-])${TOKEN}(?![A-Za-z0-9_-])`, 'g');

/** `text` without the secrets a request line can carry: the feed's token, a `token=` value, any token-shaped run. */
export function redactSecrets(text: string): string {
  return text
    .replace(FEED_SEGMENT, `$1${REDACTED}`)
    .replace(TOKEN_PARAMETER, `$1${REDACTED}`)
    .replace(TOKEN_SHAPED, REDACTED);
}

const LONGEST_LINE = 64 * 1024;

/**
 * Copies `from` to `to` line by line through redactSecrets, and hands each line to `onLine` (without its line break).
 * A line is passed on once it is complete, so a token split across two chunks is still caught; the rest at the end.
 */
export function pipeRedacted(from: Readable, to: Writable, onLine: (line: string) => void = () => {}): void {
  let pending = '';
  from.setEncoding('utf8');
  from.on('data', (chunk: string) => {
    pending += chunk;
    // A line that never ends (a spinner) is passed on in pieces this long; a token is far shorter.
    const end = pending.length > LONGEST_LINE ? pending.length - 1 : pending.lastIndexOf('\n');
    if (end === -1) return;
    const complete = redactSecrets(pending.slice(0, end + 1));
    pending = pending.slice(end + 1);
    to.write(complete);
    for (const line of complete.split('\n').slice(0, -1)) onLine(line);
  });
  from.on('end', () => {
    if (pending === '') return;
    const rest = redactSecrets(pending);
    pending = '';
    to.write(rest);
    onLine(rest);
  });
}
