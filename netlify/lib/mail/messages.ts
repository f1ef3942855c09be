import copy from '@content/emails.json' with { type: 'json' };
import settings from '@content/settings.json' with { type: 'json' };
import { googleCalendarUrl, outlookCalendarUrl } from '@shared/calendar-links';
import { deskInquiryUrl } from '@shared/desk-link';
import { formatLongDate, formatTimeWindow, optionLabel, slotLabel, slotWindow } from '@shared/time-slots';
import { BOOKING_EVENT_TYPES, type Booking, type BookingEventType, type TimeSlotKey } from '@shared/schemas/booking';
import { INQUIRY_FIELD_COPY, inquiryFieldText } from '@shared/inquiry-fields';
import { MAX_FIRST_NAME_LENGTH, hasLinkLikeText } from '@shared/schemas/fields';
import { INQUIRY_FIELDS, type InquiryField, type InquiryOutput } from '@shared/schemas/inquiry';
import { cancellationIcs, invitationIcs, type BookingInvitation, type CalendarAttachment } from './calendar';
import type { MailAddress, MailConfig } from './config';
import { fill, oneLine, renderBody, type Block } from './render';

/** Which message of which event an outbox row holds. */
export type MessageKind =
  | 'inquiry_owner'
  | 'inquiry_client'
  | 'booking_owner'
  | 'booking_client'
  | 'cancellation_owner'
  | 'cancellation_client'
  | 'reschedule_owner'
  | 'reschedule_client'
  | 'reminder_client';

/** The messages that go to the address a visitor typed (the others go to the owner). */
export const VISITOR_MESSAGE_KINDS: readonly MessageKind[] = [
  'inquiry_client',
  'booking_client',
  'cancellation_client',
  'reschedule_client',
];

/** A message ready for the outbox. */
export type OutgoingMessage = {
  kind: MessageKind;
  to: MailAddress[];
  cc: MailAddress[];
  replyTo?: MailAddress;
  subject: string;
  text: string;
  html: string;
  attachments: CalendarAttachment[];
  inquiryId?: string;
  bookingId?: string;
};

/** A stored inquiry, as the mails need it. */
export type InquiryMail = Omit<InquiryOutput, 'website'> & { id: string };

/** A stored booking, as the mails need it (the client's optional details when known). */
export type BookingMail = Pick<Booking, 'id' | 'date' | 'timeSlot' | 'clientName' | 'clientEmail' | 'eventType'> &
  Partial<Pick<Booking, 'phone' | 'guestCount' | 'eventLocation'>> & {
    /** The owner's reason for cancelling (typed by the signed-in owner, never by a visitor). */
    cancelReason?: string;
    /** bookings.sequence: how many times the booking moved (its calendar event's SEQUENCE); 0 when left out. */
    sequence?: number;
  };

/** Who cancelled a booking: the client through the link in their confirmation, or the owner. */
export type CancelledBy = 'client' | 'owner';

type Values = Record<string, string>;

function businessValues(config: MailConfig): Values {
  return {
    brandName: settings.site.brandName,
    businessPhone: settings.site.phone,
    businessEmail: settings.site.email,
    siteUrl: config.siteUrl,
    timeZoneName: copy.common.timeZoneName,
  };
}

function closing(values: Values): Block[] {
  return [
    { kind: 'signature', lines: copy.common.signature.map((line) => fill(line, values)) },
    { kind: 'footer', text: fill(copy.common.footer, values) },
  ];
}

function message(
  kind: MessageKind,
  envelope: { to: MailAddress[]; replyTo?: MailAddress; inquiryId?: string; bookingId?: string },
  subject: string,
  blocks: Block[],
  attachments: CalendarAttachment[] = [],
): OutgoingMessage {
  const title = oneLine(subject);
  return { kind, cc: [], ...envelope, subject: title, ...renderBody(title, blocks), attachments };
}

function mailbox(name: string, address: string): MailAddress {
  // The display name travels as its own field of an address object; flattening it also keeps the name readable.
  return { name: oneLine(name, 100), address };
}

/**
 * The name a client mail greets the client by: the name they gave (its first word when `firstWordOnly`), at most
 * MAX_FIRST_NAME_LENGTH characters. The schemas refuse names holding a link or an address; one stored before they
 * did is replaced by emails.json's common.nameless.
 */
export function greetingName(name: string, firstWordOnly = false): string {
  const flat = oneLine(name, Infinity);
  const chosen = firstWordOnly ? (flat.split(' ')[0] ?? '') : flat;
  return chosen === '' || hasLinkLikeText(chosen) ? copy.common.nameless : oneLine(chosen, MAX_FIRST_NAME_LENGTH);
}

