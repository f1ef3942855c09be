/**
 * The browser side of a client's change-or-cancel link (docs/email.md, "Cancel links"; its format is
 * shared/cancel-link.ts): keeping its token for this tab, looking up, moving and cancelling its booking through the
 * API (the event page's look-up is src/lib/portal.ts), and writing the slot's window in Texas time.
 */
import type { CancelBookingView, CancelRequestInput, RescheduleRequestInput } from '@shared/schemas/cancel';
import { cancelTokenFrom } from '@shared/cancel-link';
import { postJson, type WriteOptions } from './api';
import { formatLongDate, formatTexasClock, texasToday } from '@shared/texas-time';

/** The sessionStorage key that keeps this tab's link token across a reload (never localStorage: one tab only). */
export const BOOKING_LINK_KEY = 'lsmb:booking-link';

/** The part of the Storage API the link needs (sessionStorage in the page). */
export type TokenStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * The link's token for this page load: the one in `url` (a new link always wins, and is kept in `storage` for a
 * reload, since the page then takes it out of the address bar), else the one kept from earlier in this tab.
 * Storage that refuses (disabled, full, private mode) only costs the reload.
 */
export function linkToken(url: URL, storage: TokenStorage | undefined): string | undefined {
  const fromUrl = cancelTokenFrom(url);
  try {
    if (fromUrl !== undefined) storage?.setItem(BOOKING_LINK_KEY, fromUrl);
    return fromUrl ?? storage?.getItem(BOOKING_LINK_KEY) ?? undefined;
  } catch {
    return fromUrl;
  }
}

/** Forgets the kept token: the booking is cancelled, or the link can no longer be used. */
export function forgetLinkToken(storage: TokenStorage | undefined): void {
  try {
    storage?.removeItem(BOOKING_LINK_KEY);
  } catch {
    // Nothing kept, nothing to forget.
  }
}

/** This tab's sessionStorage, or undefined where reading it throws (storage disabled). */
export function tabStorage(): TokenStorage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** POST /api/cancel { token }: cancels the booking, frees its slot and sends the cancellation e-mails. */
export function cancelBooking(request: CancelRequestInput, options?: WriteOptions): Promise<{ booking: CancelBookingView }> {
  return postJson('/api/cancel', request, options);
}

/**
 * POST /api/bookings/reschedule { token, date, timeSlot }: moves the booking to a free slot in one step; answers
 * 200 { booking } for the new date, 409 slot_taken when the slot just went, or the cancel link's refusals.
 */
export function moveBooking(request: RescheduleRequestInput, options?: WriteOptions): Promise<{ booking: CancelBookingView }> {
  return postJson('/api/bookings/reschedule', request, options);
}

/** A booking's day and the start and end of its slot as a Texan's clock shows them, e.g. 6:00 PM and 11:00 PM. */
export function texasWindow(booking: Pick<CancelBookingView, 'startsAt' | 'endsAt'>): { date: string; start: string; end: string } {
  const start = new Date(booking.startsAt);
  return { date: formatLongDate(texasToday(start)), start: formatTexasClock(start), end: formatTexasClock(new Date(booking.endsAt)) };
}
