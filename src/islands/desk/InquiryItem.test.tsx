import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import desk from '@content/desk.json';
import { INQUIRY_FIELD_COPY, inquiryFieldText } from '@shared/inquiry-fields';
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
