import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import forms from '@content/forms.json';
import { site } from '../../../tests/fixtures';
import { fillTemplate } from '@shared/template';
import { formatTexasMoment } from '@shared/texas-time';
import { slotLabel } from '@shared/time-slots';
import type { BookingStage, ClientProposal } from '@shared/schemas/proposal';
import CancelBooking from '../CancelBooking';
import { CONTRACT, EVENT_TOKEN, clientProposal, eventBooking, eventCopy as copy, eventPlanner, json } from './event-test-support';

type FetchArgs = Parameters<typeof fetch>;

let fetchMock: ReturnType<typeof vi.fn<(...args: FetchArgs) => Promise<Response>>>;

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});

/** Opens the event page's link with the look-up answering the booking at `stage` and its proposal. */
async function open(stage: BookingStage, proposal: ClientProposal | null) {
  fetchMock.mockResolvedValueOnce(json(200, { booking: eventBooking(stage), proposal, contract: proposal && CONTRACT }));
  window.history.replaceState(null, '', `/cancel#token=${EVENT_TOKEN}`);
  const user = userEvent.setup();
  render(<CancelBooking copy={copy} picker={forms.availability.checker} phone={site.phone} email={site.email} planner={eventPlanner} />);
  await screen.findByRole('heading', { name: copy.heading });
  return user;
}

const SIGNED_AT = '2026-05-02T15:30:00.000Z';
const signedProposal = () => clientProposal({ state: 'signed', signedAt: SIGNED_AT, signatureName: 'Peggy Hill' });

describe('the event page', () => {
  test('a sent proposal: the stage, the proposal, the contract to read, and signing shows the signed contract in place', async () => {
    const user = await open('proposal_sent', clientProposal());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect([String(url), init?.body]).toEqual(['/api/portal/lookup', JSON.stringify({ token: EVENT_TOKEN })]);
    expect(screen.getByText(copy.stage.proposal_sent.label)).toBeInTheDocument();
    expect(screen.getByRole('table', { name: copy.proposal.lines })).toBeInTheDocument();
    const contract = screen.getByRole('region', { name: CONTRACT.title });
    expect(contract).toHaveAttribute('tabindex', '0');
    expect(within(contract).getByRole('heading', { name: 'Cancellation' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: copy.details.heading })).not.toBeInTheDocument();

    fetchMock.mockResolvedValueOnce(json(200, { proposal: signedProposal() }));
    await user.click(screen.getByRole('checkbox', { name: CONTRACT.esign.consent }));
    await user.type(screen.getByRole('textbox', { name: copy.sign.name }), 'Peggy Hill');
    await user.click(screen.getByRole('button', { name: copy.sign.submit }));

    expect(await screen.findByRole('heading', { name: copy.signed.heading })).toHaveFocus();
    expect(screen.getByText(fillTemplate(copy.signed.by, { name: 'Peggy Hill', when: formatTexasMoment(SIGNED_AT) }))).toBeInTheDocument();
    expect(screen.getByText('a'.repeat(64)).tagName).toBe('CODE');
    expect(screen.getByText(copy.stage.signed.text)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: copy.sign.submit })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: copy.signed.download })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: copy.change.open })).not.toBeInTheDocument();
    // The payments part follows at once, nothing paid yet, without a new look-up.
    expect(within(screen.getByRole('region', { name: copy.payments.heading })).getByText(copy.payments.none)).toBeInTheDocument();
    // The signature opens the final details, empty, right away.
    expect(screen.getByRole('heading', { name: copy.details.heading })).toBeInTheDocument();
    expect(screen.getByLabelText(copy.details.labels.guestCount)).toHaveValue(null);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  test('held, no proposal yet: the stage says nothing is agreed, the move is offered', async () => {
    await open('held', null);
    expect(screen.getByText(copy.stage.held.text)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: copy.change.open })).toBeInTheDocument();
  });

  test('signed: the move gives way to the phone, the PDF is offered, no signing form', async () => {
    await open('signed', signedProposal());
    expect(screen.queryByRole('button', { name: copy.change.open })).not.toBeInTheDocument();
    expect(screen.getByText(copy.change.signed, { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: site.phone })).toHaveAttribute('href', expect.stringMatching(/^tel:/));
    expect(screen.getByRole('button', { name: copy.signed.download })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  test('cancelling asks once more, naming the date, the slot and the signed contract, with "Keep my booking" primary', async () => {
    const user = await open('confirmed', clientProposal({ state: 'countersigned', signedAt: SIGNED_AT, signatureName: 'Peggy Hill', countersignedAt: SIGNED_AT }));
    const ask = screen.getByRole('button', { name: copy.submit });
    expect(ask).not.toHaveClass('btn--primary');
    await user.click(ask);
    expect(screen.getByText(fillTemplate(copy.confirm.ask, { date: 'Saturday, July 4, 2026', slot: slotLabel('evening') }))).toBeInTheDocument();
    expect(screen.getByText(copy.confirm.signed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: copy.confirm.keep })).toHaveClass('btn--primary');
    expect(screen.getByRole('button', { name: copy.confirm.submit })).not.toHaveClass('btn--primary');
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: copy.confirm.keep }));
    expect(screen.getByRole('button', { name: copy.submit })).toHaveFocus();
    expect(screen.queryByRole('button', { name: copy.confirm.submit })).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
