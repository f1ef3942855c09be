import proposalsContent from '@content/proposals.json' with { type: 'json' };
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import desk from '@content/desk.json';
import { formatCents } from '@shared/money';
import { BUSINESS_PHONE, PRICES } from '@shared/prices';
import { estimatePrice, type PricedRequest } from '@shared/pricing';
import { PROPOSAL_STATES, type Proposal, type ProposalState } from '@shared/schemas/proposal';
import { fillTemplate } from '@shared/template';
import { formatLongDate } from '@shared/texas-time';
import { locateTexasZip } from '@shared/texas-zips';
import { $toast } from '../../../stores/toasts';
import { ownerInquiry, serveDesk, type DeskRequest } from '../desk-test-support';
import OwnerDesk from '../../OwnerDesk';
import ProposalsPanel from './ProposalsPanel';
import { dollarsToCents, prefillFromBooking, prefillFromInquiry } from './proposal-draft';

const copy = desk.desk;
const words = copy.proposals;
const INQUIRY = ownerInquiry(7, { firstName: 'Dolly', lastName: 'Rivera', eventDate: '2027-04-17', guestCount: '120' });
const BOOKING_ID = '00000000-0000-4000-8000-0000000000b1';

/** Proposal number `n` of the inquiry's booking in `state`, sent in June 2027's first days. */
function proposal(n: number, state: ProposalState, patch: Partial<Proposal> = {}): Proposal {
  const signed = state === 'signed' || state === 'countersigned';
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    state,
    bookingId: BOOKING_ID,
    inquiryId: INQUIRY.id,
    date: '2027-04-17',
    timeSlot: 'evening',
    lines: [{ label: 'Wedding bar', amountCents: 480_000 }],
    totalCents: 500_000 + n,
    schedule: [],
    validUntil: '2027-01-05',
    contractVersion: '2026-11',
    documentSha256: 'a'.repeat(64),
    createdAt: '2026-12-01T18:00:00.000Z',
    createdBy: 'dolores',
    viewedAt: null,
    signedAt: signed ? '2026-12-02T18:00:00.000Z' : null,
    signatureName: signed ? 'Dolly Rivera' : null,
    countersignedAt: state === 'countersigned' ? '2026-12-03T18:00:00.000Z' : null,
    countersignedBy: state === 'countersigned' ? 'dolores' : null,
    closedAt: null,
    ...patch,
  };
}

/** A priced estimate as the inquiry stored it: a wedding bar for 120 in Waco with the mocktail bar. */
function storedEstimate(): PricedRequest {
  const result = estimatePrice(
    { packageId: 'wedding', serviceLevel: 'premium', guests: 120, hours: 5, zip: '76701', addOns: ['mocktail-bar'], date: '2027-04-17' },
    { prices: PRICES, phone: BUSINESS_PHONE, now: new Date('2026-12-01T18:00:00.000Z'), locate: locateTexasZip },
  );
  if (!result.ok) throw new Error(result.code);
  return result.value;
}

const error = (status: number, code: string, message: string, fields?: Record<string, string>) =>
  Response.json({ error: { code, message, ...(fields && { fields }) } }, { status });

/** The panel of INQUIRY (stored estimate or not) over a fake API answering `list` and then `answer` for the rest. */
function renderInquiryPanel(list: Proposal[], answer: (request: DeskRequest) => unknown = () => ({}), estimate = true) {
  const inquiry = { ...INQUIRY, estimate: estimate ? storedEstimate() : null };
  // A signed proposal's payments panel asks for its payments: none recorded yet.
  const get = (request: DeskRequest) => (request.path.endsWith('/payments') ? { payments: [], balance: null } : { proposals: list });
  const requests = serveDesk((request) => (request.method === 'GET' ? get(request) : answer(request)));
  render(<ProposalsPanel inquiryId={inquiry.id} desk={copy} clientName="Dolly Rivera" prefill={prefillFromInquiry(inquiry)} onError={() => {}} />);
  return requests;
}