/**
 * The owner's notification (every field, as text) and the client's acknowledgement of an inquiry. The
 * acknowledgement goes to an address anyone can type, so it carries our own copy and only the fields marked
 * `toVisitor` (the first name and closed-set values), and its To: names the first name alone.
 */
export function inquiryMessages(inquiry: InquiryMail, config: MailConfig): [OutgoingMessage, OutgoingMessage] {
  const values: Values = { ...businessValues(config) };
  const clientValues: Values = { ...businessValues(config) };
  for (const field of INQUIRY_FIELDS) {
    // An optional field left empty reads as "(no message)" for the message and as nothing otherwise.
    values[field.key] = inquiryFieldText(inquiry, field) ?? (field.kind === 'message' ? copy.common.noMessage : '');
    if (field.toVisitor) clientValues[field.key] = values[field.key]!;
  }
  clientValues.firstName = greetingName(inquiry.firstName);
  const rows = (heading: string, fields: readonly InquiryField[], from: Values): Block => ({
    kind: 'details',
    heading,
    rows: fields.map((field) => [INQUIRY_FIELD_COPY.labels[field.key], from[field.key]!] as const),
  });
  const owner = copy.inquiryOwner;
  const ack = copy.inquiryClient;
  return [
    message(
      'inquiry_owner',
      { to: [config.owner], replyTo: mailbox(`${inquiry.firstName} ${inquiry.lastName}`, inquiry.email), inquiryId: inquiry.id },
      fill(owner.subject, values),
      [
        { kind: 'heading', text: fill(owner.heading, values) },
        ...owner.paragraphs.map((text): Block => ({ kind: 'paragraph', text: fill(text, values) })),
        rows(fill(owner.detailsHeading, values), INQUIRY_FIELDS, values),
        // The desk link goes in the owner's mail only: the client's holds nothing of the desk.
        { kind: 'links', links: [{ label: fill(owner.deskLabel, values), url: deskInquiryUrl(config.siteUrl, inquiry.id) }] },
        { kind: 'footer', text: fill(copy.common.footer, values) },
      ],
    ),
    message(
      'inquiry_client',
      { to: [mailbox(clientValues.firstName, inquiry.email)], inquiryId: inquiry.id },
      fill(ack.subject, clientValues),
      [
        { kind: 'heading', text: fill(ack.heading, clientValues) },
        ...ack.paragraphs.map((text): Block => ({ kind: 'paragraph', text: fill(text, clientValues) })),
        rows(fill(ack.detailsHeading, clientValues), INQUIRY_FIELDS.filter((field) => field.toVisitor), clientValues),
        ...closing(clientValues),
      ],
    ),
  ];
}

/**
 * The values of a client's booking mail: our own and closed-set ones, the first word of their name, and the guest
 * count when given (a number: it cannot carry a stranger's text).
 */
function clientBookingValues(booking: BookingMail, config: MailConfig): Values {
  return {
    ...businessValues(config),
    firstName: greetingName(booking.clientName, true),
    eventType: optionLabel(BOOKING_EVENT_TYPES, booking.eventType),
    date: formatLongDate(booking.date),
    timeWindow: formatTimeWindow(booking.date, booking.timeSlot),
    slot: slotLabel(booking.timeSlot),
    ...(typeof booking.guestCount === 'number' ? { guestCount: String(booking.guestCount) } : {}),
  };
}

/** The values of the owner's booking mail: the client's, their whole name and address, and phone and place when given. */
function bookingValues(booking: BookingMail, config: MailConfig): Values {
  return {
    ...clientBookingValues(booking, config),
    clientName: booking.clientName,
    clientEmail: booking.clientEmail,
    ...(booking.phone ? { phone: booking.phone } : {}),
    ...(booking.eventLocation ? { eventLocation: booking.eventLocation } : {}),
  };
}

// The optional details a booking mail lists when given, in order. The client's values never hold phone or place.
const DETAIL_KEYS = ['phone', 'guestCount', 'eventLocation'] as const;

function bookingDetails(heading: string, values: Values, forOwner: boolean): Block {
  const labels = copy.labels;
  return {
    kind: 'details',
    heading,
    rows: [
      [labels.date, values.date!],
      [labels.time, `${values.timeWindow} ${values.timeZoneName}`],
      [labels.eventType, values.eventType!],
      ...(forOwner ? [[labels.name, values.clientName!] as const, [labels.email, values.clientEmail!] as const] : []),
      ...DETAIL_KEYS.flatMap((key) => (values[key] ? [[labels[key], values[key]] as const] : [])),
      ...(forOwner && values.cancelledBy ? [[labels.cancelledBy, values.cancelledBy] as const] : []),
    ],
  };
}

