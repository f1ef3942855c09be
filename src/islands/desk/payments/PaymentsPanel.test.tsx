import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import desk from '@content/desk.json';
import { formatCents } from '@shared/money';
import { balanceOf, type Payment } from '@shared/schemas/payment';
import { fillTemplate } from '@shared/template';
import { formatLongDate, texasToday } from '@shared/texas-time';
import { $toast } from '../../../stores/toasts';
import { serveDesk, type DeskRequest } from '../desk-test-support';
import PaymentsExport from '../PaymentsExport';
import MoneyMark from './MoneyMark';
import PaymentsPanel from './PaymentsPanel';

const copy = desk.desk;
const words = copy.payments;
const PROPOSAL_ID = '00000000-0000-4000-8000-0000000000a1';
const SCHEDULE = [
  { label: 'Retainer (50%)', amountCents: 144_000, dueOn: '2026-12-05' },
  { label: 'Balance, 30 days before', amountCents: 144_000, dueOn: '2027-03-21' },
];
const TODAY = '2026-12-10';
const balance = (paidCents: number) => balanceOf(288_000, SCHEDULE, paidCents, TODAY);

function payment(n: number, patch: Partial<Payment> = {}): Payment {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    proposalId: PROPOSAL_ID,
    bookingId: '00000000-0000-4000-8000-0000000000b1',
    amountCents: 50_000,
    method: 'check',
    receivedOn: '2026-12-01',
    reference: 'Check 1042',
    recordedBy: 'dolores',
    recordedAt: '2026-12-01T18:00:00.000Z',
    voidedAt: null,
    voidedBy: null,
    voidReason: null,
    ...patch,
  };
}

const error = (status: number, code: string, message: string, fields?: Record<string, string>) =>
  Response.json({ error: { code, message, ...(fields && { fields }) } }, { status });

/** What the panel told its row of the money, in order. */
let told: number[] = [];

function renderPanel(payments: Payment[], paidCents: number, answer: (request: DeskRequest) => unknown = () => ({})) {
  told = [];
  const requests = serveDesk((request) => (request.method === 'GET' ? { payments, balance: balance(paidCents) } : answer(request)));
  const onBalance = (money: { outstandingCents: number }) => told.push(money.outstandingCents);
  render(<PaymentsPanel desk={copy} proposalId={PROPOSAL_ID} clientName="Dolly Rivera" onError={() => {}} onBalance={onBalance} />);
  return requests;
}

