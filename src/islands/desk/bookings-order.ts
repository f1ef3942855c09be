import { TIME_SLOT_KEYS } from '@shared/schemas/booking';
import type { OwnerBooking } from '@shared/schemas/owner/bookings';

/** Holds in calendar order: by date, then by slot in the day's order (morning, afternoon, evening). */
export function byDateAndSlot(a: OwnerBooking, b: OwnerBooking): number {
  return a.date.localeCompare(b.date) || TIME_SLOT_KEYS.indexOf(a.timeSlot) - TIME_SLOT_KEYS.indexOf(b.timeSlot);
}