describe('the proposals of an inquiry', () => {
  test('lists them newest first with their state in words, total, validity and signatures; actions fit each state', async () => {
    const list = PROPOSAL_STATES.map((state, index) => proposal(index + 1, state));
    const requests = renderInquiryPanel(list);
    const items = within(await screen.findByRole('list', { name: words.listLabel })).getAllByRole('listitem');
    expect(requests[0]!.path).toBe('/api/admin/proposals');
    expect(requests[0]!.url.searchParams.get('inquiryId')).toBe(INQUIRY.id);
    expect(items.map((item) => item.querySelector('span')!.textContent)).toEqual(PROPOSAL_STATES.map((state) => words.states[state]));
    const [sent, viewed, signed, countersigned, withdrawn] = items as [HTMLElement, HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    expect(sent).toHaveTextContent(fillTemplate(words.total, { amount: formatCents(500_001) }));
    expect(sent).toHaveTextContent(fillTemplate(words.validUntil, { date: formatLongDate('2027-01-05') }));
    expect(within(sent).getByRole('button', { name: words.withdraw })).toBeVisible();
    expect(within(viewed).getByRole('button', { name: words.withdraw })).toBeVisible();
    expect(within(signed).getByRole('button', { name: words.countersign })).toBeVisible();
    expect(signed).toHaveTextContent(/Signed by Dolly Rivera/);
    expect(signed).not.toHaveTextContent(/Valid until/);
    expect(countersigned).toHaveTextContent(/Countersigned by dolores/);
    for (const item of [countersigned, withdrawn, ...items.slice(5)]) expect(within(item).queryByRole('button')).toBeNull();
    // Signed: a change is a new contract the client asks for, so no new proposal is offered.
    expect(screen.queryByRole('button', { name: words.new })).toBeNull();
    expect(screen.queryByRole('button', { name: words.replace })).toBeNull();
  });

  test('Withdraw asks first ("Keep it" sends nothing), then withdraws and says so', async () => {
    const user = userEvent.setup();
    const open = proposal(1, 'viewed');
    const requests = renderInquiryPanel([open], () => ({ proposal: { ...open, state: 'withdrawn', closedAt: '2026-12-02T00:00:00.000Z' } }));
    await user.click(await screen.findByRole('button', { name: words.withdraw }));
    let dialog = screen.getByRole('dialog', { name: words.withdrawConfirm.title });
    expect(dialog).toHaveTextContent(fillTemplate(words.withdrawConfirm.text, { client: 'Dolly Rivera' }));
    await user.click(within(dialog).getByRole('button', { name: words.withdrawConfirm.keep }));
    expect(requests).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: words.withdraw }));
    dialog = screen.getByRole('dialog', { name: words.withdrawConfirm.title });
    await user.click(within(dialog).getByRole('button', { name: words.withdrawConfirm.confirm }));
    await screen.findByText(words.states.withdrawn);
    expect(requests.slice(1).map(({ method, path }) => `${method} ${path}`)).toEqual([`POST /api/admin/proposals/${open.id}/withdraw`]);
    expect($toast.get()?.title).toBe(words.withdrawn.title);
    expect(document.getElementById(`proposal-${open.id}`)).toHaveFocus();
    expect(screen.queryByRole('button', { name: words.withdraw })).toBeNull();
    expect(screen.getByRole('button', { name: words.new })).toBeVisible();
  });

  test('Countersign asks first, then countersigns', async () => {
    const user = userEvent.setup();
    const signed = proposal(1, 'signed');
    const done = { ...signed, state: 'countersigned' as const, countersignedAt: '2026-12-03T18:00:00.000Z', countersignedBy: 'dolores' };
    const requests = renderInquiryPanel([signed], () => ({ proposal: done }));
    await user.click(await screen.findByRole('button', { name: words.countersign }));
    const dialog = screen.getByRole('dialog', { name: words.countersignConfirm.title });
    await user.click(within(dialog).getByRole('button', { name: words.countersignConfirm.confirm }));
    await screen.findByText(words.states.countersigned);
    expect(requests.at(-1)!.path).toBe(`/api/admin/proposals/${signed.id}/countersign`);
    expect($toast.get()?.title).toBe(words.countersigned.title);
  });
});

