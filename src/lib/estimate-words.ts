// Browser-safe: the planner's words for an estimate's deposit, balance and total.
import type { Estimate } from '@shared/pricing';
import { formatCents } from '@shared/money';
import { fillTemplate } from '@shared/template';
import { formatLongDate } from '@shared/texas-time';
import type { BrowserPrices } from './estimate';

/** The planner's words for an estimate (content/bar-planner.json, `copy.price`). */
export type PriceCopy = {
  deposit: string;
  depositAll: string;
  balance: string;
  balanceUndated: string;
  announce: string;
};

/** "Deposit (50%), due when you sign the contract", or all of it at signing for an event within the balance's days. */
export function depositText(estimate: Estimate, prices: Pick<BrowserPrices, 'deposit'>, copy: PriceCopy): string {
  const { percent, balanceDaysBefore } = prices.deposit;
  if (estimate.balance.amountCents === 0) return fillTemplate(copy.depositAll, { days: balanceDaysBefore });
  return fillTemplate(copy.deposit, { percent });
}

/** "Balance, due Saturday, April 3, 2027", or "Balance, due 30 days before the event" without a date. */
export function balanceText(estimate: Estimate, prices: Pick<BrowserPrices, 'deposit'>, copy: PriceCopy): string {
  const { dueOn } = estimate.balance;
  if (dueOn) return fillTemplate(copy.balance, { date: formatLongDate(dueOn) });
  return fillTemplate(copy.balanceUndated, { days: prices.deposit.balanceDaysBefore });
}

/** What the live region reads once a price is settled: "Estimated total $2,000.00." */
export function totalText(estimate: Estimate, copy: Pick<PriceCopy, 'announce'>): string {
  return fillTemplate(copy.announce, { total: formatCents(estimate.totalCents) });
}
