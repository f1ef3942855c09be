import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import desk from '@content/desk.json';
import { INQUIRY_FIELD_COPY, inquiryFieldText } from '@shared/inquiry-fields';
import { formatCents } from '@shared/money';
import { locateTexasZip } from '@shared/texas-zips';
import { BUSINESS_PHONE, PRICES } from '@shared/prices';
import { estimatePrice, type PricedRequest } from '@shared/pricing';
import { fillTemplate } from '@shared/template';
import { formatLongDate } from '@shared/texas-time';
import { INQUIRY_FIELDS } from '@shared/schemas/inquiry';
import type { OwnerInquiry } from '@shared/schemas/owner/inquiries';
import InquiryItem from './InquiryItem';

const copy = desk.desk.inquiries;
const { labels } = INQUIRY_FIELD_COPY;

const inquiry: OwnerInquiry = {
  id: '00000000-0000-4000-8000-000000000001',
  firstName: 'Dolly',
  lastName: 'Rivera',
  email: 'dolly@example.com',
  phone: '(512) 555-0199',
  eventType: 'corporate',
  guestCount: '120',
  eventDate: '2027-04-17',
  eventLocation: 'Austin, TX',
  message: 'Ranch wedding, outdoor bar please.',
  createdAt: '2026-06-20T23:05:00.000Z',
  acknowledgementHeld: false,
  status: 'new',
  statusChangedAt: null,
  isNew: true,
  notes: [],
  estimate: null,
};

/** An estimate as the server stored it with an inquiry: a wedding bar for 120 at a Waco venue, on the event's date. */
function storedEstimate(): PricedRequest {
  const result = estimatePrice(
    { packageId: 'wedding', serviceLevel: 'premium', guests: 120, hours: 5, zip: '76701', addOns: ['mocktail-bar'], date: '2027-04-17' },
    { prices: PRICES, phone: BUSINESS_PHONE, now: new Date('2026-12-01T18:00:00.000Z'), locate: locateTexasZip },
  );
  if (!result.ok) throw new Error(result.code);
  return result.value;
}

const handlers = { onOpen: () => {}, onChange: () => {}, onError: () => {} };

async function openItem(value: OwnerInquiry) {
  const user = userEvent.setup();
  render(
    <ul>
      <InquiryItem copy={copy} inquiry={value} {...handlers} />
    </ul>,
  );
  const summary = screen.getByRole('button', { expanded: false });
  await user.click(summary);
  return { summary, details: document.getElementById(summary.getAttribute('aria-controls')!)! };
}

describe('InquiryItem', () => {
  test('names the client in the summary and shows every other field, in the list\'s order, when opened', async () => {
    const { summary, details } = await openItem(inquiry);
    expect(summary).toHaveTextContent('Dolly Rivera');
    const facts = INQUIRY_FIELDS.filter((field) => field.kind !== 'name' && field.kind !== 'message');
    expect([...details.querySelectorAll('dt')].map((term) => term.textContent)).toEqual(facts.map((field) => labels[field.key]));
    expect([...details.querySelectorAll('dd')].map((value) => value.textContent)).toEqual(
      facts.map((field) => inquiryFieldText(inquiry, field)),
    );
    expect(within(details).getByRole('heading', { name: labels.message })).toBeVisible();
    expect(details.querySelector('p[dir="auto"]')).toHaveTextContent(inquiry.message!);
  });

  test.each(INQUIRY_FIELDS)('shows $key', async (field) => {
    const { summary, details } = await openItem(inquiry);
    expect(`${summary.textContent} ${details.textContent}`).toContain(inquiryFieldText(inquiry, field));
  });

  test('links the e-mail and the phone, and says when there is no message', async () => {
    const { details } = await openItem({ ...inquiry, message: null });
    expect(within(details).getByRole('link', { name: inquiry.email })).toHaveAttribute('href', `mailto:${inquiry.email}`);
    expect(within(details).getByRole('link', { name: inquiry.phone })).toHaveAttribute('href', 'tel:+15125550199');
    expect(details).toHaveTextContent(copy.noMessage);
  });

  test('a stored address holding ? & % becomes one encoded mailto: link, with no cc or subject of its own', async () => {
    const email = 'x?cc=attacker%40evil.example&subject=hi@example.com';
    const { details } = await openItem({ ...inquiry, email });
    const href = within(details).getByRole('link', { name: email }).getAttribute('href')!;
    expect(href).toBe('mailto:x%3Fcc%3Dattacker%2540evil.example%26subject%3Dhi@example.com');
    expect(new URL(href).search).toBe('');
  });

  test('shows the estimate sent with it: a table of its lines, the total, the deposit and the balance with its date', async () => {
    const priced = storedEstimate();
    const { estimate } = priced;
    const words = copy.estimate;
    const { details } = await openItem({ ...inquiry, estimate: priced });
    const table = within(details).getByRole('table');
    expect(within(details).getByRole('region', { name: words.heading })).toContainElement(table);
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(Object.values(words.columns));
    for (const line of estimate.lines) {
      const row = within(table).getByRole('rowheader', { name: line.label }).closest('tr')!;
      expect([...row.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual([
        String(line.quantity),
        formatCents(line.unitCents),
        formatCents(line.amountCents),
      ]);
    }
    const total = (label: string) => within(table).getByRole('rowheader', { name: label }).closest('tr')!.querySelector('td')!.textContent;
    expect(total(words.total)).toBe(formatCents(estimate.totalCents));
    expect(total(words.subtotal)).toBe(formatCents(estimate.subtotalCents));
    expect(total(words.deposit)).toBe(formatCents(estimate.deposit.amountCents));
    const balance = fillTemplate(words.balance, { date: formatLongDate('2027-03-18') });
    expect(total(balance)).toBe(formatCents(estimate.balance.amountCents));
    expect(details).toHaveTextContent(`76701, ${estimate.bartenders} bartenders`);
  });

  test('an inquiry without an estimate shows no estimate', async () => {
    const { details } = await openItem(inquiry);
    expect(within(details).queryByRole('table')).toBeNull();
    expect(details).not.toHaveTextContent(copy.estimate.heading);
  });

  test('says when the acknowledgement was held back, and only then', async () => {
    render(
      <ul>
        <InquiryItem copy={copy} inquiry={{ ...inquiry, id: '00000000-0000-4000-8000-000000000002', acknowledgementHeld: true }} {...handlers} />
        <InquiryItem copy={copy} inquiry={inquiry} {...handlers} />
      </ul>,
    );
    const [held, sent] = screen.getAllByRole('button');
    expect(held).toHaveTextContent(copy.acknowledgementHeld);
    expect(sent).not.toHaveTextContent(copy.acknowledgementHeld);
  });
});
