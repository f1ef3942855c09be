import ICAL from 'ical.js';

/**
 * The site's one iCalendar writer (RFC 5545), on ical.js: the mails' invitations and the owner's feed are both written
 * with it. ical.js escapes TEXT values, quotes parameter values, folds content lines at 75 octets and ends them CRLF.
 */

/** A property's value: a TEXT value as plain text (ical.js escapes it), a number, or an ical.js value (a time, …). */
export type IcalValue = string | number | ICAL.Time | ICAL.Duration | ICAL.Recur | ICAL.UtcOffset;

/** One property: its name, its parameters as plain text, and its value. */
export type IcalProperty = { name: string; params?: Readonly<Record<string, string>>; value: IcalValue };

/** A component (VCALENDAR, VEVENT, VTIMEZONE, …): its properties, then its subcomponents. */
export type IcalComponent = { name: string; properties: readonly IcalProperty[]; components?: readonly IcalComponent[] };

// RFC 5545 §3.8.8.2: an X- property's value is TEXT unless VALUE says otherwise. ical.js types the ones it does not
// know as "unknown" and writes them unescaped, so the one X- property that carries words is declared TEXT.
ICAL.design.icalendar.property['x-wr-calname'] ??= { defaultType: 'text' };

// ical.js folds after foldLength octets and then adds the continuation's leading space, so a continuation line would
// be 76 octets; one less keeps every physical line within §3.1's 75.
ICAL.foldLength = 74;

const LINE_BREAK = /^(?:\r\n|[\r\n\u2028\u2029])$/;

/**
 * Text as a TEXT value can carry it (§3.3.11): every kind of line break as one newline, which ical.js writes `\n`;
 * other control characters (never meaningful in a name or a place) as spaces.
 */
export function plainText(text: string): string {
  // One pass over the value: the feed writes thousands of them per request.
  return text.replace(/\r\n|[\u2028\u2029\p{Cc}]/gu, (match) => (LINE_BREAK.test(match) ? '\n' : ' '));
}

/**
 * Text as a parameter value can carry it (§3.2), such as a name in CN=: neither a double quote (it becomes a single
 * one) nor a control or format character (runs become one space). ical.js quotes the value when it needs it.
 */
export function paramText(value: string): string {
  return value.replace(/[\p{Cc}\p{Cf}\u2028\u2029]+/gu, ' ').replace(/"/g, "'").replace(/\s+/g, ' ').trim();
}

function toProperty(property: IcalProperty, parent: ICAL.Component): ICAL.Property {
  const written = new ICAL.Property(property.name.toLowerCase(), parent);
  for (const [name, value] of Object.entries(property.params ?? {})) written.setParameter(name.toLowerCase(), paramText(value));
  const { value } = property;
  written.setValue(typeof value === 'string' && written.type === 'text' ? plainText(value) : value);
  return written;
}

/** A component as an ical.js component: its properties, then its subcomponents. */
export function toComponent(component: IcalComponent): ICAL.Component {
  const written = new ICAL.Component(component.name.toLowerCase());
  for (const property of component.properties) written.addProperty(toProperty(property, written));
  for (const child of component.components ?? []) written.addSubcomponent(toComponent(child));
  return written;
}

/** A component as iCalendar text: BEGIN, its properties, its subcomponents, END, every content line ended CRLF. */
export function writeComponent(component: IcalComponent): string {
  // ical.js ends every line but the last with its newLineChar (CRLF, §3.1); the last one needs it too.
  return toComponent(component).toString() + ICAL.newLineChar;
}

/** A calendar date (YYYY-MM-DD) as a DATE value: 20261124. */
export function icalDate(date: string): ICAL.Time {
  return ICAL.Time.fromDateString(date);
}

/** A wall-clock hour (its zone named by a TZID parameter) as a local DATE-TIME value: 20261124T180000. */
export function icalLocalTime(date: string, hour: number): ICAL.Time {
  return ICAL.Time.fromDateTimeString(`${date}T${String(hour).padStart(2, '0')}:00:00`);
}

/** An instant as a UTC DATE-TIME value: 20261124T210119Z. */
export function icalUtc(instant: Date): ICAL.Time {
  return ICAL.Time.fromJSDate(instant, true);
}
