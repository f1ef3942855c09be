import { TIME_SLOTS, type TimeSlotKey } from './schemas/booking';
import { businessTime, formatTexasClock } from './texas-time';

/** The label of an option's value (an event type of a form's list); an unknown value is shown as is. */
export function optionLabel(options: ReadonlyArray<{ value: string; label: string }>, value: string): string {
  return options.find((option) => option.value === value)?.label ?? value;
}

/** The visitor-facing label of a slot key ("evening" → "Evening 6PM - 11PM"); an unknown key is shown as is. */
export function slotLabel(key: string): string {
  return TIME_SLOTS.find((slot) => slot.key === key)?.label ?? key;
}

/** Local start and end hour (24 h clock, America/Chicago) of each slot: TIME_SLOTS's, by key. */
export const SLOT_HOURS: Readonly<Record<TimeSlotKey, { start: number; end: number }>> = Object.fromEntries(
  TIME_SLOTS.map((slot) => [slot.key, { start: slot.start, end: slot.end }]),
) as Record<TimeSlotKey, { start: number; end: number }>;

/** A slot's window as two instants. */
export type SlotWindow = { start: Date; end: Date };

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

/** "9:00 AM – 1:00 PM": the slot's window on the business's clock. */
export function formatTimeWindow(date: string, slot: TimeSlotKey): string {
  const window = slotWindow(date, slot);
  return `${formatTexasClock(window.start)} – ${formatTexasClock(window.end)}`;
}
