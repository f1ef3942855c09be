import type { TimeSlotKey } from '@shared/schemas/booking';
import type { ClientProposal, Proposal, ProposalLine, ProposalState, ScheduleItem } from '@shared/schemas/proposal';
import { isoTimestamp } from '../db';

/** The one row of `proposals` this module hands out, read with PROPOSAL_COLUMNS. */
export type ProposalRow = {
  id: string;
  booking_id: string;
  inquiry_id: string | null;
  state: ProposalState;
  request: Record<string, unknown>;
  lines: ProposalLine[];
  total_cents: number;
  schedule: ScheduleItem[];
  valid_until: string;
  expires_at: Date | string;
  contract_version: string;
  document: string;
  document_sha256: string;
  title: string;
  sections: { heading: string; body: string }[];
  event_date: string;
  event_slot: TimeSlotKey;
  created_by: string;
  created_at: Date | string;
  viewed_at: Date | string | null;
  signed_at: Date | string | null;
  signature_name: string | null;
  consent_text: string | null;
  signature_ip: string | null;
  signature_user_agent: string | null;
  countersigned_at: Date | string | null;
  countersigned_by: string | null;
  closed_at: Date | string | null;
};

/** The columns of a ProposalRow, for every SELECT and RETURNING on `proposals`. */
export const PROPOSAL_COLUMNS = `id, booking_id, inquiry_id, state, request, lines, total_cents, schedule, valid_until,
  expires_at, contract_version, document, document_sha256, title, sections, event_date, event_slot, created_by,
  created_at, viewed_at, signed_at, signature_name, consent_text, signature_ip, signature_user_agent, countersigned_at,
  countersigned_by, closed_at`;

const iso = (value: Date | string | null) => (value === null ? null : isoTimestamp(value));

/** Whether the JSON column came back as text (some drivers) or parsed. */
function json<T>(value: T | string): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

/** A row as the owner's desk shows it. */
export function toProposal(row: ProposalRow): Proposal {
  return {
    id: row.id,
    state: row.state,
    bookingId: row.booking_id,
    inquiryId: row.inquiry_id,
    date: row.event_date,
    timeSlot: row.event_slot,
    lines: json(row.lines),
    totalCents: Number(row.total_cents),
    schedule: json(row.schedule),
    validUntil: row.valid_until,
    contractVersion: row.contract_version,
    documentSha256: row.document_sha256,
    createdAt: isoTimestamp(row.created_at),
    createdBy: row.created_by,
    viewedAt: iso(row.viewed_at),
    signedAt: iso(row.signed_at),
    signatureName: row.signature_name,
    countersignedAt: iso(row.countersigned_at),
    countersignedBy: row.countersigned_by,
    closedAt: iso(row.closed_at),
  };
}

/** A row as the client's event page shows it. */
export function toClientProposal(row: ProposalRow): ClientProposal {
  const { id, state, lines, totalCents, schedule, validUntil, documentSha256, signedAt, signatureName, countersignedAt } = toProposal(row);
  return { id, state, lines, totalCents, schedule, validUntil, documentSha256, signedAt, signatureName, countersignedAt };
}

/** The frozen sections of a row's contract. */
export function sectionsOf(row: ProposalRow): { title: string; sections: { heading: string; body: string }[] } {
  return { title: row.title, sections: json(row.sections) };
}
