import { map } from 'nanostores';
import { fetchAvailability } from '../lib/api';

/** What is known about one date's free slots: loading, loaded (maybe refreshing) or failed. */
export type AvailabilityEntry =
  | { status: 'loading' }
  | { status: 'ready'; slots: string[]; refreshing: boolean }
  | { status: 'error'; error: unknown };

/**
 * Free slots per YYYY-MM-DD date. Reads are never stale (docs/site.md, "Islands"): a loaded date is not fetched again
 * until refetchAvailability is called (after a booking); nothing retries, polls or refetches on focus.
 */
export const $availability = map<Record<string, AvailabilityEntry>>({});

// The latest request per date: an answer from an older request is ignored.
const latestRequest = new Map<string, number>();
let requestCount = 0;

async function request(date: string): Promise<void> {
  const id = ++requestCount;
  latestRequest.set(date, id);
  try {
    const { availableSlots } = await fetchAvailability(date);
    if (latestRequest.get(date) === id) $availability.setKey(date, { status: 'ready', slots: availableSlots, refreshing: false });
  } catch (error) {
    if (latestRequest.get(date) === id) $availability.setKey(date, { status: 'error', error });
  }
}

/** Loads a date's slots unless they are loaded or loading already (a failed date is tried again). */
export function loadAvailability(date: string): Promise<void> {
  const entry = $availability.get()[date];
  if (entry && entry.status !== 'error') return Promise.resolve();
  $availability.setKey(date, { status: 'loading' });
  return request(date);
}

/** Fetches a date's slots again, keeping the slots already shown until the answer arrives. */
export function refetchAvailability(date: string): Promise<void> {
  const entry = $availability.get()[date];
  $availability.setKey(date, entry?.status === 'ready' ? { ...entry, refreshing: true } : { status: 'loading' });
  return request(date);
}