function calendarEvent(booking: BookingMail, values: Values, config: MailConfig, client: MailAddress): BookingInvitation {
  return {
    bookingId: booking.id,
    siteHost: config.siteHost,
    window: slotWindow(booking.date, booking.timeSlot),
    title: fill(copy.calendar.title, values),
    description: fill(copy.calendar.description, values),
    url: config.siteUrl,
    organizer: config.owner,
    attendee: client,
  };
}

/** The cancel page's address for a token. The token rides in the fragment, which browsers never send to a server. */
export function cancelUrl(siteUrl: string, token: string): string {
  return `${siteUrl}/cancel#token=${encodeURIComponent(token)}`;
}

/** The words of a client's mail that carries the calendar invitation: a booking's confirmation, a move's notice. */
type InvitationCopy = typeof copy.bookingClient;
/** The words of the owner's notification that goes with it. */
type NotificationCopy = typeof copy.bookingOwner;

/**
 * A client's mail with the booking's calendar invitation (SEQUENCE `sequence`), calendar links and the
 * change-or-cancel link for `cancelToken`, and the owner's notification with the same invitation: the pair a
 * booking and a move send. `own` and `values` are the client's and the owner's placeholder values. The client's goes
 * to an address anyone can type: our copy, closed-set values and the first name only (clientBookingValues); the
 * calendar file rides along in both mails, so it is built from the same.
 */
function invitationMessages(
  kinds: readonly [client: MessageKind, owner: MessageKind],
  words: { client: InvitationCopy; owner: NotificationCopy },
  booking: BookingMail,
  filled: { own: Values; values: Values; sequence: number; cancelToken: string },
  config: MailConfig,
): [OutgoingMessage, OutgoingMessage] {
  const { own, values } = filled;
  const client = mailbox(own.firstName!, booking.clientEmail);
  const event = calendarEvent(booking, own, config, client);
  const invitation = invitationIcs(event, filled.sequence);
  const { client: invite, owner: notify } = words;
  return [
    message(
      kinds[0],
      { to: [client], bookingId: booking.id },
      fill(invite.subject, own),
      [
        { kind: 'heading', text: fill(invite.heading, own) },
        ...invite.paragraphs.map((text): Block => ({ kind: 'paragraph', text: fill(text, own) })),
        bookingDetails(fill(invite.detailsHeading, own), own, false),
        {
          kind: 'links',
          heading: fill(invite.calendarHeading, own),
          text: fill(invite.calendarText, own),
          links: [
            { label: fill(invite.googleLabel, own), url: googleCalendarUrl(event) },
            { label: fill(invite.outlookLabel, own), url: outlookCalendarUrl(event) },
          ],
        },
        {
          kind: 'links',
          heading: fill(invite.cancelHeading, own),
          text: fill(invite.cancelText, own),
          links: [{ label: fill(invite.cancelLabel, own), url: cancelUrl(config.siteUrl, filled.cancelToken) }],
        },
        ...closing(own),
      ],
      [invitation],
    ),
    message(
      kinds[1],
      { to: [config.owner], replyTo: mailbox(booking.clientName, booking.clientEmail), bookingId: booking.id },
      fill(notify.subject, values),
      [
        { kind: 'heading', text: fill(notify.heading, values) },
        ...notify.paragraphs.map((text): Block => ({ kind: 'paragraph', text: fill(text, values) })),
        bookingDetails(fill(notify.detailsHeading, values), values, true),
        { kind: 'footer', text: fill(copy.common.footer, values) },
      ],
      [invitation],
    ),
  ];
}

/** The client's confirmation (calendar file, calendar links, cancel link) and the owner's notification of a booking. */
export function bookingMessages(
  booking: BookingMail,
  cancelToken: string,
  config: MailConfig,
): [OutgoingMessage, OutgoingMessage] {
  return invitationMessages(
    ['booking_client', 'booking_owner'],
    { client: copy.bookingClient, owner: copy.bookingOwner },
    booking,
    { own: clientBookingValues(booking, config), values: bookingValues(booking, config), sequence: 0, cancelToken },
    config,
  );
}

