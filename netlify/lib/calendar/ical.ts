/**
 * The site's one iCalendar writer (RFC 5545): the mails' invitations and the owner's feed are both written with it.
 * Escaped TEXT values, quoted parameter values, content lines folded at 75 octets, CRLF line ends.
 */

/** Line end of every content line (§3.1). */
export const CRLF = '\r\n';

/** One property: its name, its parameters, and its value already in its type's form (escapeText for TEXT, …). */
export type IcalProperty = { name: string; params?: Readonly<Record<string, string>>; value: string };

/** A component (VCALENDAR, VEVENT, VTIMEZONE, …): its properties, then its subcomponents. */
export type IcalComponent = { name: string; properties: readonly IcalProperty[]; components?: readonly IcalComponent[] };

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

/**
 * A parameter value (§3.2), such as a name in CN=: a bare token as it is, anything else quoted. A quoted value may
 * hold neither a double quote (it becomes a single one) nor a control or format character (runs become one space).
 */
export function paramValue(value: string): string {
  if (/^[A-Za-z0-9-]+$/.test(value)) return value;
  const flat = value.replace(/[\p{Cc}\p{Cf}\u2028\u2029]+/gu, ' ').replace(/"/g, "'").replace(/\s+/g, ' ').trim();
  return `"${flat}"`;
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

function propertyLine(property: IcalProperty): string {
  let line = property.name;
  for (const [name, value] of Object.entries(property.params ?? {})) line += `;${name}=${paramValue(value)}`;
  return contentLine(`${line}:${property.value}`);
}

/** A component as iCalendar text: BEGIN, its properties, its subcomponents, END. */
export function writeComponent(component: IcalComponent): string {
  return (
    contentLine(`BEGIN:${component.name}`) +
    component.properties.map(propertyLine).join('') +
    (component.components ?? []).map(writeComponent).join('') +
    contentLine(`END:${component.name}`)
  );
}

/** A calendar date (YYYY-MM-DD) as a DATE value: 20261124. */
export function icalDate(date: string): string {
  return date.replaceAll('-', '');
}

/** A wall-clock time (its zone named by TZID) as a local DATE-TIME value: 20261124T180000. */
export function icalLocalTime(date: string, hour: number): string {
  return `${icalDate(date)}T${String(hour).padStart(2, '0')}0000`;
}

/** An instant as a UTC DATE-TIME value: 20261124T210119Z. */
export function icalUtc(instant: Date): string {
  return instant.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}