describe('a new proposal', () => {
  test('is prefilled from the stored estimate and the event date, and sends integer cents; the list shows it', async () => {
    const user = userEvent.setup();
    const made = proposal(9, 'sent');
    const requests = renderInquiryPanel([proposal(1, 'sent')], () => Response.json({ proposal: made }, { status: 201 }));
    const opener = await screen.findByRole('button', { name: words.replace });
    expect(screen.getByText(words.replaceNote)).toBeVisible();
    await user.click(opener);
    const form = screen.getByRole('form', { name: words.form.heading });
    const labels = words.form.labels;
    expect(within(form).getByLabelText(labels.packageId)).toHaveFocus();
    expect(within(form).getByLabelText(labels.packageId)).toHaveValue('wedding');
    expect(within(form).getByLabelText(PRICES.serviceLevels.premium.label)).toBeChecked();
    expect(within(form).getByLabelText(labels.guests)).toHaveValue(120);
    expect(within(form).getByLabelText(labels.hours)).toHaveValue(5);
    expect(within(form).getByLabelText(labels.zip)).toHaveValue('76701');
    expect(within(form).getByLabelText(/Mocktail/)).toBeChecked();
    expect(within(form).getByLabelText(labels.date)).toHaveValue('2027-04-17');
    expect(within(form).getByLabelText(labels.validDays)).toHaveValue(proposalsContent.validDaysDefault);

    await user.selectOptions(within(form).getByLabelText(labels.timeSlot), 'afternoon');
    await user.click(within(form).getByRole('button', { name: words.form.addLine }));
    await user.type(within(form).getByLabelText(fillTemplate(labels.lineLabel, { n: 1 })), 'Travel to the ranch');
    await user.type(within(form).getByLabelText(fillTemplate(labels.lineAmount, { n: 1 })), '$1,150.29');
    await user.click(within(form).getByRole('button', { name: words.form.addLine }));
    await user.type(within(form).getByLabelText(fillTemplate(labels.lineLabel, { n: 2 })), 'Friends discount');
    await user.type(within(form).getByLabelText(fillTemplate(labels.lineAmount, { n: 2 })), '-25.5');
    await user.click(within(form).getByRole('button', { name: words.form.submit }));

    await waitFor(() => expect($toast.get()?.title).toBe('Proposal sent to Dolly Rivera'));
    expect(requests.at(-1)).toMatchObject({ method: 'POST', path: '/api/admin/proposals' });
    expect(requests.at(-1)!.body).toEqual({
      inquiryId: INQUIRY.id,
      date: '2027-04-17',
      timeSlot: 'afternoon',
      estimate: { packageId: 'wedding', serviceLevel: 'premium', guests: 120, hours: 5, zip: '76701', addOns: ['mocktail-bar'] },
      extraLines: [
        { label: 'Travel to the ranch', amountCents: 115_029 },
        { label: 'Friends discount', amountCents: -2550 },
      ],
      validDays: proposalsContent.validDaysDefault,
    });
    const items = within(screen.getByRole('list', { name: words.listLabel })).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('span')!.textContent)).toEqual([words.states.sent, words.states.replaced]);
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.getByRole('button', { name: words.replace })).toHaveFocus();
  });

  test('without a stored estimate, the guests come from the inquiry; the server\'s field messages show by their fields', async () => {
    const user = userEvent.setup();
    const requests = renderInquiryPanel([], () => error(400, 'invalid_fields', 'Please check the fields.', { 'estimate.zip': 'We do not serve 79999.', validDays: 'Too long.' }), false);
    await user.click(await screen.findByRole('button', { name: words.new }));
    const form = screen.getByRole('form', { name: words.form.heading });
    expect(within(form).getByLabelText(words.form.labels.guests)).toHaveValue(120);
    expect(within(form).getByLabelText(words.form.labels.zip)).toHaveValue('');
    await user.type(within(form).getByLabelText(words.form.labels.zip), '79999');
    await user.selectOptions(within(form).getByLabelText(words.form.labels.timeSlot), 'evening');
    await user.click(within(form).getByRole('button', { name: words.form.submit }));
    const zip = within(form).getByLabelText(words.form.labels.zip);
    await waitFor(() => expect(zip).toHaveAccessibleDescription('We do not serve 79999.'));
    expect(zip).toHaveAttribute('aria-invalid', 'true');
    expect(zip).toHaveFocus();
    expect(within(form).getByLabelText(words.form.labels.validDays)).toHaveAccessibleDescription(`${words.form.hints.validDays} Too long.`);
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(1);
  });

  test('a taken slot is an alert; a mistyped amount or a missing slot is caught before sending', async () => {
    const user = userEvent.setup();
    const requests = renderInquiryPanel([], () => error(409, 'slot_taken', 'That slot is already booked.'));
    await user.click(await screen.findByRole('button', { name: words.new }));
    const form = screen.getByRole('form', { name: words.form.heading });
    await user.click(within(form).getByRole('button', { name: words.form.addLine }));
    await user.type(within(form).getByLabelText(fillTemplate(words.form.labels.lineLabel, { n: 1 })), 'Extra bartender');
    const amount = within(form).getByLabelText(fillTemplate(words.form.labels.lineAmount, { n: 1 }));
    await user.type(amount, 'ten dollars');
    await user.click(within(form).getByRole('button', { name: words.form.submit }));
    expect(amount).toHaveAccessibleDescription(words.form.amountInvalid);
    expect(within(form).getByLabelText(words.form.labels.timeSlot)).toHaveAttribute('aria-invalid', 'true');
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '100');
    await user.selectOptions(within(form).getByLabelText(words.form.labels.timeSlot), 'morning');
    await user.click(within(form).getByRole('button', { name: words.form.submit }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('That slot is already booked.');
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(1);
  });
});