describe('a signed proposal’s payments on the desk', () => {
  test('paid and outstanding, each line’s standing, each payment; a voided one struck through with who voided it and why', async () => {
    const voided = payment(2, { amountCents: 20_000, method: 'zelle', reference: null, voidedAt: '2026-12-02T18:00:00.000Z', voidedBy: 'dolores', voidReason: 'Typed twice' });
    const requests = renderPanel([payment(1), voided], 50_000);
    expect(await screen.findByText(fillTemplate(words.paid, { amount: '$500.00' }))).toBeVisible();
    expect(screen.getByText(fillTemplate(words.outstanding, { amount: '$2,380.00' }))).toBeVisible();
    expect(requests[0]!.path).toBe(`/api/admin/proposals/${PROPOSAL_ID}/payments`);
    const lines = within(screen.getByRole('list', { name: words.scheduleLabel })).getAllByRole('listitem');
    expect(lines[0]).toHaveTextContent(fillTemplate(words.standing.part, { paid: '$500.00', outstanding: '$940.00', date: formatLongDate('2026-12-05') }));
    expect(lines[1]).toHaveTextContent(fillTemplate(words.standing.due, { date: formatLongDate('2027-03-21') }));
    const [kept, struck] = within(screen.getByRole('list', { name: words.listLabel })).getAllByRole('listitem');
    expect(kept).toHaveTextContent(fillTemplate(words.item, { amount: '$500.00', method: 'Check', date: formatLongDate('2026-12-01') }));
    expect(kept).toHaveTextContent('Reference: Check 1042');
    expect(within(kept!).getByRole('button', { name: words.void })).toBeVisible();
    expect(struck!.querySelector('s')).toHaveTextContent('$200.00 by Zelle');
    expect(struck).toHaveTextContent(words.voided);
    expect(struck).toHaveTextContent('Typed twice');
    expect(within(struck!).queryByRole('button')).toBeNull();
  });

  test('records a payment in dollars as cents with a key per submission; the server’s refusal shows under the amount', async () => {
    const user = userEvent.setup();
    const recorded = payment(3, { amountCents: 144_000, method: 'zelle', receivedOn: texasToday(new Date()), reference: 'Zelle 8841' });
    let refuse = true;
    const requests = renderPanel([], 0, () =>
      refuse
        ? error(409, 'payment_exceeds_balance', 'That is more than is still owed on this proposal.', { amountCents: 'That is more than is still owed on this proposal.' })
        : Response.json({ payment: recorded, balance: balance(144_000) }, { status: 201 }),
    );
    await user.click(await screen.findByRole('button', { name: words.record }));
    const amount = screen.getByRole('textbox', { name: words.form.labels.amount });
    expect(amount).toHaveFocus();
    expect(screen.getByLabelText(words.form.labels.receivedOn)).toHaveValue(texasToday(new Date()));
    await user.type(amount, '1,440.00');
    await user.selectOptions(screen.getByRole('combobox', { name: words.form.labels.method }), 'Zelle');
    await user.type(screen.getByRole('textbox', { name: words.form.labels.reference }), 'Zelle 8841');
    await user.click(screen.getByRole('button', { name: words.form.submit }));
    await waitFor(() => expect(amount).toHaveAccessibleDescription(/more than is still owed/));
    expect(amount).toHaveFocus();
    const first = requests.at(-1)!;
    expect(first.body).toEqual({ amountCents: 144_000, method: 'zelle', receivedOn: texasToday(new Date()), reference: 'Zelle 8841' });
    expect(first.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);

    refuse = false;
    await user.click(screen.getByRole('button', { name: words.form.submit }));
    const item = await screen.findByText(fillTemplate(words.item, { amount: '$1,440.00', method: 'Zelle', date: formatLongDate(recorded.receivedOn) }));
    await waitFor(() => expect(item.closest('li')).toHaveFocus());
    // A retry of the same values keeps its key: the server records it once.
    expect(requests.at(-1)!.headers.get('Idempotency-Key')).toBe(first.headers.get('Idempotency-Key'));
    expect(screen.getByText(fillTemplate(words.paid, { amount: '$1,440.00' }))).toBeVisible();
    // The bookings list's row is told where the money now stands (its MoneyMark), once, after the refusal told nothing.
    expect(told).toEqual([144_000]);
    expect($toast.get()?.title).toBe(fillTemplate(words.form.recorded.title, { amount: '$1,440.00' }));
    expect(screen.queryByRole('textbox', { name: words.form.labels.amount })).toBeNull();
  });

  test('Void asks once more and needs a reason; then the payment is struck through and no longer counts', async () => {
    const user = userEvent.setup();
    const kept = payment(1);
    const voided = { ...kept, voidedAt: '2026-12-11T18:00:00.000Z', voidedBy: 'dolores', voidReason: 'Check bounced' };
    const requests = renderPanel([kept], 50_000, () => ({ payment: voided, balance: balance(0) }));
    await user.click(await screen.findByRole('button', { name: words.void }));
    const dialog = screen.getByRole('dialog', { name: words.voidConfirm.title });
    expect(dialog).toHaveTextContent(fillTemplate(words.voidConfirm.text, { amount: formatCents(50_000), client: 'Dolly Rivera' }));
    await user.click(within(dialog).getByRole('button', { name: words.voidConfirm.confirm }));
    const reason = within(dialog).getByRole('textbox', { name: words.voidConfirm.reasonLabel });
    expect(reason).toHaveAccessibleDescription(words.voidConfirm.reasonRequired);
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);
    await user.type(reason, 'Check bounced');
    await user.click(within(dialog).getByRole('button', { name: words.voidConfirm.confirm }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.at(-1)).toMatchObject({ method: 'POST', path: `/api/admin/payments/${kept.id}/void`, body: { reason: 'Check bounced' } });
    expect(screen.getByText(/Check bounced/)).toBeVisible();
    expect(screen.getByText(fillTemplate(words.paid, { amount: '$0.00' }))).toBeVisible();
    expect(told).toEqual([288_000]);
    expect(document.getElementById(`payment-${kept.id}`)).toHaveFocus();
    expect($toast.get()?.title).toBe(words.voidedToast.title);
  });
});

test('the payments CSV: "Payments CSV" opens two dates (this year so far) and downloads the range the server names', async () => {
  const requests = serveDesk(() => new Response('"csv"\r\n', { headers: { 'content-disposition': 'attachment; filename="payments-2026-01-01-to-2026-12-10.csv"' } }));
  const saved: string[] = [];
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:desk.test/1', revokeObjectURL: () => {} }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(`${this.download} ${this.href}`);
  });
  const user = userEvent.setup();
  render(<PaymentsExport copy={words.export} onError={() => {}} />);
  await user.click(screen.getByText(words.export.heading));
  const today = texasToday(new Date());
  expect(screen.getByLabelText(words.export.from)).toHaveValue(`${today.slice(0, 4)}-01-01`);
  expect(screen.getByLabelText(words.export.to)).toHaveValue(today);
  await user.click(screen.getByRole('button', { name: words.export.download }));
  await waitFor(() => expect(saved).toEqual(['payments-2026-01-01-to-2026-12-10.csv blob:desk.test/1']));
  expect(requests.map((request) => `${request.path}${request.search}`)).toEqual([`/api/admin/payments.csv?from=${today.slice(0, 4)}-01-01&to=${today}`]);
});

test('the bookings list’s mark of a signed booking’s money: what is still owed, or paid in full', () => {
  const { rerender } = render(<MoneyMark copy={words} money={{ totalCents: 288_000, paidCents: 144_000, outstandingCents: 144_000 }} />);
  expect(screen.getByText(fillTemplate(words.outstanding, { amount: '$1,440.00' }))).toBeVisible();
  rerender(<MoneyMark copy={words} money={{ totalCents: 288_000, paidCents: 288_000, outstandingCents: 0 }} />);
  expect(screen.getByText(words.paidInFull)).toBeVisible();
  expect(screen.queryByText(/Outstanding/)).toBeNull();
});
