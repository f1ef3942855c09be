import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import forms from '@content/forms.json';
import { site } from '../../../tests/fixtures';
import { CHANGE_REFUSALS, type ClientPolicy } from '@shared/change-policy';
import { fillTemplate } from '@shared/template';
import { formatLongDate } from '@shared/texas-time';
import { slotLabel } from '@shared/time-slots';
import { addDaysUtc, todayUtc } from '@shared/schemas/dates';
import type { BookingStage } from '@shared/schemas/proposal';
import { BOOKING_LINK_KEY } from '../../lib/cancel-link';
import CancelBooking from '../CancelBooking';
import { EVENT_TOKEN, eventBooking, eventCopy as copy, eventPlanner, eventPolicy, json } from './event-test-support';

type FetchArgs = Parameters<typeof fetch>;

const words = copy.policy;
const PHONE_HREF = `tel:+1${site.phone.replace(/\D/g, '')}`;
const LAST_DAY = formatLongDate('2026-06-19');

let fetchMock: ReturnType<typeof vi.fn<(...args: FetchArgs) => Promise<Response>>>;
/** The server's answer to a move and to a cancel. */
let moveAnswer: () => Response;
let cancelAnswer: () => Response;

beforeEach(() => {
  moveAnswer = () => json(500, {});
  cancelAnswer = () => json(500, {});
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});

/** Opens the event page with the look-up answering the booking at `stage` under `policy`. */
async function open(policy: ClientPolicy, stage: BookingStage = 'held') {
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url === '/api/portal/lookup') return json(200, { booking: eventBooking(stage), proposal: null, contract: null, policy });
    if (url === '/api/bookings/reschedule') return moveAnswer();
    if (url === '/api/cancel') return cancelAnswer();
    const date = /^\/api\/availability\/(.+)$/.exec(url)?.[1];
    if (date) return json(200, { date, availableSlots: ['morning'] });
    return json(404, { error: { code: 'not_found', message: 'Not found.' } });
  });
  window.history.replaceState(null, '', `/cancel#token=${EVENT_TOKEN}`);
  const user = userEvent.setup();
  render(<CancelBooking copy={copy} picker={forms.availability.checker} phone={site.phone} email={site.email} planner={eventPlanner} />);
  await screen.findByRole('heading', { name: copy.heading });
  return user;
}

/** The "Change or cancel" part of the page. */
const actions = () => screen.getByRole('region', { name: copy.actions });
/** The paragraph whose whole text is `text` (a sentence with a link inside it). */
const sentence = (text: string) => screen.getByText((_content, element) => element?.tagName === 'P' && element.textContent === text);
const follows = (first: Element, second: Element) => Boolean(first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING);