describe('the proposals of a booking', () => {
  test('are asked by booking; a new one sends the booking and no date or slot to hold', async () => {
    const user = userEvent.setup();
    const requests = serveDesk((request) => (request.method === 'GET' ? { proposals: [] } : Response.json({ proposal: proposal(2, 'sent') }, { status: 201 })));
    const prefill = { estimate: { ...prefillFromBooking({ guestCount: 40 }).estimate, zip: '78701' } };
    render(<ProposalsPanel bookingId={BOOKING_ID} desk={copy} clientName="Hank" prefill={prefill} onError={() => {}} />);
    await user.click(await screen.findByRole('button', { name: words.new }));
    expect(requests[0]!.url.searchParams.get('bookingId')).toBe(BOOKING_ID);
    const form = screen.getByRole('form', { name: words.form.heading });
    expect(within(form).queryByLabelText(words.form.labels.date)).toBeNull();
    await user.click(within(form).getByRole('button', { name: words.form.submit }));
    await waitFor(() => expect($toast.get()?.title).toBe('Proposal sent to Hank'));
    const body = requests.at(-1)!.body as Record<string, unknown>;
    expect(body).toMatchObject({ bookingId: BOOKING_ID, estimate: { guests: 40, zip: '78701', hours: PRICES.hours.included } });
    expect(body).not.toHaveProperty('date');
    expect(body).not.toHaveProperty('timeSlot');
  });
});

test.each([
  ['150', 15_000],
  ['150.5', 15_050],
  ['$1,200.00', 120_000],
  ['-25.50', -2550],
  ['0.29', 29],
  ['1.234', Number.NaN],
  ['1,20', Number.NaN],
  ['', Number.NaN],
])('%s dollars are %s cents', (text, cents) => {
  expect(dollarsToCents(text)).toBe(cents);
});

test('an opened inquiry in the desk shows its "Proposal" section, asked for only once it is opened', async () => {
  window.location.hash = '#inquiries';
  const user = userEvent.setup();
  const requests = serveDesk(({ path }) => (path === '/api/admin/proposals' ? { proposals: [proposal(1, 'sent')] } : { inquiries: [INQUIRY], nextCursor: null }));
  render(<OwnerDesk copy={copy} />);
  const summary = await screen.findByRole('button', { name: /Dolly Rivera/ });
  expect(requests.map((request) => request.path)).not.toContain('/api/admin/proposals');
  await user.click(summary);
  const section = await screen.findByRole('region', { name: words.heading });
  expect(await within(section).findByText(words.states.sent)).toBeVisible();
  expect(requests.filter((request) => request.path === '/api/admin/proposals')).toHaveLength(1);
});
