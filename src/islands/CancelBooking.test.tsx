import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import cancelJson from '../content/cancel.json';
import { site } from '../../tests/fixtures';
import type { ErrorCode } from '../schemas/api-error';
import CancelBooking from './CancelBooking';

type FetchArgs = Parameters<typeof fetch>;

const copy = cancelJson.cancel.booking;
const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde';
// The evening slot of a summer day: 6 PM to 11 PM in Texas (CDT, UTC-5).
const BOOKING = {
  date: '2026-07-04',
  timeSlot: 'evening',
  eventType: 'wedding',
  clientName: 'Peggy Hill',
  startsAt: '2026-07-04T23:00:00.000Z',
  endsAt: '2026-07-05T04:00:00.000Z',
};

let fetchMock: ReturnType<typeof vi.fn<(...args: FetchArgs) => Promise<Response>>>;
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const refusal = (status: number, code: ErrorCode, message: string) => json(status, { error: { code, message } });

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

function open(path: string) {
  window.history.replaceState(null, '', path);
  const user = userEvent.setup();
  render(<CancelBooking copy={copy} phone={site.phone} email={site.email} />);
  return { user };
}

const cancelButton = () => screen.getByRole('button', { name: new RegExp(`^(${copy.submit}|${copy.pending.replaceAll('.', '\\.')})$`) });

describe('CancelBooking', () => {
  test('looks the booking up with the token from the fragment, drops the token from the address, shows it in Texas time', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { booking: BOOKING }));
    open(`/cancel?ref=mail#token=${TOKEN}`);
    expect(window.location.pathname + window.location.search + window.location.hash).toBe('/cancel?ref=mail');
    await screen.findByRole('heading', { name: copy.heading });
    // The token goes in a POST body, never in a URL (URLs reach request logs).
    const [url, init] = fetchMock.mock.calls[0]!;
    expect([String(url), init?.method, init?.body]).toEqual(['/api/cancel/lookup', 'POST', JSON.stringify({ token: TOKEN })]);
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
    fetchMock.mockResolvedValueOnce(json(200, { booking: BOOKING }));
    const { user } = open(`/cancel#token=${TOKEN}`);
    await screen.findByRole('heading', { name: copy.heading });
    fetchMock.mockResolvedValueOnce(json(200, { booking: { ...BOOKING, cancelledAt: '2026-06-01T12:00:00.000Z' } }));
    await user.click(cancelButton());
    const done = await screen.findByRole('heading', { name: copy.cancelled.heading });
    expect(done).toHaveFocus();
    const [url, init] = fetchMock.mock.calls[1]!;
    expect([String(url), init?.method, init?.body]).toEqual(['/api/cancel', 'POST', JSON.stringify({ token: TOKEN })]);
    expect(screen.getByRole('link', { name: copy.cancelled.link.label })).toHaveAttribute('href', '/availability');
  });

  test('a refused POST (already cancelled meanwhile) shows the server message and the phone number, no button', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { booking: BOOKING }));
    const { user } = open(`/cancel#token=${TOKEN}`);
    await screen.findByRole('heading', { name: copy.heading });
    fetchMock.mockResolvedValueOnce(refusal(409, 'already_cancelled', 'This booking has already been cancelled.'));
    await user.click(cancelButton());
    expect(await screen.findByRole('heading', { name: copy.refused.headings.already_cancelled })).toHaveFocus();
    expect(screen.getByText('This booking has already been cancelled.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: site.phone })).toHaveAttribute('href', `tel:+1${site.phone.replace(/\D/g, '')}`);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  test('a server outage on POST keeps the booking and the button, with the message in place', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { booking: BOOKING }));
    const { user } = open(`/cancel#token=${TOKEN}`);
    await screen.findByRole('heading', { name: copy.heading });
    fetchMock.mockResolvedValueOnce(refusal(503, 'service_unavailable', 'We are having trouble right now.'));
    await user.click(cancelButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('We are having trouble right now.');
    expect(cancelButton()).toBeEnabled();
    expect(screen.getByRole('heading', { name: copy.heading })).toBeInTheDocument();
  });

  test('a failed look-up offers to try again', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const { user } = open(`/cancel#token=${TOKEN}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(copy.loadFailed);
    fetchMock.mockResolvedValueOnce(json(200, { booking: BOOKING }));
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
