import copy from '@content/emails.json' with { type: 'json' };
import { formatCents } from '@shared/money';
import type { PricedRequest } from '@shared/pricing';
import { PRICES } from '@shared/prices';
import { formatLongDate } from '@shared/texas-time';
import { fill, type Block, type Figure } from '../render';

const words = copy.estimate;

/**
 * An inquiry's estimate as rows of figures: each line (its label, its amount, quantity × unit), subtotal, tax, total,
 * deposit and balance with their dates. Every word is the price list's or ours and every value a number or a date the
 * server worked out, so the acknowledgement to a visitor-typed address may carry them as the owner's notification does.
 */
export function estimateFigures({ estimate }: PricedRequest): Figure[] {
  const { deposit, balance } = estimate;
  const rows: Figure[] = estimate.lines.map((line) => ({
    label: line.label,
    amount: formatCents(line.amountCents),
    detail: fill(words.line, { quantity: line.quantity.toLocaleString('en-US'), unit: formatCents(line.unitCents) }),
  }));
  rows.push(
    { label: words.subtotal, amount: formatCents(estimate.subtotalCents) },
    { label: words.tax, amount: formatCents(estimate.taxCents) },
    { label: words.total, amount: formatCents(estimate.totalCents), strong: true },
    {
      label: words.deposit,
      amount: formatCents(deposit.amountCents),
      detail: fill(words.depositDue, { date: formatLongDate(deposit.dueOn) }),
    },
  );
  // Nothing left to pay when the deposit is the whole price (an event closer than the balance's days).
  if (balance.amountCents > 0) {
    const detail =
      balance.dueOn === null
        ? fill(words.balanceUndated, { days: String(PRICES.deposit.balanceDaysBefore) })
        : fill(words.balanceDue, { date: formatLongDate(balance.dueOn) });
    rows.push({ label: words.balance, amount: formatCents(balance.amountCents), detail });
  }
  return rows;
}

/** The estimate's blocks under `heading`, with `note` after the figures; none without an estimate. */
export function estimateBlocks(priced: PricedRequest | undefined, heading: string, note: string): Block[] {
  if (!priced) return [];
  return [
    { kind: 'figures', heading, rows: estimateFigures(priced) },
    { kind: 'paragraph', text: note },
  ];
}
