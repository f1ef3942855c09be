import { TIME_SLOTS } from '../schemas/booking';

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
