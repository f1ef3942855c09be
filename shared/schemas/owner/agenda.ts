import type { SaleStanding } from './bookings';
import type { Booking, TimeSlotKey } from '../booking';
import type { InquiryRecord } from '../inquiry';

/** How many days "Today & upcoming" covers, today (Texas time) included. */
export const AGENDA_DAYS = 30;

/** How many of the newest unopened inquiries the agenda lists (the count covers them all). */
export const AGENDA_INQUIRY_COUNT = 3;

/** The agenda counts unopened inquiries up to this many, then says "more than" (counting stays cheap at any backlog). */
export const AGENDA_NEW_INQUIRY_CAP = 99;

/** A held reservation on the agenda, with the client's details (optional ones null). */
export type AgendaReservation = Pick<
  Booking,
  'id' | 'date' | 'timeSlot' | 'clientName' | 'clientEmail' | 'eventType' | 'phone' | 'guestCount' | 'eventLocation'
> &
  SaleStanding;

/** One block on the agenda: the slots its rows hold (by date and slot) and the owner's note. */
export type AgendaBlock = {
  blockId: string;
  note: string | null;
  slots: Array<{ date: string; timeSlot: TimeSlotKey }>;
};

/** How many days "due this week" covers, today (Texas time) included. */
export const PAYMENTS_DUE_DAYS = 7;

/** A schedule line of a signed proposal still owed, due this week or overdue: whose, what, how much is left, by when. */
export type AgendaPaymentDue = {
  bookingId: string;
  proposalId: string;
  clientName: string;
  eventDate: string;
  timeSlot: TimeSlotKey;
  label: string;
  /** What is still owed of the line, in cents. */
  amountCents: number;
  dueOn: string;
  /** Its date passed (Texas) and it is not paid in full. */
  overdue: boolean;
};

/** A new (never opened) inquiry as the agenda names it. */
export type AgendaInquiry = Pick<InquiryRecord, 'firstName' | 'lastName' | 'eventType' | 'eventDate'> & {
  id: string;
  createdAt: string;
};

/**
 * GET /api/admin/agenda: "Today & upcoming". The held reservations and blocks from `from` (today in Texas) to `to`
 * (AGENDA_DAYS days in all), by date and slot; the unopened inquiries (their count and the newest few); the count of
 * e-mails the outbox gave up on; the money due this week and overdue.
 */
export type OwnerAgenda = {
  from: string;
  to: string;
  reservations: AgendaReservation[];
  blocks: AgendaBlock[];
  /** `count` is at most AGENDA_NEW_INQUIRY_CAP; `more` says there are more than that. */
  newInquiries: { count: number; more: boolean; newest: AgendaInquiry[] };
  failedMails: number;
  paymentsDue: AgendaPaymentDue[];
};
