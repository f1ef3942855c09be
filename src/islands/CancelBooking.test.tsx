import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import cancelJson from '@content/cancel.json';
import forms from '@content/forms.json';
import { site } from '../../tests/fixtures';
import { BOOKING_LINK_KEY, texasWindow } from '../lib/cancel-link';
import { fillTemplate } from '@shared/template';
import { formatLongDate } from '@shared/texas-time';
import { slotLabel } from '@shared/time-slots';
import type { ErrorCode } from '@shared/schemas/api-error';
import { SLOT_STARTED_MESSAGE } from '@shared/schemas/booking';
import { SAME_SLOT_MESSAGE } from '@shared/schemas/cancel';
import { addDaysUtc, todayUtc } from '@shared/schemas/dates';
import { $availability } from '../stores/availability';
import CancelBooking from './CancelBooking';
import { eventPlanner, eventPolicy } from './event/event-test-support';

type FetchArgs = Parameters<typeof fetch>;

const copy = cancelJson.cancel.booking;
const picker = forms.availability.checker;
const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde';
// The evening slot of a summer day: 6 PM to 11 PM in Texas (CDT, UTC-5).
const BOOKING = {
  date: '2026-07-04',
  timeSlot: 'evening',
  eventType: 'wedding',
  clientName: 'Peggy Hill',
  startsAt: '2026-07-04T23:00:00.000Z',
  endsAt: '2026-07-05T04:00:00.000Z',
  stage: 'held',
  tentativeUntil: null,
};

// The look-up's answer: the booking, outside the change policy's window with every move left.
const LOOKUP = { booking: BOOKING, proposal: null, contract: null, policy: eventPolicy() };

let fetchMock: ReturnType<typeof vi.fn<(...args: FetchArgs) => Promise<Response>>>;
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const refusal = (status: number, code: ErrorCode, message: string) => json(status, { error: { code, message } });

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  $availability.set({});
  localStorage.clear();
});

function open(path: string) {
  window.history.replaceState(null, '', path);
  const user = userEvent.setup();
  const view = render(<CancelBooking copy={copy} picker={picker} phone={site.phone} email={site.email} planner={eventPlanner} />);
  return { user, view };
}

const cancelButton = () => screen.getByRole('button', { name: new RegExp(`^(${copy.confirm.submit}|${copy.pending.replaceAll('.', '\\.')})$`) });
/** "Cancel my booking", then "Yes, cancel it" in the question asked once more. */
async function cancelTwice(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: copy.submit }));
  await user.click(cancelButton());
}

