import copy from '@content/emails.json' with { type: 'json' };
import { formatCents } from '@shared/money';
import type { PricedRequest } from '@shared/pricing';
import { PRICES } from '@shared/prices';
import { formatLongDate } from '@shared/time-slots';
import { fill, type Block } from '../render';

const words = copy.estimate;

/**
 * An inquiry's estimate as mail rows: each line (its label, quantity × unit = amount), subtotal, tax, total, deposit
 * and balance with their dates. Every word is the price list's or ours and every value a number or a date the server
 * worked out, so the acknowledgement to a visitor-typed address may carry them as the owner's notification does.
 */
export function estimateRows({ estimate }: PricedRequest): [label: string, value: string][] {
  const { deposit, balance } = estimate;
  const rows: [string, string][] = estimate.lines.map((line) => [
    line.label,
    fill(words.line, {
      quantity: line.quantity.toLocaleString('en-US'),
      unit: formatCents(line.unitCents),
      amount: formatCents(line.amountCents),
    }),
  ]);
  rows.push(
    [words.subtotal, formatCents(estimate.subtotalCents)],
    [words.tax, formatCents(estimate.taxCents)],
    [words.total, formatCents(estimate.totalCents)],
    [words.deposit, fill(words.depositDue, { amount: formatCents(deposit.amountCents), date: formatLongDate(deposit.dueOn) })],
  );
  if (balance.amountCents > 0) {
    const amount = formatCents(balance.amountCents);
    const value =
      balance.dueOn === null
        ? fill(words.balanceUndated, { amount, days: String(PRICES.deposit.balanceDaysBefore) })
        : fill(words.balanceDue, { amount, date: formatLongDate(balance.dueOn) });
    rows.push([words.balance, value]);
  }
  return rows;
}

/** The estimate's blocks under `heading`, with `note` after the figures; none without an estimate. */
export function estimateBlocks(priced: PricedRequest | undefined, heading: string, note: string): Block[] {
  if (!priced) return [];
  return [
    { kind: 'details', heading, rows: estimateRows(priced) },
    { kind: 'paragraph', text: note },
  ];
}
