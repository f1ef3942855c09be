/**
 * The messages the site sends, one file per kind under messages/: an inquiry's pair, a booking's and a move's pair
 * (both carry the calendar invitation, built once in messages/invitation.ts), a cancellation's pair, a reminder, and
 * the sale's: a proposal's, a signed and a countersigned contract's pairs (the PDF attached), an expired proposal's pair;
 * the payments': a receipt and a balance reminder; and the reminder of the final details.
 * This index names them all, so the outbox and the tests import every message from one place.
 */
export {
  VISITOR_MESSAGE_KINDS,
  greetingName,
  type MessageKind,
  type OutgoingMessage,
} from './messages/message';
export { inquiryMessages, type InquiryMail } from './messages/inquiry';
export { cancelUrl } from '@shared/cancel-link';
export type { BookingMail } from './messages/booking-values';
export { bookingMessages } from './messages/booking';
export { rescheduleMessages, type MovedFrom } from './messages/move';
export { cancellationMessages, type CancelledBy } from './messages/cancellation';
export { reminderMessage } from './messages/reminder';
export {
  proposalCountersignedMessages,
  proposalExpiredMessages,
  proposalSentMessage,
  proposalSignedMessages,
  type ProposalMail,
} from './messages/proposal';
export { contractFilename } from './messages/proposal-values';
export { eventLinkMessage } from './messages/event-link';
export { balanceReminderMessage, paymentReceiptMessage, type PaymentMail, type ReceiptPayment } from './messages/payment';
export { detailsReminderMessage } from './messages/details-reminder';
