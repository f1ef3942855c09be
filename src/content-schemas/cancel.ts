import { z } from 'astro/zod';
import { failure, pageMeta, template, text } from './common';
import { detailsCopy } from './details';

const cancelLink = z.object({ label: text, href: z.string().startsWith('/') });
/** A stage's name and the sentence saying what is agreed at that stage. */
const stageWords = z.object({ label: text, text });

/**
 * Where the booking stands in the sale (BOOKING_STAGES of shared/schemas/proposal.ts), the same words everywhere; the
 * proposal's stage names the last day to sign, and a tentative hold says when it ends.
 */
const stageCopy = z.object({
  label: text,
  held: stageWords,
  proposal_sent: z.object({ label: text, text: template('validUntil') }),
  signed: stageWords,
  confirmed: stageWords,
  tentative: template('until'),
});

/** Copy of the change-or-cancel page's island: the booking, the move picker, the cancel button, each outcome and refusal. */
const cancelBookingCopy = z.object({
  loading: text,
  heading: text,
  labels: z.object({ date: text, time: text, eventType: text, name: text }),
  stage: stageCopy,
  timeWindow: template('start', 'end'),
  /** The proposal's tables: its lines and total, then when each payment is due. */
  proposal: z.object({
    heading: text,
    lines: text,
    item: text,
    amount: text,
    total: text,
    schedule: text,
    payment: text,
    due: text,
    validUntil: template('date'),
  }),
  contract: z.object({ heading: text, lead: text }),
  /** The signing form's frame (the disclosures, consent and intent are the contract's own words, from the API). */
  sign: z.object({ heading: text, disclosures: text, name: text, submit: text, pending: text, failure }),
  signed: z.object({
    heading: text,
    by: template('name', 'when'),
    countersigned: template('when'),
    fingerprint: text,
    download: text,
    downloading: text,
    downloadFailed: text,
  }),
  /** Once signed, the money: paid so far and still to pay, each payment received, each schedule line's standing. */
  payments: z.object({
    heading: text,
    paid: text,
    outstanding: text,
    paidInFull: text,
    received: text,
    none: text,
    date: text,
    method: text,
    amount: text,
    schedule: text,
    payment: text,
    due: text,
    status: text,
    statuses: z.object({ paid: text, due: text, overdue: text }),
    part: template('paid', 'outstanding'),
  }),
  /** The final details, once the contract is signed (src/content-schemas/details.ts). */
  details: detailsCopy,
  /** The heading over the two choices below. */
  actions: text,
  /**
   * The change policy (content/event-policy.json), shown before the choices: until when the link moves or cancels (a
   * signed booking only cancels), the moves left; once the window is closed, whom to call instead; at the move limit,
   * the sentence in place of the move. {phone} becomes a tel: link.
   */
  policy: z.object({
    deadline: template('date', 'phone'),
    deadlineSigned: template('date', 'phone'),
    movesLeft: template('left', 'max'),
    closed: template('date', 'days', 'phone'),
    limit: template('max', 'phone'),
  }),
  /** The move, or once the contract is signed, the sentence that sends the client to the phone. */
  change: z.object({ question: text, open: text, signed: text }),
  question: text,
  submit: text,
  pending: text,
  keep: text,
  /** The question asked once more before cancelling, naming what is lost (and the contract's terms once signed). */
  confirm: z.object({ ask: template('date', 'slot'), signed: text, keep: text, submit: text }),
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
  /** A heading per refusal code of /api/cancel and the move's policy (the text is the server's message, else the fallback). */
  refused: z.object({
    headings: z.object({
      unknown: text,
      already_cancelled: text,
      expired: text,
      started: text,
      invalid: text,
      change_window_closed: text,
      move_limit_reached: text,
    }),
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
