import { describe, expect, test } from 'vitest';
import emails from '@content/emails.json' with { type: 'json' };
import { formatCents } from '@shared/money';
import { locateTexasZip } from '@shared/texas-zips';
import { BUSINESS_PHONE, PRICES } from '@shared/prices';
import { estimatePrice, type PricedRequest } from '@shared/pricing';
import { fillTemplate } from '@shared/template';
import { formatLongDate } from '@shared/texas-time';
import { mailInquiry } from '../../../../tests/fixtures';
import { mailConfig } from '../config';
import { escapeHtml } from '../render';
import { inquiryMessages, type InquiryMail } from '../messages';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const config = mailConfig({
  SITE_URL: 'https://lonestar.example',
  OWNER_EMAIL: 'Owner <owner@lonestar.example>',
  MAIL_FROM: 'Lone Star Mobile Bar <bookings@lonestar.example>',
});

// A fixed clock: the deposit's date is this day in Texas.
const NOW = new Date('2026-12-01T18:00:00.000Z');

/** An estimate priced by the one pricing function, as the server stores it with an inquiry. */
function priced(patch: Record<string, unknown> = {}): PricedRequest {
  const result = estimatePrice(
    {
      packageId: 'corporate',
      serviceLevel: 'premium',
      guests: 80,
      hours: 6,
      zip: '76701',
      addOns: ['branded-menus'],
      date: '2027-04-17',
      ...patch,
    },
    { prices: PRICES, phone: BUSINESS_PHONE, now: NOW, locate: locateTexasZip },
  );
  if (!result.ok) throw new Error(`Not priced: ${result.code}`);
  return result.value;
}

function mails(estimate: PricedRequest | undefined) {
  const inquiry: InquiryMail = { ...mailInquiry(), id: '11111111-1111-4111-8111-111111111111', estimate };
  const [owner, client] = inquiryMessages(inquiry, config);
  return { owner: owner!, client: client! };
}

describe('an inquiry\'s estimate in its two mails', () => {
  const value = priced();
  const { estimate } = value;
  const { owner, client } = mails(value);

  test.each([
    ['owner', owner, emails.inquiryOwner.estimateHeading],
    ['client', client, emails.inquiryClient.estimateHeading],
  ])('the %s\'s mail lists every line (label, amount (quantity × unit)), the totals, deposit and balance with dates', (_who, mail, heading) => {
    const rows = [
      ...estimate.lines.map((line) => `${line.label}: ${formatCents(line.amountCents)} (${line.quantity} × ${formatCents(line.unitCents)})`),
      `${emails.estimate.subtotal}: ${formatCents(estimate.subtotalCents)}`,
      `${emails.estimate.tax}: ${formatCents(estimate.taxCents)}`,
      `${emails.estimate.total}: ${formatCents(estimate.totalCents)}`,
      `${emails.estimate.deposit}: ${formatCents(estimate.deposit.amountCents)} ` +
        `(${fillTemplate(emails.estimate.depositDue, { date: formatLongDate('2026-12-01') })})`,
      `${emails.estimate.balance}: ${formatCents(estimate.balance.amountCents)} ` +
        `(${fillTemplate(emails.estimate.balanceDue, { date: formatLongDate('2027-03-18') })})`,
    ];
    // The rows in this order, under the heading, in the plain text...
    expect(mail.text).toContain(`${heading}:\n${rows.join('\n')}\n`);
    // ...and each as a row of the HTML table: the label with how it was reached under it, the amount beside it.
    for (const line of estimate.lines) {
      const working = `${line.quantity} × ${formatCents(line.unitCents)}`;
      expect(mail.html).toContain(`>${escapeHtml(line.label)}<br><span style="font-size:14px;color:#5b4433">${working}</span></th>`);
      expect(mail.html).toMatch(new RegExp(`nowrap">${escapeRegExp(formatCents(line.amountCents))}</td>`));
    }
    expect(mail.html).toContain(`>${escapeHtml(heading)}</h2>`);
    // The total in bold above a heavier rule.
    const totalCell = 'text-align:right;vertical-align:top;padding:8px 0;border-top:2px solid #e2c9a2;font-weight:bold;white-space:nowrap';
    expect(mail.html).toContain(`>${emails.estimate.total}</th><td style="${totalCell}">${formatCents(estimate.totalCents)}</td>`);
    for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toMatch(/\{[A-Za-z]+\}/);
  });

  test('the lines name the travel\'s miles and area, and the amounts add up to the total', () => {
    const travel = estimate.lines.find((line) => line.id === 'travel')!;
    expect(estimate.travel.miles).toBeGreaterThan(PRICES.travel.freeMiles);
    expect(travel.label).toContain(`${estimate.travel.miles} miles from ${estimate.travel.from}`);
    expect(owner.text).toContain(travel.label);
    expect(client.text).toContain(travel.label);
    expect(estimate.lines.reduce((sum, line) => sum + line.amountCents, 0) + estimate.taxCents).toBe(estimate.totalCents);
  });

  test('the owner reads the venue\'s ZIP code and the bartenders; the client\'s mail repeats nothing the visitor typed', () => {
    expect(owner.text).toContain(`ZIP code 76701 with ${estimate.bartenders} bartenders`);
    expect(client.text).not.toContain('76701');
    expect(client.text).toContain(emails.inquiryClient.estimateNote);
  });

  test('without an event date the balance falls due the price list\'s days before the event', () => {
    const { client: undated } = mails(priced({ date: undefined }));
    expect(undated.text).toContain(`${emails.estimate.balance}: `);
    expect(undated.text).toContain(`(${fillTemplate(emails.estimate.balanceUndated, { days: PRICES.deposit.balanceDaysBefore })})`);
  });

  test('an event closer than the balance\'s days is paid in full at signing: no balance row', () => {
    const soon = priced({ date: '2026-12-20' });
    expect(soon.estimate.deposit.amountCents).toBe(soon.estimate.totalCents);
    const { client: mail } = mails(soon);
    expect(mail.text).toContain(`${emails.estimate.deposit}: ${formatCents(soon.estimate.totalCents)}`);
    expect(mail.text).not.toContain(`\n${emails.estimate.balance}: `);
  });

  test('an inquiry without an estimate: neither mail has the estimate\'s heading or rows', () => {
    const plain = mails(undefined);
    for (const mail of [plain.owner, plain.client]) {
      expect(mail.text).not.toContain(emails.inquiryOwner.estimateHeading);
      expect(mail.text).not.toContain(emails.inquiryClient.estimateHeading);
      expect(mail.text).not.toContain(`${emails.estimate.total}: `);
    }
  });
});
