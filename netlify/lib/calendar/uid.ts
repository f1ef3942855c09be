/**
 * The UID of a booking's calendar event, the same in the invitation, its updates, its cancellation and the owner's
 * feed, so every calendar holding it (a client's from the mail, the owner's from the feed) updates that one event.
 * `booking-<id>@host` is the invitations' form: clients' calendars already hold events under it.
 */
export function calendarUid(bookingId: string, siteHost: string): string {
  return `booking-${bookingId}@${siteHost}`;
}

/** The UID of one block's run of adjacent slots on one day in the owner's feed (keyed by its first slot). */
export function blockUid(blockId: string, date: string, firstSlot: string, siteHost: string): string {
  return `block-${blockId}-${date}-${firstSlot}@${siteHost}`;
}
