import { TIME_SLOTS, type TimeSlotKey } from './schemas/booking';

/** The business's time zone (Texas): every slot is a window of its local time, and the desk shows times in it. */
export const BUSINESS_TIME_ZONE = 'America/Chicago';

/** The label of an option's value (an event type of a form's list); an unknown value is shown as is. */
export function optionLabel(options: ReadonlyArray<{ value: string; label: string }>, value: string): string {
  return options.find((option) => option.value === value)?.label ?? value;
}

/** The visitor-facing label of a slot key ("evening" → "Evening 6PM - 11PM"); an unknown key is shown as is. */
export function slotLabel(key: string): string {
  return TIME_SLOTS.find((slot) => slot.key === key)?.label ?? key;
}

const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeZone: 'UTC' });

/** A YYYY-MM-DD date written out for people, e.g. "Saturday, June 20, 2026" (the date as chosen, no time zone shift). */
export function formatLongDate(date: string): string {
  return longDate.format(new Date(`${date}T00:00:00Z`));
}

/** Local start and end hour (24 h clock, America/Chicago) of each slot, as the labels in TIME_SLOTS state them. */
export const SLOT_HOURS: Readonly<Record<TimeSlotKey, { start: number; end: number }>> = {
  morning: { start: 9, end: 13 },
  afternoon: { start: 13, end: 18 },
  evening: { start: 18, end: 23 },
};

/** A slot's window as two instants. */
export type SlotWindow = { start: Date; end: Date };

const offsetFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** Milliseconds the business's wall clock is ahead of UTC at `instant` (negative: Texas is behind). */
function zoneOffsetMs(instant: number): number {
  const parts = Object.fromEntries(
    offsetFormat.formatToParts(new Date(instant)).map((part) => [part.type, Number(part.value)]),
  ) as Record<string, number>;
  const asUtc = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return asUtc - (instant - (instant % 1000));
}

/** The instant at which the business's clock shows `hour`:00 on the calendar date `date` (YYYY-MM-DD). */
export function businessTime(date: string, hour: number): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(year, month - 1, day, hour);
  // Two passes settle the offset on either side of a daylight-saving change (slots never start at 2 AM anyway).
  let instant = wall - zoneOffsetMs(wall);
  instant = wall - zoneOffsetMs(instant);
  return new Date(instant);
}

/** When the slot `slot` of `date` starts and ends, in real time (its local window in America/Chicago). */
export function slotWindow(date: string, slot: TimeSlotKey): SlotWindow {
  const hours = SLOT_HOURS[slot];
  return { start: businessTime(date, hours.start), end: businessTime(date, hours.end) };
}

/**
 * Whether slot `slot` of `date` has started at `now` (its start on the Texas clock has come): such a slot is neither
 * offered nor bookable, nor can a booking move into it.
 */
export function slotHasStarted(date: string, slot: TimeSlotKey, now: Date): boolean {
  return slotWindow(date, slot).start.getTime() <= now.getTime();
}

const clockTime = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: BUSINESS_TIME_ZONE });

/** "9:00 AM – 1:00 PM": the slot's window on the business's clock. */
export function formatTimeWindow(date: string, slot: TimeSlotKey): string {
  const window = slotWindow(date, slot);
  // Newer ICU puts a narrow no-break space before AM/PM; a plain space reads the same and survives every mail client.
  const time = (instant: Date) => clockTime.format(instant).replace(/\u202f/g, ' ');
  return `${time(window.start)} – ${time(window.end)}`;
}