/** The client's and the owner's notice of a cancelled booking, each with the calendar file that removes the event. */
export function cancellationMessages(
  booking: BookingMail,
  by: CancelledBy,
  config: MailConfig,
): [OutgoingMessage, OutgoingMessage] {
  const base = bookingValues(booking, config);
  const values: Values = { ...base, cancelledBy: fill(copy.cancelledBy[by], base) };
  // The client's notice goes to an address anyone can type: our copy, closed-set values and the first name only.
  const own = clientBookingValues(booking, config);
  const client = mailbox(own.firstName!, booking.clientEmail);
  // One above the booking's last invitation, so the cancellation also removes an event a move updated.
  const cancellation = cancellationIcs(calendarEvent(booking, own, config, client), (booking.sequence ?? 0) + 1);
  const toClient = copy.cancellationClient;
  const toOwner = copy.cancellationOwner;
  // The owner's own words may reach the client: only visitor-typed text is kept out of client mails.
  const reason = (template: string): Block[] =>
    booking.cancelReason ? [{ kind: 'paragraph', text: fill(template, { reason: booking.cancelReason }) }] : [];
  return [
    message(
      'cancellation_client',
      { to: [client], bookingId: booking.id },
      fill(toClient.subject, own),
      [
        { kind: 'heading', text: fill(toClient.heading, own) },
        { kind: 'paragraph', text: fill(toClient.paragraphs[by], own) },
        ...reason(toClient.reason),
        bookingDetails(fill(toClient.detailsHeading, own), own, false),
        { kind: 'paragraph', text: fill(toClient.calendarText, own) },
        ...closing(own),
      ],
      [cancellation],
    ),
    message(
      'cancellation_owner',
      { to: [config.owner], replyTo: mailbox(booking.clientName, booking.clientEmail), bookingId: booking.id },
      fill(toOwner.subject, values),
      [
        { kind: 'heading', text: fill(toOwner.heading, values) },
        { kind: 'paragraph', text: fill(toOwner.paragraphs[by], values) },
        ...reason(toOwner.reason),
        bookingDetails(fill(toOwner.detailsHeading, values), values, true),
        { kind: 'footer', text: fill(copy.common.footer, values) },
      ],
      [cancellation],
    ),
  ];
}

/** Where a moved booking was before the move. */
export type MovedFrom = { date: string; timeSlot: TimeSlotKey };

/**
 * The client's notice that their booking moved (the calendar file with the same UID and the booking's new `sequence`,
 * calendar links, a new change-or-cancel link) and the owner's notification (old and new date and slot). The client's
 * goes to an address anyone can type: our copy, closed-set values and the first name only, as the confirmation.
 */
export function rescheduleMessages(
  booking: BookingMail & { sequence: number },
  from: MovedFrom,
  cancelToken: string,
  config: MailConfig,
): [OutgoingMessage, OutgoingMessage] {
  const was: Values = { fromDate: formatLongDate(from.date), fromTimeWindow: formatTimeWindow(from.date, from.timeSlot) };
  return invitationMessages(
    ['reschedule_client', 'reschedule_owner'],
    { client: copy.rescheduleClient, owner: copy.rescheduleOwner },
    booking,
    {
      own: { ...clientBookingValues(booking, config), ...was },
      values: { ...bookingValues(booking, config), ...was },
      sequence: booking.sequence,
      cancelToken,
    },
    config,
  );
}

/**
 * The client's reminder of a booking `daysToGo` Texas calendar days ahead (0: today, 1: tomorrow): the date and the
 * slot in Texas time, the countdown, the business phone and the change/cancel link for `cancelToken`. It goes to an
 * address anyone can type, so, like the confirmation, it carries our copy, closed-set values, the guest count and the
 * first name only (never the phone or the place). No calendar file: the confirmation's stays in the calendar.
 */
export function reminderMessage(
  booking: BookingMail,
  daysToGo: number,
  cancelToken: string,
  config: MailConfig,
): OutgoingMessage {
  const countdown = copy.reminderClient.countdown;
  const base = clientBookingValues(booking, config);
  const when = daysToGo <= 0 ? countdown.today : daysToGo === 1 ? countdown.tomorrow : countdown.days;
  const own: Values = { ...base, countdown: fill(when, { days: String(daysToGo) }) };
  const remind = copy.reminderClient;
  return message(
    'reminder_client',
    { to: [mailbox(own.firstName!, booking.clientEmail)], bookingId: booking.id },
    fill(remind.subject, own),
    [
      { kind: 'heading', text: fill(remind.heading, own) },
      ...remind.paragraphs.map((text): Block => ({ kind: 'paragraph', text: fill(text, own) })),
      bookingDetails(fill(remind.detailsHeading, own), own, false),
      {
        kind: 'links',
        heading: fill(remind.changeHeading, own),
        text: fill(remind.changeText, own),
        links: [{ label: fill(remind.changeLabel, own), url: cancelUrl(config.siteUrl, cancelToken) }],
      },
      ...closing(own),
    ],
  );
}
