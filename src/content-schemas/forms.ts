import { z } from 'astro/zod';
import { failure, pageMeta, template, text, toast } from './common';

/** Copy of the inquiry form island (labels keyed by the InquirySchema field they name). */
const inquiryFormCopy = z.object({
  labels: z.object({
    firstName: text,
    lastName: text,
    email: text,
    phone: text,
    eventType: text,
    guestCount: text,
    eventDate: text,
    eventLocation: text,
    message: text,
  }),
  eventTypePlaceholder: text,
  locationPlaceholder: text,
  submit: text,
  pending: text,
  success: toast,
  failure,
  /** The estimate the planner's link attaches ("Estimate attached"): its summary, its total, and removing it. */
  estimate: z.object({
    heading: text,
    summary: template('package', 'level', 'guests', 'hours', 'zip'),
    addOns: template('addOns'),
    pending: text,
    total: template('total'),
    failed: text,
    refused: text,
    note: text,
    remove: text,
    removed: text,
  }),
});

/** The label of a field a visitor may leave empty: it says so ("Phone Number (optional)"). */
const optionalLabel = text.refine((value) => /\(optional\)/i.test(value), 'must say "(optional)"');

/** Copy of the reservation form inside the availability checker (labels keyed by the BookingSchema field). */
const reservationCopy = z.object({
  heading: text,
  summary: template('slot', 'date'),
  labels: z.object({
    clientName: text,
    clientEmail: text,
    eventType: text,
    // The client's optional details: each label says it is optional.
    phone: optionalLabel,
    guestCount: optionalLabel,
    eventLocation: optionalLabel,
  }),
  eventTypePlaceholder: text,
  locationPlaceholder: text,
  submit: text,
  pending: text,
  confirmed: toast,
  failure,
  missing: toast,
});

/** Copy of the panel shown above the picker after a booking: what was booked, the mail, calendar links. */
const confirmationCopy = z.object({
  heading: text,
  /** The slot in Texas time, on its own line under the long date. */
  when: template('slot', 'start', 'end'),
  /** The slot's name before its hours ("Evening, 6 PM to 11 PM"), keyed by TimeSlotKey. */
  slotNames: z.object({ morning: text, afternoon: text, evening: text }),
  emailed: template('email'),
  calendarHeading: text,
  googleLabel: text,
  outlookLabel: text,
  newTab: text,
  again: text,
});

/** Copy of the availability checker island: date picker, slot list, reservation form and confirmation panel. */
const checkerCopy = z.object({
  dateLabel: text,
  slotsHeading: text,
  slotsLegend: template('date'),
  slotCount: z.object({ one: template('date'), other: template('count', 'date') }),
  loading: text,
  empty: toast,
  loadFailed: text,
  retry: text,
  slotGone: text,
  reservation: reservationCopy,
  confirmation: confirmationCopy,
});

const formPageMeta = { ...pageMeta, noscript: text };

/** Copy of the contact and availability pages and of their form islands, keyed by page. */
export const formsSchema = z.discriminatedUnion('page', [
  z.object({
    page: z.literal('contact'),
    ...formPageMeta,
    formHeading: text,
    formLead: text,
    imageAlt: text,
    infoHeading: text,
    form: inquiryFormCopy,
  }),
  z.object({
    page: z.literal('availability'),
    ...formPageMeta,
    checkerHeading: text,
    checkerLead: text,
    howItWorks: z.object({
      heading: text,
      lead: text,
      steps: z.array(z.object({ title: text, text })).length(3),
    }),
    checker: checkerCopy,
  }),
]);

/** The inquiry form's copy, as the contact page passes it to the island. */
export type InquiryFormCopy = z.infer<typeof inquiryFormCopy>;
/** The availability checker's copy, as the availability page passes it to the island. */
export type CheckerCopy = z.infer<typeof checkerCopy>;
/** The confirmation panel's copy (part of CheckerCopy). */
export type ConfirmationCopy = z.infer<typeof confirmationCopy>;
/** The reservation form's copy (part of CheckerCopy). */
export type ReservationCopy = z.infer<typeof reservationCopy>;
