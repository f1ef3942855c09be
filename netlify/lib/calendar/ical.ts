/**
 * The pieces of an iCalendar file (RFC 5545) the owner's feed is written with: escaped TEXT values, content lines
 * folded at 75 octets, CRLF line ends, local times in America/Chicago with that zone's VTIMEZONE.
 */

/** Line end of every content line (§3.1). */
export const CRLF = '\r\n';

/**
 * A TEXT value (§3.3.11): backslash, semicolon and comma escaped, every kind of line break as `\n`; other control
 * characters (never meaningful in a name or a place) become spaces.
 */
export function escapeText(text: string): string {
  // One pass over the value: the feed escapes thousands of them per request.
  return text.replace(ESCAPED, escapeOne);
}

const ESCAPED = /\r\n|[\r\n\u2028\u2029\\;,\p{Cc}]/gu;
const LINE_BREAKS = new Set(['\r\n', '\r', '\n', '\u2028', '\u2029']);

function escapeOne(match: string): string {
  if (match === '\\' || match === ';' || match === ',') return `\\${match}`;
  return LINE_BREAKS.has(match) ? '\\n' : ' ';
}

const MAX_OCTETS = 75;

/**
 * One content line folded so no physical line exceeds 75 octets of UTF-8 (§3.1): each continuation starts with a
 * space, and a character's bytes are never split across lines. Ends with CRLF.
 */
export function contentLine(line: string): string {
  if (line.length <= MAX_OCTETS && Buffer.byteLength(line, 'utf8') <= MAX_OCTETS) return line + CRLF;
  const parts: string[] = [];
  let start = 0;
  let octets = 0;
  let index = 0;
  while (index < line.length) {
    const code = line.charCodeAt(index);
    // UTF-8 length from the UTF-16 unit: a high surrogate starts a 4-byte character spanning two units.
    const surrogate = code >= 0xd800 && code <= 0xdbff && index + 1 < line.length;
    const size = code < 0x80 ? 1 : code < 0x800 ? 2 : surrogate ? 4 : 3;
    if (octets + size > MAX_OCTETS) {
      parts.push(line.slice(start, index));
      start = index;
      octets = 1; // the continuation's leading space
    }
    octets += size;
    index += surrogate ? 2 : 1;
  }
  parts.push(line.slice(start));
  return parts.join(`${CRLF} `) + CRLF;
}

/** The zone every local time of the feed is written in. */
export const FEED_TIME_ZONE = 'America/Chicago';

/**
 * America/Chicago as a VTIMEZONE (§3.6.5): Central Daylight Time from the second Sunday of March at 2 AM, Central
 * Standard Time from the first Sunday of November at 2 AM (the US rules since 2007). Google Calendar reads the TZID's
 * own name; Apple Calendar and Outlook read these rules.
 */
export const CHICAGO_VTIMEZONE: readonly string[] = [
  'BEGIN:VTIMEZONE',
  `TZID:${FEED_TIME_ZONE}`,
  'X-LIC-LOCATION:America/Chicago',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:-0600',
  'TZOFFSETTO:-0500',
  'TZNAME:CDT',
  'DTSTART:20070311T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:-0500',
  'TZOFFSETTO:-0600',
  'TZNAME:CST',
  'DTSTART:20071104T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

/** A calendar date (YYYY-MM-DD) as a DATE value: 20261124. */
export function icalDate(date: string): string {
  return date.replaceAll('-', '');
}

/** A wall-clock time in the feed's zone as a local DATE-TIME value: 20261124T180000. */
export function icalLocalTime(date: string, hour: number): string {
  return `${icalDate(date)}T${String(hour).padStart(2, '0')}0000`;
}

/** An instant as a UTC DATE-TIME value (DTSTAMP): 20261124T210119Z. */
export function icalUtc(instant: Date): string {
  return instant.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}
