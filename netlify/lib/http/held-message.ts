import type { HeldSlot } from '@shared/schemas/owner';

/** How many held slots the refusal's sentence names; the answer's `held` lists them all. */
export const HELD_NAMED_IN_MESSAGE = 10;

const shortDate = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/**
 * The sentence refusing a block: "Nothing was blocked: Sat, Dec 5, 2026 evening is booked by Hank Porter; Sun, Dec 6,
 * 2026 morning is blocked." The first HELD_NAMED_IN_MESSAGE held slots, then "and N more".
 */
export function heldMessage(held: readonly HeldSlot[]): string {
  if (held.length === 0) return 'Nothing was blocked: a slot in that range was taken at the same moment. Please try again.';
  const named = held.slice(0, HELD_NAMED_IN_MESSAGE).map((slot) => {
    const when = `${shortDate.format(new Date(`${slot.date}T00:00:00Z`))} ${slot.timeSlot}`;
    return slot.heldBy === 'reservation' ? `${when} is booked by ${slot.clientName ?? 'a client'}` : `${when} is blocked`;
  });
  const more = held.length - named.length;
  return `Nothing was blocked: ${named.join('; ')}${more > 0 ? `; and ${more} more` : ''}.`;
}
