import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { site } from '../../../tests/fixtures';
import { EMPTY_DETAILS, type EventDetails } from '@shared/schemas/event-details';
import { fillTemplate } from '@shared/template';
import { formatLongDate } from '@shared/texas-time';
import DetailsForm from './DetailsForm';
import { EVENT_TOKEN, eventCopy, eventPlanner, json } from './event-test-support';
import { SAVE_AFTER_MS } from './use-details-save';

type FetchArgs = Parameters<typeof fetch>;

const copy = eventCopy.details;
let fetchMock: ReturnType<typeof vi.fn<(...args: FetchArgs) => Promise<Response>>>;

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});

const DETAILS: EventDetails = {
  ...EMPTY_DETAILS,
  updatedAt: null,
  updatedBy: null,
  dueOn: '2026-06-20',
  open: true,
  complete: false,
};

/**
 * The form of an evening booking (6 PM to 11 PM), its saving delay on a fake clock (only the timeouts: the fetch
 * answers arrive as they do). The fields are changed with fireEvent: the testing library's async helpers wait on a
 * real timeout, so a test goes back to real timers (`answered`) before it waits for an answer.
 */
function open(details: EventDetails = DETAILS) {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  render(
    <DetailsForm copy={copy} details={details} booking={{ timeSlot: 'evening' }} token={EVENT_TOKEN} phone={site.phone} planner={eventPlanner} onRefused={vi.fn()} />,
  );
}

/** What the client types into a field, or picks in a time field. */
const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });
/** The client leaves a field (React's onBlur listens to focusout). */
const leave = (element: HTMLElement) => fireEvent.focusOut(element);
/** Real timers again, for the answer to be awaited. */
const answered = () => vi.useRealTimers();

const field = (label: string) => screen.getByLabelText(label);
/** The messages a field is described by (its hint and its error). */
const description = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');
const sentBodies = () => fetchMock.mock.calls.map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
/** Moves the fake clock `ms` on (a save due by then starts). */
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const savedAnswer = (patch: Partial<EventDetails>) => json(200, { details: { ...DETAILS, updatedAt: '2026-05-02T20:42:00.000Z', updatedBy: 'client', ...patch } });

describe('DetailsForm', () => {
  test('saves once after typing stops, with the whole set of fields, and says when', async () => {
    fetchMock.mockResolvedValueOnce(savedAnswer({ guestCount: 120 }));
    open();
    expect(screen.getByText(fillTemplate(copy.due, { date: formatLongDate('2026-06-20') }))).toBeInTheDocument();
    const guests = field(copy.labels.guestCount);
    for (const typed of ['1', '12', '120']) {
      type(guests, typed);
      wait(SAVE_AFTER_MS / 2);
    }
    wait(SAVE_AFTER_MS / 2 - 1);
    expect(fetchMock).not.toHaveBeenCalled();
    wait(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/portal/details');
    expect(sentBodies()[0]).toEqual({
      token: EVENT_TOKEN,
      guestCount: 120,
      adultGuests: null,
      barStart: null,
      barEnd: null,
      cocktails: [],
      venueNotes: null,
      onSiteContact: null,
      onSitePhone: null,
    });
    answered();
    const time = new Date('2026-05-02T20:42:00.000Z').toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(fillTemplate(copy.status.saved, { time })));
    // Nothing new: leaving the field sends nothing more.
    leave(guests);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  test('leaving a changed field saves at once', () => {
    fetchMock.mockResolvedValueOnce(savedAnswer({ onSiteContact: 'Maria' }));
    open();
    const contact = field(copy.labels.onSiteContact);
    type(contact, 'Maria');
    leave(contact);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(sentBodies()[0]).toMatchObject({ onSiteContact: 'Maria' });
    wait(SAVE_AFTER_MS);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  test('errors next to their fields: the slot’s hours checked in the browser (nothing sent), the server’s 400 fields', async () => {
    open();
    const start = field(copy.labels.barStart);
    type(start, '17:00');
    wait(SAVE_AFTER_MS);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(start).toHaveAttribute('aria-invalid', 'true');
    expect(description(start)).toContain('Please choose a start between 18:00 and 23:00');
    expect(screen.getByRole('status')).toHaveTextContent(copy.status.invalid);

    fetchMock.mockResolvedValueOnce(
      json(400, { error: { code: 'invalid_fields', message: 'Please check the highlighted fields.', fields: { onSitePhone: 'Server says: a phone.' } } }),
    );
    type(start, '18:30');
    expect(start).not.toHaveAttribute('aria-invalid');
    const phone = field(copy.labels.onSitePhone);
    type(phone, 'x');
    wait(SAVE_AFTER_MS);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    answered();
    expect(await screen.findByText('Server says: a phone.')).toBeInTheDocument();
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(description(phone)).toContain('Server says: a phone.');
  });

  test('the shopping list follows the cocktails, the adults and the bar’s hours', () => {
    fetchMock.mockResolvedValue(savedAnswer({}));
    open();
    const list = screen.getByRole('group', { name: copy.shopping.heading });
    expect(within(list).getByText(copy.shopping.empty)).toBeInTheDocument();
    type(field(copy.labels.adultGuests), '30');
    type(field(copy.labels.barStart), '18:00');
    type(field(copy.labels.barEnd), '20:30');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Texas Mule' }));
    // 30 adults × 3 hours (2.5, rounded up) of mules: 30 × (2 + 2) = 120 drinks, 10 bottles of vodka.
    expect(within(list).getByText(fillTemplate(copy.shopping.lead, { adults: 30, hours: 3 }))).toBeInTheDocument();
    expect(within(list).getByRole('row', { name: /Vodka/ })).toHaveTextContent('10 bottles');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Texas Mule' }));
    expect(within(list).getByText(copy.shopping.empty)).toBeInTheDocument();
  });

  test('after the due day every field is read only and the sentence says whom to call', () => {
    open({ ...DETAILS, guestCount: 80, open: false });
    expect(field(copy.labels.guestCount)).toBeDisabled();
    expect(field(copy.labels.guestCount)).toHaveValue(80);
    expect(field(copy.labels.venueNotes)).toBeDisabled();
    for (const box of screen.getAllByRole('checkbox')) expect(box).toBeDisabled();
    expect(screen.getByText(/can no longer be changed online/)).toHaveTextContent(formatLongDate('2026-06-20'));
    expect(screen.getByRole('link', { name: site.phone })).toHaveAttribute('href', expect.stringMatching(/^tel:/));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  test('a save refused as closed (409 details_closed) turns the form read only with the server’s sentence', async () => {
    fetchMock.mockResolvedValueOnce(json(409, { error: { code: 'details_closed', message: `Closed: call us at ${site.phone} please.` } }));
    open();
    const contact = field(copy.labels.onSiteContact);
    type(contact, 'M');
    leave(contact);
    answered();
    expect(await screen.findByText(/^Closed: call us at/)).toBeInTheDocument();
    expect(contact).toBeDisabled();
  });
});
