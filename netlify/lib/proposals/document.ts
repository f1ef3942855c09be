import { createHash } from 'node:crypto';
import settings from '@content/settings.json' with { type: 'json' };
import { CHANGE_POLICY } from '@shared/change-policy';
import { CONTRACT } from '@shared/contract';
import { formatCents } from '@shared/money';
import type { ContractPlaceholder } from '@shared/schemas/contract';
import { BOOKING_EVENT_TYPES, type TimeSlotKey } from '@shared/schemas/booking';
import { formatLongDate } from '@shared/texas-time';
import { fillTemplate } from '@shared/template';
import { optionLabel, slotLabel } from '@shared/time-slots';

/** Days before the event up to which the client may change it (the contract's `{changeDays}`): the change policy's window. */
export const CHANGE_CUTOFF_DAYS = CHANGE_POLICY.changeWindowDays;

/** The facts of one proposal that fill the contract: who, when, where, and the money the server worked out. */
export type ContractFacts = {
  clientName: string;
  clientEmail: string;
  /** An event type key as stored on bookings ('wedding', …); the document shows its words. */
  eventType: string;
  /** The event's date, YYYY-MM-DD (Texas). */
  date: string;
  timeSlot: TimeSlotKey;
  eventLocation: string | null;
  guestCount: number | null;
  lines: { label: string; amountCents: number }[];
  totalCents: number;
  /** The payments in order: the first is the retainer, the rest the balance; `dueOn` is YYYY-MM-DD (Texas). */
  schedule: { label: string; amountCents: number; dueOn: string }[];
  /** The last day the proposal can be signed, YYYY-MM-DD (Texas). */
  validUntil: string;
};

/** The contract as frozen for one proposal: the terms' version, its sections and the whole text the client signs. */
export type FrozenContract = {
  version: string;
  title: string;
  /** In order: the opening, the numbered clauses ("1. Parties and event"), the price, the schedule, the disclosures. */
  sections: { heading: string; body: string }[];
  /** The whole document as plain text: the title, then each section's heading and body, blank lines between. */
  text: string;
};

/** The value of each placeholder for `facts`: words as the client reads them. */
function placeholderValues(facts: ContractFacts): Record<ContractPlaceholder, string> {
  const [retainer, ...balance] = facts.schedule;
  const lastPayment = balance.at(-1) ?? retainer;
  const toBeConfirmed = CONTRACT.document.toBeConfirmed;
  return {
    brandName: settings.site.brandName,
    businessPhone: settings.site.phone,
    businessEmail: settings.site.email,
    clientName: facts.clientName,
    clientEmail: facts.clientEmail,
    eventDate: formatLongDate(facts.date),
    timeSlot: slotLabel(facts.timeSlot),
    eventType: optionLabel(BOOKING_EVENT_TYPES, facts.eventType),
    eventLocation: facts.eventLocation ?? toBeConfirmed,
    guestCount: facts.guestCount === null ? toBeConfirmed : String(facts.guestCount),
    totalAmount: formatCents(facts.totalCents),
    retainerAmount: formatCents(retainer?.amountCents ?? 0),
    balanceAmount: formatCents(balance.reduce((sum, payment) => sum + payment.amountCents, 0)),
    balanceDueOn: lastPayment ? formatLongDate(lastPayment.dueOn) : formatLongDate(facts.date),
    validUntil: formatLongDate(facts.validUntil),
    changeDays: String(CHANGE_CUTOFF_DAYS),
  };
}

/**
 * The current terms (content/contract.json) filled with `facts`: the exact words the client sees and signs. The same
 * facts give the same text, byte for byte (no clock, no randomness; Unicode in NFC).
 */
export function freezeContract(facts: ContractFacts): FrozenContract {
  const values = placeholderValues(facts);
  const fill = (template: string) => fillTemplate(template, values);
  const words = CONTRACT.document;
  const sections = [
    { heading: words.introHeading, body: fill(CONTRACT.intro) },
    ...CONTRACT.clauses.map((clause, index) => ({ heading: `${index + 1}. ${clause.heading}`, body: fill(clause.body) })),
    {
      heading: words.priceHeading,
      body: [
        ...facts.lines.map((line) => `${line.label}: ${formatCents(line.amountCents)}`),
        `${words.totalLabel}: ${formatCents(facts.totalCents)}`,
      ].join('\n'),
    },
    {
      heading: words.scheduleHeading,
      body: facts.schedule
        .map((payment) =>
          fillTemplate(words.scheduleLine, {
            label: payment.label,
            amount: formatCents(payment.amountCents),
            dueOn: formatLongDate(payment.dueOn),
          }),
        )
        .join('\n'),
    },
    { heading: words.esignHeading, body: CONTRACT.esign.disclosures.map(fill).join('\n') },
  ].map((section) => ({ heading: section.heading.normalize('NFC'), body: section.body.normalize('NFC') }));
  const title = CONTRACT.title.normalize('NFC');
  const text = [title, ...sections.map((section) => `${section.heading}\n${section.body}`)].join('\n\n');
  return { version: CONTRACT.version, title, sections, text: `${text}\n` };
}

/** The SHA-256 of `text` (UTF-8) in lowercase hex: the fingerprint stored with a frozen contract and printed on its PDF. */
export function documentSha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/**
 * The words of signing electronically as the event page shows them beside the form (the disclosures, the consent
 * the checkbox gives, the statement of intent), filled with the business's own details. The same disclosures close
 * the frozen document; the consent's words are stored with each signature.
 */
export function esignWords(): { disclosures: string[]; consent: string; intent: string } {
  const values = { brandName: settings.site.brandName, businessPhone: settings.site.phone, businessEmail: settings.site.email };
  const { disclosures, consent, intent } = CONTRACT.esign;
  return { disclosures: disclosures.map((text) => fillTemplate(text, values)), consent: fillTemplate(consent, values), intent: fillTemplate(intent, values) };
}
