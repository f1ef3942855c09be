import { INQUIRY_FIELDS } from '@shared/schemas/inquiry';
import { INQUIRY_FIELD_COPY } from '@shared/inquiry-fields';
import type { OwnerInquiry } from '@shared/schemas/owner';
import { toCsv } from '../csv';

/**
 * The CSV export of `inquiries`: when each was received (UTC), its status, then every field under its label, in the
 * list's order. The private notes stay in the desk.
 */
export function inquiriesCsv(inquiries: readonly OwnerInquiry[]): string {
  return toCsv(
    [INQUIRY_FIELD_COPY.received, INQUIRY_FIELD_COPY.status, ...INQUIRY_FIELDS.map((field) => INQUIRY_FIELD_COPY.labels[field.key])],
    inquiries.map((inquiry) => [inquiry.createdAt, inquiry.status, ...INQUIRY_FIELDS.map((field) => inquiry[field.key])]),
  );
}
