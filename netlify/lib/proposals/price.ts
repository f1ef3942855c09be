import proposalsContent from '@content/proposals.json' with { type: 'json' };
import { locateTexasZip } from '@shared/texas-zips';
import { BUSINESS_PHONE, PRICES } from '@shared/prices';
import { estimatePrice, percentOf, type EstimateRefusal } from '@shared/pricing';
import type { FieldErrors } from '@shared/schemas/api-error';
import type { EstimateRequest } from '@shared/schemas/estimate';
import type { ProposalLine, ScheduleItem } from '@shared/schemas/proposal';
import { done, refused, type Result } from '@shared/result';
import { fillTemplate } from '@shared/template';

/** A proposal's figures: the checked inputs, its lines, total and payment schedule (whole cents, the server's). */
export type PricedProposal = { request: EstimateRequest; lines: ProposalLine[]; totalCents: number; schedule: ScheduleItem[] };

/** Why a proposal could not be priced: an estimate's refusals, or extra lines that bring the total below zero. */
export type ProposalPriceRefusal = EstimateRefusal | 'invalid_fields';

/**
 * Prices a proposal for the event on `date`: the estimate of `estimate` under today's price list (shared/pricing.ts,
 * as the site's estimate and the inquiry's), its sales tax as a line of its own, then the owner's extra lines and
 * discounts (untaxed). The schedule follows the price list's deposit rule on the final total: the retainer when the
 * client signs (at the latest on `validUntil`, the last day to sign), the balance `balanceDaysBefore` days before the
 * event; everything at signing when the event is closer than that.
 */
export function priceProposal(
  estimate: EstimateRequest,
  extraLines: readonly ProposalLine[],
  event: { date: string; validUntil: string },
  now: Date,
): Result<PricedProposal, ProposalPriceRefusal, { fields: FieldErrors }> {
  const priced = estimatePrice({ ...estimate, date: event.date }, { prices: PRICES, phone: BUSINESS_PHONE, now, locate: locateTexasZip });
  if (!priced.ok) {
    const fields = priced.code === 'outside_service_area' ? { zip: PRICES.copy.outsideServiceArea } : priced.details;
    return refused(priced.code, { fields });
  }
  const { request, estimate: figures } = priced.value;
  const words = proposalsContent.words;
  const lines: ProposalLine[] = figures.lines.map(({ label, amountCents }) => ({ label, amountCents }));
  if (figures.taxCents > 0) lines.push({ label: words.tax, amountCents: figures.taxCents });
  lines.push(...extraLines.map(({ label, amountCents }) => ({ label, amountCents })));
  const totalCents = figures.totalCents + extraLines.reduce((sum, line) => sum + line.amountCents, 0);
  if (totalCents < 0) return refused('invalid_fields', { fields: { extraLines: 'The discounts come to more than the price.' } });
  const { percent, balanceDaysBefore } = PRICES.deposit;
  const days = { days: balanceDaysBefore };
  const wholeAtSigning = figures.balance.dueOn === null || figures.deposit.amountCents === figures.totalCents;
  const retainerCents = wholeAtSigning ? totalCents : percentOf(totalCents, percent);
  const schedule: ScheduleItem[] = [
    { label: fillTemplate(wholeAtSigning ? words.retainerWhole : words.retainer, days), amountCents: retainerCents, dueOn: event.validUntil },
  ];
  if (!wholeAtSigning) {
    // Never due before the retainer: a proposal signed on its last day pays both then.
    const dueOn = figures.balance.dueOn! < event.validUntil ? event.validUntil : figures.balance.dueOn!;
    schedule.push({ label: fillTemplate(words.balance, days), amountCents: totalCents - retainerCents, dueOn });
  }
  return done({ request, lines, totalCents, schedule });
}
