/** The spec's visitor-facing messages of the inquiry form and the availability checker (SPEC §2, §8). */

/** Toasts of the inquiry form. */
export const INQUIRY_TOASTS = {
  success: { title: 'Thank you for your inquiry!', description: "We'll get back to you within 24 hours." },
  failureTitle: 'Error',
  failureFallback: 'Failed to submit inquiry. Please try again.',
} as const;

/** Toasts of the reservation form on the availability page. */
export const BOOKING_TOASTS = {
  confirmed: {
    title: 'Booking Confirmed!',
    description: "Your time slot has been reserved. We'll contact you soon to confirm details.",
  },
  failed: { title: 'Booking Failed', description: 'There was an error booking your time slot. Please try again.' },
  missing: { title: 'Missing Information', description: 'Please fill in all required fields.' },
} as const;

/** What the availability checker says about a date's slots. */
export const AVAILABILITY_MESSAGES = {
  loading: 'Loading available time slots…',
  empty: { title: 'No available time slots', description: 'Please try a different date.' },
  loadFailed: 'We could not load the time slots for this date.',
  retry: 'Try again',
  // Shown when a date change drops the visitor's picked slot (it is not offered on the new date).
  slotGone: 'The time slot you picked is not available on this date. Please pick another.',
} as const;
