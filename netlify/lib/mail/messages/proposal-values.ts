import copy from '@content/emails.json' with { type: 'json' };
import { hasLinkLikeText } from '@shared/schemas/fields';
import type { BookingStage } from '@shared/schemas/proposal';
import { formatCents } from '@shared/money';
import { formatLongDate, formatTexasMoment } from '@shared/texas-time';
import { formatTimeWindow, optionLabel, slotLabel } from '@shared/time-slots';
import { BOOKING_EVENT_TYPES, type BookingEventType, type TimeSlotKey } from '@shared/schemas/booking';
import type { MailConfig } from '../config';
import { fill, oneLine, type Block, type Figure } from '../render';
import { businessValues, greetingName, type Values } from './message';

const words = copy.proposal;

/** A proposal as its mails need it: the booking it is for, its figures, and the signatures it has. */
export type ProposalMail = {
  bookingId: string;
  proposalId: string;
  clientName: string;
  clientEmail: string;
  eventType: BookingEventType;
  date: string;
  timeSlot: TimeSlotKey;
  eventLocation: string | null;
  totalCents: number;
  schedule: { label: string; amountCents: number; dueOn: string }[];
  /** The last Texas day it may be signed, yyyy-mm-dd. */
  validUntil: string;
  /** The proposal holds the date tentatively (made from an inquiry). */
  tentative: boolean;
  /** The typed signature and when it was made (ISO), for the signed and countersigned mails. */
  signatureName?: string;
  signedAt?: string;
  countersignedBy?: string;
  countersignedAt?: string;
  documentSha256: string;
};

/** The file name of the contract a mail carries: contract-<event date>.pdf. */
export function contractFilename(mail: Pick<ProposalMail, 'date'>): string {
  return `contract-${mail.date}.pdf`;
}

/**
 * The values of a client's proposal mail: our own and closed-set ones, the first word of their name, and figures and
 * dates the server computed. Like the booking's confirmation, it never holds the place or the whole name.
 */
export function clientProposalValues(mail: ProposalMail, config: MailConfig): Values {
  return {
    ...businessValues(config),
    firstName: greetingName(mail.clientName, true),
    eventType: optionLabel(BOOKING_EVENT_TYPES, mail.eventType),
    date: formatLongDate(mail.date),
    timeWindow: formatTimeWindow(mail.date, mail.timeSlot),
    slot: slotLabel(mail.timeSlot),
    validUntil: formatLongDate(mail.validUntil),
    total: formatCents(mail.totalCents),
    filename: contractFilename(mail),
  };
}

/** The values of the owner's proposal mail: the client's, with their whole name and address. */
export function ownerProposalValues(mail: ProposalMail, config: MailConfig): Values {
  return { ...clientProposalValues(mail, config), clientName: mail.clientName, clientEmail: mail.clientEmail };
}

/**
 * The typed signature as a mail shows it, on one line. The name was typed on the event page by whoever holds its
 * link: a client's mail leaves out one that holds a link or an address (the no-relay rule of greetingName); the
 * owner's shows it as typed, escaped like every value.
 */
function signatureName(name: string, forOwner: boolean): string | null {
  const flat = oneLine(name, 120);
  return flat === '' || (!forOwner && hasLinkLikeText(flat)) ? null : flat;
}

/** "name, moment Central Time", or the moment alone without a name to show. */
function signedLine(name: string | null, at: string, values: Values): string {
  const moment = `${formatTexasMoment(at)} ${values.timeZoneName}`;
  return name === null ? moment : fill(words.labels.signedOn, { ...values, name, moment: formatTexasMoment(at) });
}

/** What the details table of a proposal mail shows besides the event: the stage, and the dates the sale reached. */
export type DetailOptions = {
  forOwner: boolean;
  /** Where the booking stands now (omitted for a released hold). */
  stage: BookingStage | null;
  /** Whether to show the last day to sign (open and expired proposals). */
  validUntil?: boolean;
};

/** The details table of a proposal mail: the event, for the owner the client, then the stage and the signatures. */
export function proposalDetails(heading: string, mail: ProposalMail, values: Values, options: DetailOptions): Block {
  const labels = copy.labels;
  const own = words.labels;
  const rows: Array<readonly [string, string]> = [
    [labels.date, values.date!],
    [labels.time, `${values.timeWindow} ${values.timeZoneName}`],
    [labels.eventType, values.eventType!],
  ];
  if (options.forOwner) {
    rows.push([labels.name, mail.clientName], [labels.email, mail.clientEmail]);
    if (mail.eventLocation) rows.push([labels.eventLocation, mail.eventLocation]);
  }
  if (options.stage) rows.push([own.stage, words.stage[options.stage]]);
  if (options.validUntil) rows.push([own.validUntil, values.validUntil!]);
  if (mail.signedAt) {
    const name = mail.signatureName ? signatureName(mail.signatureName, options.forOwner) : null;
    rows.push([own.signedBy, signedLine(name, mail.signedAt, values)]);
  }
  if (mail.countersignedAt) {
    // The client reads the business's name; the owner, which of the desk's users countersigned.
    const by = options.forOwner && mail.countersignedBy ? oneLine(mail.countersignedBy, 64) : values.brandName!;
    rows.push([own.countersignedBy, signedLine(by, mail.countersignedAt, values)]);
  }
  if (mail.signedAt) rows.push([own.fingerprint, mail.documentSha256]);
  return { kind: 'details', heading, rows };
}

/** The payment schedule as figures (each payment with its due date), then the total. */
export function proposalFigures(heading: string, mail: ProposalMail): Block {
  const rows: Figure[] = mail.schedule.map((item) => ({
    label: oneLine(item.label, 80),
    amount: formatCents(item.amountCents),
    detail: fill(words.labels.due, { date: formatLongDate(item.dueOn) }),
  }));
  rows.push({ label: words.labels.total, amount: formatCents(mail.totalCents), strong: true });
  return { kind: 'figures', heading, rows };
}
