/**
 * The browser side of a client's cancel link (docs/email.md, "Cancel links"): reading its token, looking up and
 * cancelling its booking through /api/cancel, and writing the slot's window in Texas time.
 */
import type { CancelBookingView, CancelRequestInput } from '../schemas/cancel';
import { postJson, type WriteOptions } from './api';
import { BUSINESS_TIME_ZONE } from './time-slots';


/** The token of a cancel link: from its fragment (`#token=…`, as the confirmation e-mail writes it) or its query. */
export function cancelTokenFrom(url: URL): string | undefined {
  return new URLSearchParams(url.hash.slice(1)).get('token') ?? url.searchParams.get('token') ?? undefined;
}

/** The same address without its token (path, other query parameters and fragment kept), for history.replaceState. */
export function withoutCancelToken(url: URL): string {
  const search = new URLSearchParams(url.search);
  search.delete('token');
  const hash = new URLSearchParams(url.hash.slice(1));
  hash.delete('token');
  const query = search.toString();
  const fragment = hash.toString();
  return `${url.pathname}${query ? `?${query}` : ''}${fragment ? `#${fragment}` : ''}`;
}

/**
 * POST /api/cancel/lookup { token }: the booking the link can cancel (rejects with ApiError 400/404/409/410 when it
 * cannot). The token goes in the body: a URL would carry it into request logs.
 */
export function lookUpCancellation(token: string): Promise<{ booking: CancelBookingView }> {
  return postJson('/api/cancel/lookup', { token });
}

/** POST /api/cancel { token }: cancels the booking, frees its slot and sends the cancellation e-mails. */
export function cancelBooking(request: CancelRequestInput, options?: WriteOptions): Promise<{ booking: CancelBookingView }> {
  return postJson('/api/cancel', request, options);
}

const texasDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeZone: BUSINESS_TIME_ZONE });
const texasTime = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: BUSINESS_TIME_ZONE });

/** A booking's day and the start and end of its slot as a Texan's clock shows them, e.g. 6:00 PM and 11:00 PM. */
export function texasWindow(booking: Pick<CancelBookingView, 'startsAt' | 'endsAt'>): { date: string; start: string; end: string } {
  const start = new Date(booking.startsAt);
  return { date: texasDate.format(start), start: texasTime.format(start), end: texasTime.format(new Date(booking.endsAt)) };
}
