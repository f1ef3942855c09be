import { z } from 'astro/zod';
import { failure, pageMeta, template, text } from './common';

const cancelLink = z.object({ label: text, href: z.string().startsWith('/') });

/** Copy of the change-or-cancel page's island: the booking, the move picker, the cancel button, each outcome and refusal. */
const cancelBookingCopy = z.object({
  loading: text,
  heading: text,
  labels: z.object({ date: text, time: text, eventType: text, name: text }),
  timeWindow: template('start', 'end'),
  change: z.object({ question: text, open: text }),
  question: text,
  submit: text,
  pending: text,
  keep: text,
  failure,
  cancelled: z.object({ heading: text, text: template('date', 'time'), link: cancelLink }),
  /** The move to another date: the picker's frame (its date and slot copy is the availability checker's). */
  move: z.object({
    heading: text,
    lead: text,
    summary: template('slot', 'date'),
    submit: text,
    pending: text,
    back: text,
    failure,
  }),
  moved: z.object({ heading: text, text: template('date', 'time'), again: text, back: text }),
  /** A heading per refusal code of /api/cancel (the text is the server's message, else the fallback). */
  refused: z.object({
    headings: z.object({ unknown: text, already_cancelled: text, expired: text, started: text, invalid: text }),
    fallback: text,
  }),
  missing: text,
  loadFailed: text,
  retry: text,
  help: text,
});

/** Copy of the /cancel page (one entry, `cancel`) and of its island. */
export const cancelSchema = z.object({ ...pageMeta, noscript: text, booking: cancelBookingCopy });

/** The cancel page island's copy, as the cancel page passes it. */
export type CancelBookingCopy = z.infer<typeof cancelBookingCopy>;