describe('CancelBooking', () => {
  test('looks the booking up with the token from the fragment, drops the token from the address, shows it in Texas time', async () => {
    fetchMock.mockResolvedValueOnce(json(200, LOOKUP));
    open(`/cancel?ref=mail#token=${TOKEN}`);
    expect(window.location.pathname + window.location.search + window.location.hash).toBe('/cancel?ref=mail');
    await screen.findByRole('heading', { name: copy.heading });
    // The token goes in a POST body, never in a URL (URLs reach request logs).
    const [url, init] = fetchMock.mock.calls[0]!;
    expect([String(url), init?.method, init?.body]).toEqual(['/api/portal/lookup', 'POST', JSON.stringify({ token: TOKEN })]);
    expect(fetchMock.mock.calls.map(([called]) => String(called)).join(' ')).not.toContain(TOKEN);
    const terms = screen.getAllByRole('term').map((term) => term.textContent);
    const values = screen.getAllByRole('definition').map((value) => value.textContent);
    expect(terms.map((term, index) => [term, values[index]])).toEqual([
      [copy.labels.date, 'Saturday, July 4, 2026'],
      [copy.labels.time, copy.timeWindow.replace('{start}', '6:00 PM').replace('{end}', '11:00 PM')],
      [copy.labels.eventType, 'Wedding'],
      [copy.labels.name, 'Peggy Hill'],
    ]);
  });

  test('cancels with one POST of the token, then confirms and links to /availability with focus on the confirmation', async () => {
    fetchMock.mockResolvedValueOnce(json(200, LOOKUP));
    const { user } = open(`/cancel#token=${TOKEN}`);
    await screen.findByRole('heading', { name: copy.heading });
    fetchMock.mockResolvedValueOnce(json(200, { booking: { ...BOOKING, cancelledAt: '2026-06-01T12:00:00.000Z' } }));
    await cancelTwice(user);
    const done = await screen.findByRole('heading', { name: copy.cancelled.heading });
    expect(done).toHaveFocus();
    const [url, init] = fetchMock.mock.calls[1]!;
    expect([String(url), init?.method, init?.body]).toEqual(['/api/cancel', 'POST', JSON.stringify({ token: TOKEN })]);
    expect(screen.getByRole('link', { name: copy.cancelled.link.label })).toHaveAttribute('href', '/availability');
  });

  test('a refused POST (already cancelled meanwhile) shows the server message and the phone number, no button', async () => {
    fetchMock.mockResolvedValueOnce(json(200, LOOKUP));
    const { user } = open(`/cancel#token=${TOKEN}`);
    await screen.findByRole('heading', { name: copy.heading });
    fetchMock.mockResolvedValueOnce(refusal(409, 'already_cancelled', 'This booking has already been cancelled.'));
    await cancelTwice(user);
    expect(await screen.findByRole('heading', { name: copy.refused.headings.already_cancelled })).toHaveFocus();
    expect(screen.getByText('This booking has already been cancelled.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: site.phone })).toHaveAttribute('href', `tel:+1${site.phone.replace(/\D/g, '')}`);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  test('a server outage on POST keeps the booking and the button, with the message in place', async () => {
    fetchMock.mockResolvedValueOnce(json(200, LOOKUP));
    const { user } = open(`/cancel#token=${TOKEN}`);
    await screen.findByRole('heading', { name: copy.heading });
    fetchMock.mockResolvedValueOnce(refusal(503, 'service_unavailable', 'We are having trouble right now.'));
    await cancelTwice(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('We are having trouble right now.');
    expect(cancelButton()).toBeEnabled();
    expect(screen.getByRole('heading', { name: copy.heading })).toBeInTheDocument();
  });

  test('a failed look-up offers to try again', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const { user } = open(`/cancel#token=${TOKEN}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(copy.loadFailed);
    fetchMock.mockResolvedValueOnce(json(200, LOOKUP));
    await user.click(screen.getByRole('button', { name: copy.retry }));
    await screen.findByRole('heading', { name: copy.heading });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  test.each([
    ['no token', '/cancel'],
    ['a cut-off token', '/cancel#token=abc'],
  ])('%s asks for the whole link without calling the API', async (_case, path) => {
    open(path);
    await screen.findByRole('heading', { name: copy.refused.headings.invalid });
    expect(screen.getByText(copy.missing)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    await waitFor(() => expect(window.location.hash).toBe(''));
  });

  test('a 400 shows what is wrong with the link, not the general message about fields', async () => {
    fetchMock.mockResolvedValueOnce(
      json(400, { error: { code: 'invalid_fields', message: 'Please check the highlighted fields.', fields: { token: 'Incomplete link.' } } }),
    );
    open(`/cancel#token=${TOKEN}`);
    await screen.findByRole('heading', { name: copy.refused.headings.invalid });
    expect(screen.getByText('Incomplete link.')).toBeInTheDocument();
    expect(screen.queryByText('Please check the highlighted fields.')).not.toBeInTheDocument();
  });

  test.each([
    [404, 'unknown'],
    [410, 'expired'],
    [409, 'started'],
    [409, 'already_cancelled'],
  ] as const)('a %i %s look-up shows its heading and the server message', async (status, code) => {
    fetchMock.mockResolvedValueOnce(refusal(status, code, `Message for ${code}.`));
    open(`/cancel#token=${TOKEN}`);
    // Nothing was clicked yet: the answer is shown where the page is read, focus stays put.
    expect(await screen.findByRole('heading', { name: copy.refused.headings[code] })).not.toHaveFocus();
    expect(screen.getByText(`Message for ${code}.`)).toBeInTheDocument();
  });
});

const OTHER_TOKEN = 'ZyXwVuTsRqPoNmLkJiHgFeDcBa9876543210_-edcba';
const lookups = () => fetchMock.mock.calls.filter(([url]) => String(url) === '/api/portal/lookup').map(([, init]) => init?.body);

describe('CancelBooking: the link survives a reload', () => {
  test('keeps the token for this tab only, and a reload without the fragment looks the same booking up', async () => {
    fetchMock.mockImplementation(async () => json(200, LOOKUP));
    const first = open(`/cancel#token=${TOKEN}`);
    await screen.findByRole('heading', { name: copy.heading });
    expect(sessionStorage.getItem(BOOKING_LINK_KEY)).toBe(TOKEN);
    expect(localStorage.length).toBe(0);
    first.view.unmount();
    open('/cancel');
    await screen.findByRole('heading', { name: copy.heading });
    expect(lookups()).toEqual([JSON.stringify({ token: TOKEN }), JSON.stringify({ token: TOKEN })]);
    expect(window.location.href).not.toContain(TOKEN);
  });

  test('a new link wins over the token kept from an earlier one', async () => {
    sessionStorage.setItem(BOOKING_LINK_KEY, OTHER_TOKEN);
    fetchMock.mockImplementation(async () => json(200, LOOKUP));
    open(`/cancel#token=${TOKEN}`);
    await screen.findByRole('heading', { name: copy.heading });
    expect(lookups()).toEqual([JSON.stringify({ token: TOKEN })]);
    expect(sessionStorage.getItem(BOOKING_LINK_KEY)).toBe(TOKEN);
  });

  test('a new link opened on the showing page (only the fragment changes) wins and leaves the address bar', async () => {
    fetchMock.mockImplementation(async () => json(200, LOOKUP));
    open(`/cancel#token=${OTHER_TOKEN}`);
    await screen.findByRole('heading', { name: copy.heading });
    act(() => {
      window.history.replaceState(null, '', `/cancel#token=${TOKEN}`);
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    await waitFor(() => expect(lookups()).toEqual([JSON.stringify({ token: OTHER_TOKEN }), JSON.stringify({ token: TOKEN })]));
    expect(sessionStorage.getItem(BOOKING_LINK_KEY)).toBe(TOKEN);
    expect(window.location.hash).toBe('');
  });

  test('cancelling forgets the kept token', async () => {
    fetchMock.mockResolvedValueOnce(json(200, LOOKUP));
    const { user } = open(`/cancel#token=${TOKEN}`);
    await screen.findByRole('heading', { name: copy.heading });
    fetchMock.mockResolvedValueOnce(json(200, { booking: { ...BOOKING, cancelledAt: '2026-06-01T12:00:00.000Z' } }));
    await cancelTwice(user);
    await screen.findByRole('heading', { name: copy.cancelled.heading });
    expect(sessionStorage.getItem(BOOKING_LINK_KEY)).toBeNull();
  });

  test.each([
    [404, 'unknown', null],
    [410, 'expired', null],
    [409, 'already_cancelled', null],
    // Too late to change online, but the link is still the client's: a reload shows the same answer.
    [409, 'started', TOKEN],
  ] as const)('a %i %s refusal leaves the kept token %s', async (status, code, kept) => {
    fetchMock.mockResolvedValueOnce(refusal(status, code, `Message for ${code}.`));
    open(`/cancel#token=${TOKEN}`);
    await screen.findByRole('heading', { name: copy.refused.headings[code] });
    expect(sessionStorage.getItem(BOOKING_LINK_KEY)).toBe(kept);
  });
});

const DAY = addDaysUtc(todayUtc(), 20);
// The new booking the server answers for DAY (its Texas window is read back with texasWindow: CDT or CST).
const MOVED = { ...BOOKING, date: DAY, timeSlot: 'morning', startsAt: `${DAY}T14:00:00.000Z`, endsAt: `${DAY}T18:00:00.000Z` };
const SLOT_TAKEN = 'Sorry, that time slot was just booked by someone else. Please pick another.';

describe('CancelBooking: moving the booking', () => {
  /** The server's free slots per date, and its answer to the move. */
  let slots: string[][];
  let moveAnswer: () => Response | Promise<Response>;
  const availabilityCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/availability/'));
  const moveCalls = () => fetchMock.mock.calls.filter(([url]) => String(url) === '/api/bookings/reschedule');

  beforeEach(() => {
    slots = [['morning', 'evening']];
    moveAnswer = () => json(200, { booking: MOVED });
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === '/api/portal/lookup') return json(200, LOOKUP);
      if (url === '/api/bookings/reschedule' && init?.method === 'POST') return moveAnswer();
      const date = /^\/api\/availability\/(.+)$/.exec(url)?.[1];
      if (date) return json(200, { date, availableSlots: slots.length > 1 ? slots.shift() : slots[0] });
      return json(404, { error: { code: 'not_found', message: 'Not found.' } });
    });
  });

  /** Opens the link, chooses "Move to another date", picks DAY and its morning. */
  async function pickMorning() {
    const opened = open(`/cancel#token=${TOKEN}`);
    const { user } = opened;
    await user.click(await screen.findByRole('button', { name: copy.change.open }));
    expect(screen.getByRole('heading', { name: copy.move.heading })).toHaveFocus();
    await user.type(screen.getByLabelText(picker.dateLabel), DAY);
    await user.click(await screen.findByRole('radio', { name: slotLabel('morning') }));
    return opened;
  }

  const moveButton = () => screen.getByRole('button', { name: new RegExp(`^(${copy.move.submit}|${copy.move.pending.replaceAll('.', '\\.')})$`) });

  test('picks a date and slot with the availability picker, moves with one POST of token, date and slot, then says so', async () => {
    const { user } = await pickMorning();
    const summary = fillTemplate(copy.move.summary, { slot: slotLabel('morning'), date: formatLongDate(DAY) });
    expect(screen.getByText((_text, element) => element?.tagName === 'P' && element.textContent === summary)).toBeInTheDocument();
    await user.click(moveButton());
    const moved = await screen.findByRole('heading', { name: copy.moved.heading });
    expect(moved).toHaveFocus();
    const [call] = moveCalls();
    expect([call?.[1]?.method, call?.[1]?.body]).toEqual(['POST', JSON.stringify({ token: TOKEN, date: DAY, timeSlot: 'morning' })]);
    // The token travels in bodies only.
    expect(fetchMock.mock.calls.map(([url]) => String(url)).join(' ')).not.toContain(TOKEN);
    const when = texasWindow(MOVED);
    const slotWindow = fillTemplate(copy.timeWindow, when);
    expect(screen.getByText(fillTemplate(copy.moved.text, { date: when.date, time: slotWindow }))).toBeInTheDocument();
    expect(screen.getByText(copy.moved.again)).toBeInTheDocument();
    // The moved-away day's slots are fetched again, not served from before the move.
    expect(availabilityCalls()).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: copy.moved.back }));
    expect(await screen.findByRole('heading', { name: copy.heading })).toHaveFocus();
    expect(screen.getAllByRole('definition').map((value) => value.textContent).slice(0, 2)).toEqual([when.date, slotWindow]);
    expect(sessionStorage.getItem(BOOKING_LINK_KEY)).toBe(TOKEN);
  });

  test('a slot taken meanwhile shows the server message, reloads the date and keeps the picker open', async () => {
    slots = [['morning', 'evening'], ['evening']];
    moveAnswer = () => json(409, { error: { code: 'slot_taken', message: SLOT_TAKEN, fields: { timeSlot: SLOT_TAKEN } } });
    const { user } = await pickMorning();
    await user.click(moveButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(SLOT_TAKEN);
    await waitFor(() => expect(screen.queryByRole('radio', { name: slotLabel('morning') })).not.toBeInTheDocument());
    expect(screen.getByRole('radio', { name: slotLabel('evening') })).toBeInTheDocument();
    expect(availabilityCalls()).toHaveLength(2);
    expect(screen.getByRole('heading', { name: copy.move.heading })).toBeInTheDocument();
    expect(sessionStorage.getItem(BOOKING_LINK_KEY)).toBe(TOKEN);
  });

  test.each([
    ['same_slot', SAME_SLOT_MESSAGE],
    ['slot_started', SLOT_STARTED_MESSAGE],
  ] as const)('a 409 %s is about the chosen slot: its message shows and the picker stays open', async (code, message) => {
    moveAnswer = () => refusal(409, code, message);
    const { user } = await pickMorning();
    await user.click(moveButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('heading', { name: copy.move.heading })).toBeInTheDocument();
    expect(sessionStorage.getItem(BOOKING_LINK_KEY)).toBe(TOKEN);
  });

  test.each([
    [410, 'expired'],
    [404, 'unknown'],
    [409, 'already_cancelled'],
  ] as const)('a %i %s answer to the move shows the refusal with focus and forgets the token', async (status, code) => {
    moveAnswer = () => refusal(status, code, `Message for ${code}.`);
    const { user } = await pickMorning();
    await user.click(moveButton());
    expect(await screen.findByRole('heading', { name: copy.refused.headings[code] })).toHaveFocus();
    expect(screen.getByText(`Message for ${code}.`)).toBeInTheDocument();
    expect(sessionStorage.getItem(BOOKING_LINK_KEY)).toBeNull();
  });

  test('a 400 about the date shows its message under the date picker', async () => {
    moveAnswer = () => json(400, { error: { code: 'invalid_fields', message: 'Please check the highlighted fields.', fields: { date: 'Please choose a later date.' } } });
    const { user } = await pickMorning();
    await user.click(moveButton());
    expect(await screen.findByText('Please choose a later date.')).toBeInTheDocument();
    expect(screen.getByLabelText(picker.dateLabel)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('heading', { name: copy.move.heading })).toBeInTheDocument();
  });

  test.each([
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch')), copy.move.failure.fallback],
    ['a 503', () => refusal(503, 'service_unavailable', 'We are having trouble right now.'), 'We are having trouble right now.'],
  ])('%s keeps the picker and the button, with the message in place', async (_case, answer, message) => {
    moveAnswer = answer as () => Promise<Response>;
    const { user } = await pickMorning();
    await user.click(moveButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(moveButton()).toBeEnabled();
  });

  test('"Keep my current date" returns to the booking with focus on its heading, nothing sent', async () => {
    const { user } = open(`/cancel#token=${TOKEN}`);
    await user.click(await screen.findByRole('button', { name: copy.change.open }));
    await user.click(screen.getByRole('button', { name: copy.move.back }));
    expect(await screen.findByRole('heading', { name: copy.heading })).toHaveFocus();
    expect(moveCalls()).toEqual([]);
  });
});