describe('the change policy on the event page', () => {
  test('outside the window: the deadline, the moves left and the retainer’s terms, before the move and cancel buttons', async () => {
    await open(eventPolicy({ movesUsed: 1, movesLeft: 2 }));
    const deadline = sentence(fillTemplate(words.deadline, { date: LAST_DAY, phone: site.phone }));
    expect(within(deadline).getByRole('link', { name: site.phone })).toHaveAttribute('href', PHONE_HREF);
    const left = sentence(fillTemplate(words.movesLeft, { left: 2, max: 3 }));
    const terms = sentence(eventPolicy().retainerTerms);
    const move = within(actions()).getByRole('button', { name: copy.change.open });
    const cancel = within(actions()).getByRole('button', { name: copy.submit });
    for (const shown of [deadline, left, terms]) {
      expect(actions()).toContainElement(shown);
      expect(follows(shown, move)).toBe(true);
      expect(follows(shown, cancel)).toBe(true);
    }
  });

  test('inside the window: no move or cancel button; the policy and whom to call instead', async () => {
    await open(eventPolicy({ movesUsed: 1, movesLeft: 2, canMove: false, canCancel: false }));
    const closed = sentence(fillTemplate(words.closed, { date: LAST_DAY, days: 14, phone: site.phone }));
    expect(within(closed).getByRole('link', { name: site.phone })).toHaveAttribute('href', PHONE_HREF);
    expect(within(actions()).getByText(eventPolicy().retainerTerms)).toBeInTheDocument();
    expect(within(actions()).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: copy.change.open })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: copy.submit })).not.toBeInTheDocument();
    expect(screen.queryByText(fillTemplate(words.movesLeft, { left: 2, max: 3 }))).not.toBeInTheDocument();
  });

  test('at the move limit: the sentence replaces the move, the cancel stays', async () => {
    await open(eventPolicy({ movesUsed: 3, movesLeft: 0, canMove: false }));
    expect(sentence(fillTemplate(words.movesLeft, { left: 0, max: 3 }))).toBeInTheDocument();
    const limit = sentence(fillTemplate(words.limit, { max: 3, phone: site.phone }));
    expect(within(limit).getByRole('link', { name: site.phone })).toHaveAttribute('href', PHONE_HREF);
    expect(screen.queryByRole('button', { name: copy.change.open })).not.toBeInTheDocument();
    expect(within(actions()).getByRole('button', { name: copy.submit })).toBeInTheDocument();
  });

  test('signed: the link only cancels (no moves counted down), and the cancel’s question names the retainer’s terms', async () => {
    const user = await open(eventPolicy({ canMove: false }), 'signed');
    expect(sentence(fillTemplate(words.deadlineSigned, { date: LAST_DAY, phone: site.phone }))).toBeInTheDocument();
    expect(screen.queryByText(/^Moves left/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: copy.change.open })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: copy.submit }));
    const question = screen.getByRole('group');
    expect(within(question).getByText(copy.confirm.signed)).toBeInTheDocument();
    expect(within(question).getByText(eventPolicy().retainerTerms)).toBeInTheDocument();
  });

  test('a cancel refused because the window closed while the page was open shows the message and whom to call', async () => {
    cancelAnswer = () => json(409, { error: { code: 'change_window_closed', message: CHANGE_REFUSALS.change_window_closed } });
    const user = await open(eventPolicy());
    await user.click(screen.getByRole('button', { name: copy.submit }));
    await user.click(screen.getByRole('button', { name: copy.confirm.submit }));
    expect(await screen.findByRole('heading', { name: copy.refused.headings.change_window_closed })).toHaveFocus();
    expect(screen.getByText(CHANGE_REFUSALS.change_window_closed)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: site.phone })).toHaveAttribute('href', PHONE_HREF);
    // The link still shows the event: a reload looks it up again.
    expect(sessionStorage.getItem(BOOKING_LINK_KEY)).toBe(EVENT_TOKEN);
  });

  test.each(['move_limit_reached', 'change_window_closed'] as const)('a move refused with %s while the page was open shows its message', async (code) => {
    moveAnswer = () => json(409, { error: { code, message: CHANGE_REFUSALS[code] } });
    const user = await open(eventPolicy({ movesUsed: 2, movesLeft: 1 }));
    await user.click(screen.getByRole('button', { name: copy.change.open }));
    await user.type(screen.getByLabelText(forms.availability.checker.dateLabel), addDaysUtc(todayUtc(), 40));
    await user.click(await screen.findByRole('radio', { name: slotLabel('morning') }));
    await user.click(screen.getByRole('button', { name: copy.move.submit }));
    expect(await screen.findByRole('heading', { name: copy.refused.headings[code] })).toHaveFocus();
    expect(screen.getByText(CHANGE_REFUSALS[code])).toBeInTheDocument();
    expect(sessionStorage.getItem(BOOKING_LINK_KEY)).toBe(EVENT_TOKEN);
  });

  test('after a move, back on the booking: one move fewer left, and the new date’s deadline', async () => {
    const day = addDaysUtc(todayUtc(), 40);
    moveAnswer = () =>
      json(200, { booking: { ...eventBooking('held'), date: day, timeSlot: 'morning', startsAt: `${day}T14:00:00.000Z`, endsAt: `${day}T18:00:00.000Z` } });
    const user = await open(eventPolicy({ movesUsed: 1, movesLeft: 2 }));
    await user.click(screen.getByRole('button', { name: copy.change.open }));
    await user.type(screen.getByLabelText(forms.availability.checker.dateLabel), day);
    await user.click(await screen.findByRole('radio', { name: slotLabel('morning') }));
    await user.click(screen.getByRole('button', { name: copy.move.submit }));
    await user.click(await screen.findByRole('button', { name: copy.moved.back }));
    await screen.findByRole('heading', { name: copy.heading });
    expect(sentence(fillTemplate(words.movesLeft, { left: 1, max: 3 }))).toBeInTheDocument();
    expect(sentence(fillTemplate(words.deadline, { date: formatLongDate(addDaysUtc(day, -15)), phone: site.phone }))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: copy.change.open })).toBeInTheDocument();
  });
});
