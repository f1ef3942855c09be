import deskJson from '@content/desk.json' with { type: 'json' };
import { centsAsDecimal } from '@shared/money';
import type { PricedRequest } from '@shared/pricing';
import { PRICES } from '@shared/prices';
import { INQUIRY_FIELDS } from '@shared/schemas/inquiry';
import { INQUIRY_FIELD_COPY } from '@shared/inquiry-fields';
import type { OwnerInquiry } from '@shared/schemas/owner';
import { toCsv } from '../csv';

type Cell = string | number | null;

// The estimate's columns, headed from content/desk.json (checked at build time by src/content-schemas/desk.ts): what
// was priced, then the server's figures in dollars as plain decimals ("2400.00"; the headings say USD) and dates as
// YYYY-MM-DD. Package, service level and add-ons by today's price list's labels (an id the list no longer has as is).
const ESTIMATE_COLUMNS: ReadonlyArray<[heading: string, cell: (priced: PricedRequest) => Cell]> = (() => {
  const headings = deskJson.desk.inquiries.estimate.csv;
  const addOnLabel = (id: string) => PRICES.addOns.find((addOn) => addOn.id === id)?.label ?? id;
  return [
    [headings.package, ({ request }) => PRICES.packages[request.packageId]?.label ?? request.packageId],
    [headings.serviceLevel, ({ request }) => PRICES.serviceLevels[request.serviceLevel]?.label ?? request.serviceLevel],
    [headings.guests, ({ request }) => request.guests],
    [headings.hours, ({ request }) => request.hours],
    [headings.zip, ({ request }) => request.zip],
    [headings.addOns, ({ request }) => request.addOns.map(addOnLabel).join('; ')],
    [headings.date, ({ request }) => request.date ?? null],
    [headings.total, ({ estimate }) => centsAsDecimal(estimate.totalCents)],
    [headings.deposit, ({ estimate }) => centsAsDecimal(estimate.deposit.amountCents)],
    [headings.balance, ({ estimate }) => centsAsDecimal(estimate.balance.amountCents)],
    [headings.balanceDue, ({ estimate }) => estimate.balance.dueOn],
  ];
})();

/**
 * The CSV export of `inquiries`: when each was received (UTC), its status, then every field under its label, in the
 * list's order, then the estimate sent with it (empty cells without one). The private notes stay in the desk.
 */
export function inquiriesCsv(inquiries: readonly OwnerInquiry[]): string {
  return toCsv(
    [
      INQUIRY_FIELD_COPY.received,
      INQUIRY_FIELD_COPY.status,
      ...INQUIRY_FIELDS.map((field) => INQUIRY_FIELD_COPY.labels[field.key]),
      ...ESTIMATE_COLUMNS.map(([heading]) => heading),
    ],
    inquiries.map((inquiry) => [
      inquiry.createdAt,
      inquiry.status,
      ...INQUIRY_FIELDS.map((field) => inquiry[field.key]),
      ...ESTIMATE_COLUMNS.map(([, cell]) => (inquiry.estimate ? cell(inquiry.estimate) : null)),
    ]),
  );
}
