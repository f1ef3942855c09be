import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import forms from '@content/forms.json';
import { site } from '../../../tests/fixtures';
import { PAYMENT_NOTICE, balanceOf, type ClientPayment } from '@shared/schemas/payment';
import { fillTemplate } from '@shared/template';
import { formatLongDate } from '@shared/texas-time';
import CancelBooking from '../CancelBooking';
import { CONTRACT, EVENT_TOKEN, clientProposal, eventBooking, eventCopy, eventPlanner, json } from './event-test-support';

const copy = eventCopy.payments;
let fetchMock: ReturnType<typeof vi.fn<(...args: Parameters<typeof fetch>) => Promise<Response>>>;

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});

const signed = clientProposal({ state: 'signed', signedAt: '2026-05-02T15:30:00.000Z', signatureName: 'Peggy Hill' });

/** Opens the event page with the look-up answering `proposal` and `payments`. */
async function open(proposal: typeof signed, payments: unknown) {
  fetchMock.mockResolvedValueOnce(json(200, { booking: eventBooking('signed'), proposal, contract: CONTRACT, payments }));
  window.history.replaceState(null, '', `/cancel#token=${EVENT_TOKEN}`);
  const user = userEvent.setup();
  render(<CancelBooking copy={eventCopy} picker={forms.availability.checker} phone={site.phone} email={site.email} planner={eventPlanner} />);
  await screen.findByRole('heading', { name: eventCopy.heading });
  return user;
}

describe('the event page’s payments', () => {
  test('after the signed contract: paid and still to pay, each payment received, each line’s standing, and the notice', async () => {
    const list: ClientPayment[] = [{ id: 'p1', amountCents: 50_000, method: 'zelle', receivedOn: '2026-05-03' }];
    await open(signed, { list, balance: balanceOf(signed.totalCents, signed.schedule, 50_000, '2026-06-10') });
    const part = screen.getByRole('region', { name: copy.heading });
    const signedPart = screen.getByRole('region', { name: eventCopy.signed.heading });
    expect(signedPart.compareDocumentPosition(part) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(part).getByText(copy.paid).nextElementSibling).toHaveTextContent('$500.00');
    expect(within(part).getByText(copy.outstanding).nextElementSibling).toHaveTextContent('$1,295.50');
    const received = within(part).getByRole('table', { name: copy.received });
    expect(within(received).getAllByRole('row')[1]).toHaveTextContent(`${formatLongDate('2026-05-03')}Zelle$500.00`);
    const schedule = within(within(part).getByRole('table', { name: copy.schedule }).querySelector('tbody')!).getAllByRole('row');
    expect(schedule[0]).toHaveTextContent(`Retainer${copy.due} ${formatLongDate('2026-05-01')}$500.00${copy.statuses.paid}`);
    expect(schedule[1]).toHaveTextContent(`Balance${copy.due} ${formatLongDate('2026-06-04')}$1,295.50${copy.statuses.overdue}`);
    expect(within(part).getByText(PAYMENT_NOTICE)).toBeVisible();
  });

  test('a part-paid line says how much is left; nothing recorded says so', async () => {
    await open(signed, { list: [], balance: balanceOf(signed.totalCents, signed.schedule, 60_000, '2026-05-02') });
    const part = screen.getByRole('region', { name: copy.heading });
    expect(within(part).getByText(copy.none)).toBeVisible();
    expect(within(part).getByText(fillTemplate(copy.part, { paid: '$100.00', outstanding: '$1,195.50' }))).toBeVisible();
    expect(within(part).queryByText(copy.paidInFull)).toBeNull();
  });

  test('no part before a signature (the look-up answers null)', async () => {
    await open(clientProposal(), null);
    expect(screen.queryByRole('region', { name: copy.heading })).toBeNull();
  });
});
