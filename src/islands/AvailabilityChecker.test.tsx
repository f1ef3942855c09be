import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import forms from '@content/forms.json';
import { fillTemplate } from '@shared/template';
import { formatLongDate } from '@shared/texas-time';
import { addDaysUtc, todayUtc } from '@shared/schemas/dates';
import { TOO_MANY_HOLDS_MESSAGE } from '@shared/schemas/holds';
import { HONEYPOT_FIELD } from '@shared/schemas/honeypot';
import { $availability } from '../stores/availability';
import { dismissToast } from '../stores/toasts';
import AvailabilityChecker from './AvailabilityChecker';
import Toaster from './Toaster';
import { checkerBusiness } from '../../tests/fixtures';

type FetchArgs = Parameters<typeof fetch>;
type User = ReturnType<typeof userEvent.setup>;

const copy = forms.availability.checker;
const reservation = copy.reservation;
const confirmation = copy.confirmation;
const business = checkerBusiness;
const { labels } = reservation;

const DAY = addDaysUtc(todayUtc(), 10);
const OTHER_DAY = addDaysUtc(todayUtc(), 11);

/** The server's free slots per date; a booking answer is decided per test. */
let slotsByDate: Record<string, string[] | Response>;
let bookingAnswer: () => Promise<Response>;
let fetchMock: ReturnType<typeof vi.fn<(...args: FetchArgs) => Promise<Response>>>;

beforeEach(() => {
  $availability.set({});
  slotsByDate = {};
  bookingAnswer = async () => Response.json({ booking: { id: 'b1' } }, { status: 201 });
  fetchMock = vi.fn(async (input: FetchArgs[0], init?: FetchArgs[1]) => {
    const url = String(input);
    if (url === '/api/bookings' && init?.method === 'POST') return bookingAnswer();
    const match = /^\/api\/availability\/(.+)$/.exec(url);
    if (match && init?.method === 'GET') {
      const date = decodeURIComponent(match[1] ?? '');
      const answer = slotsByDate[date] ?? [];
      return answer instanceof Response ? answer : Response.json({ date, availableSlots: answer });
    }
    return new Response('not found', { status: 404, statusText: 'Not Found' });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  act(() => dismissToast());
  vi.unstubAllGlobals();
});

function setup() {
  const user = userEvent.setup();
  render(
    <>
      <AvailabilityChecker copy={copy} business={business} />
      <Toaster />
    </>,
  );
  return { user };
}

const dateInput = () => screen.getByLabelText(copy.dateLabel);
const confirmationHeading = () => screen.getByRole('heading', { name: confirmation.heading });
const bookAnotherButton = () => screen.getByRole('button', { name: confirmation.again });
const availabilityCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/availability/'));
const bookingCalls = () => fetchMock.mock.calls.filter(([url]) => url === '/api/bookings');
const slotRadio = (label: string) => screen.getByRole('radio', { name: label });
const bookButton = () => screen.getByRole('button', { name: new RegExp(`^(${reservation.submit}|${reservation.pending.replaceAll('.', '\\.')})$`) });
const toastText = () => screen.getAllByRole('status').concat(screen.getByRole('alert')).map((region) => region.textContent).join('|');

async function chooseDate(user: User, date: string) {
  await user.clear(dateInput());
  await user.type(dateInput(), date);
}

async function fillReservation(user: User) {
  await user.type(screen.getByLabelText(labels.clientName), 'Hank Porter');
  await user.type(screen.getByLabelText(labels.clientEmail), 'hank@example.com');
  await user.selectOptions(screen.getByLabelText(labels.eventType), 'Birthday Party');
}

describe('AvailabilityChecker', () => {
  test('shows only the date picker until a date is chosen; its earliest date is today in UTC', () => {
    setup();
    expect(dateInput()).toHaveAttribute('type', 'date');
    expect(dateInput()).toHaveAttribute('min', todayUtc());
    expect(dateInput()).toHaveAttribute('max', addDaysUtc(todayUtc(), 730));
    expect(screen.queryByRole('heading', { name: copy.slotsHeading })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  test('loads the chosen date with an announced spinner, then lists its slots by label', async () => {
    let answer!: (response: Response) => void;
    fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { user } = setup();
    await chooseDate(user, DAY);

    const loading = screen.getByText(copy.loading);
    expect(loading.closest('[role="status"]')).not.toBeNull();
    expect(availabilityCalls()).toEqual([[`/api/availability/${DAY}`, { method: 'GET', credentials: 'include' }]]);

    await act(async () => answer(Response.json({ date: DAY, availableSlots: ['morning', 'evening'] })));
    expect(screen.queryByText(copy.loading)).not.toBeInTheDocument();
    const group = screen.getByRole('group', { name: new RegExp(`^${copy.slotsLegend.replace('{date}', '')}`) });
    expect(within(group).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Morning 9AM - 1PM',
      'Evening 6PM - 11PM',
    ]);
    const count = fillTemplate(copy.slotCount.other, { count: 2, date: formatLongDate(DAY) });
    expect(screen.getByText(count).closest('[role="status"]')).not.toBeNull();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  test('shows an unknown slot key as is', async () => {
    slotsByDate[DAY] = ['afternoon', 'sunrise-special'];
    const { user } = setup();
    await chooseDate(user, DAY);
    expect(await screen.findByRole('radio', { name: 'sunrise-special' })).toBeInTheDocument();
    expect(slotRadio('Afternoon 1PM - 6PM')).toBeInTheDocument();
  });

  test('says so when the date has no free slots', async () => {
    slotsByDate[DAY] = [];
    const { user } = setup();
    await chooseDate(user, DAY);
    const title = await screen.findByText(copy.empty.title);
    expect(title.closest('[role="status"]')).toHaveTextContent(`${copy.empty.title}${copy.empty.description}`);
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });

  test('refuses a past date with the shared schema message and fetches nothing', async () => {
    const { user } = setup();
    await chooseDate(user, addDaysUtc(todayUtc(), -1));
    expect(dateInput()).toHaveAccessibleDescription('Please choose today or a later date.');
    expect(dateInput()).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  test('reports a failed load and tries again on request', async () => {
    slotsByDate[DAY] = new Response('', { status: 503, statusText: 'Service Unavailable' });
    const { user } = setup();
    await chooseDate(user, DAY);
    expect(await screen.findByText(copy.loadFailed)).toBeInTheDocument();
    slotsByDate[DAY] = ['morning'];
    await user.click(screen.getByRole('button', { name: copy.retry }));
    expect(await screen.findByRole('radio', { name: 'Morning 9AM - 1PM' })).toBeInTheDocument();
    expect(availabilityCalls()).toHaveLength(2);
  });

  test('picking a slot reveals the reservation form with name, e-mail and the booking event types', async () => {
    slotsByDate[DAY] = ['morning', 'evening'];
    const { user } = setup();
    await chooseDate(user, DAY);
    await user.click(await screen.findByRole('radio', { name: 'Evening 6PM - 11PM' }));

    const form = screen.getByRole('form', { name: reservation.heading });
    expect(within(form).getByText(/^Evening 6PM - 11PM on /)).toBeInTheDocument();
    expect(within(form).getByLabelText(labels.clientName)).toHaveAttribute('type', 'text');
    expect(within(form).getByLabelText(labels.clientEmail)).toHaveAttribute('type', 'email');
    const options = within(within(form).getByLabelText(labels.eventType)).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      reservation.eventTypePlaceholder,
      'Wedding',
      'Birthday Party',
      'Corporate Event',
      'Anniversary',
      'Graduation',
      'Other',
    ]);
    // The radio group is one tab stop; the name field comes next.
    await user.tab();
    expect(within(form).getByLabelText(labels.clientName)).toHaveFocus();
  });

  test('submitting with a field missing shows "Missing Information" and sends nothing', async () => {
    slotsByDate[DAY] = ['morning'];
    const { user } = setup();
    await chooseDate(user, DAY);
    await user.click(await screen.findByRole('radio', { name: 'Morning 9AM - 1PM' }));
    await user.type(screen.getByLabelText(labels.clientName), 'Hank Porter');
    await user.click(bookButton());

    expect(screen.getByRole('alert')).toHaveTextContent(`${reservation.missing.title}${reservation.missing.description}`);
    expect(screen.getByLabelText(labels.clientEmail)).toHaveAccessibleDescription('Please enter your email address.');
    expect(screen.getByLabelText(labels.eventType)).toHaveAccessibleDescription('Please choose an event type.');
    expect(screen.getByLabelText(labels.clientEmail)).toHaveFocus();
    expect(bookingCalls()).toHaveLength(0);
  });

  test('checks the rest with the shared schema: a malformed e-mail is marked next to its field', async () => {
    slotsByDate[DAY] = ['morning'];
    const { user } = setup();
    await chooseDate(user, DAY);
    await user.click(await screen.findByRole('radio', { name: 'Morning 9AM - 1PM' }));
    await fillReservation(user);
    await user.clear(screen.getByLabelText(labels.clientEmail));
    await user.type(screen.getByLabelText(labels.clientEmail), 'hank@@example');
    await user.click(bookButton());

    expect(screen.getByLabelText(labels.clientEmail)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(labels.clientEmail)).toHaveAccessibleDescription('Please enter a valid email address.');
    expect(toastText()).not.toContain(reservation.missing.title);
    expect(bookingCalls()).toHaveLength(0);
  });

  test('books the slot: pending state, toast and confirmation panel, four fields cleared, date kept, availability refetched', async () => {
    slotsByDate[DAY] = ['morning', 'evening'];
    let answer!: (response: Response) => void;
    bookingAnswer = () => new Promise<Response>((resolve) => (answer = resolve));
    const { user } = setup();
    await chooseDate(user, DAY);
    await user.click(await screen.findByRole('radio', { name: 'Evening 6PM - 11PM' }));
    await fillReservation(user);
    await user.click(bookButton());

    expect(bookButton()).toHaveTextContent(reservation.pending);
    expect(bookButton()).toBeDisabled();
    await user.click(bookButton());
    expect(bookingCalls()).toHaveLength(1);
    const [url, init] = bookingCalls()[0] ?? [];
    expect(url).toBe('/api/bookings');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
    expect(JSON.parse(String(init?.body))).toEqual({
      date: DAY,
      timeSlot: 'evening',
      clientName: 'Hank Porter',
      clientEmail: 'hank@example.com',
      eventType: 'birthday',
      // The optional details, left empty.
      phone: null,
      guestCount: null,
      eventLocation: null,
      website: '',
    });

    slotsByDate[DAY] = ['morning'];
    await act(async () => answer(Response.json({ booking: { id: 'b1' } }, { status: 201 })));

    expect(screen.getByText(reservation.confirmed.title).closest('[role="status"]')).toHaveTextContent(
      `${reservation.confirmed.title}${reservation.confirmed.description}`,
    );
    // The panel comes first, focus on its heading; the form goes with the slot.
    expect(confirmationHeading()).toHaveFocus();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.getByText(/^We e-mailed /)).toHaveTextContent(
      fillTemplate(confirmation.emailed, { email: 'hank@example.com' }),
    );
    // SPEC §4: the picker stays under the panel with the date kept; the date's slots are refetched without the booked one.
    const panel = screen.getByRole('region', { name: confirmation.heading });
    expect(panel.compareDocumentPosition(dateInput()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(dateInput()).toHaveValue(DAY);
    await waitFor(() => expect(availabilityCalls()).toHaveLength(2));
    await waitFor(() => expect(screen.queryByRole('radio', { name: 'Evening 6PM - 11PM' })).not.toBeInTheDocument());
    expect(slotRadio('Morning 9AM - 1PM')).not.toBeChecked();
    expect(confirmationHeading()).toHaveFocus();

    // Book another time: the panel closes, the picker keeps the date and the refetched list, focus on the slot heading.
    await user.click(bookAnotherButton());
    expect(screen.queryByRole('heading', { name: confirmation.heading })).not.toBeInTheDocument();
    expect(dateInput()).toHaveValue(DAY);
    expect(screen.getByRole('heading', { name: copy.slotsHeading })).toHaveFocus();
    expect(screen.queryByRole('radio', { name: 'Evening 6PM - 11PM' })).not.toBeInTheDocument();
    expect(slotRadio('Morning 9AM - 1PM')).not.toBeChecked();
    expect(availabilityCalls()).toHaveLength(2);

    // Picking again shows the name, e-mail and event type cleared.
    await user.click(slotRadio('Morning 9AM - 1PM'));
    expect(screen.getByLabelText(labels.clientName)).toHaveValue('');
    expect(screen.getByLabelText(labels.clientEmail)).toHaveValue('');
    expect(screen.getByLabelText(labels.eventType)).toHaveValue('');
  });

  test('a failed booking without a server message shows the destructive failure toast with its fallback and keeps the input', async () => {
    slotsByDate[DAY] = ['morning'];
    bookingAnswer = async () => new Response('', { status: 500, statusText: 'Internal Server Error' });
    const { user } = setup();
    await chooseDate(user, DAY);
    await user.click(await screen.findByRole('radio', { name: 'Morning 9AM - 1PM' }));
    await fillReservation(user);
    await user.click(bookButton());

    expect(await screen.findByText(reservation.failure.title)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(`${reservation.failure.title}${reservation.failure.fallback}`);
    expect(slotRadio('Morning 9AM - 1PM')).toBeChecked();
    expect(screen.getByLabelText(labels.clientName)).toHaveValue('Hank Porter');
    expect(screen.getByLabelText(labels.eventType)).toHaveValue('birthday');
    expect(availabilityCalls()).toHaveLength(1);
  });

  test("a 503 shows the server's message in the failure toast; retrying sends the same Idempotency-Key", async () => {
    slotsByDate[DAY] = ['morning'];
    const message = 'Our booking system is busy. Please try again in a minute.';
    bookingAnswer = async () => Response.json({ error: { code: 'service_unavailable', message } }, { status: 503 });
    const { user } = setup();
    await chooseDate(user, DAY);
    await user.click(await screen.findByRole('radio', { name: 'Morning 9AM - 1PM' }));
    await fillReservation(user);
    await user.click(bookButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(`${reservation.failure.title}${message}`);
    expect(screen.getByLabelText(labels.clientName)).toHaveValue('Hank Porter');

    bookingAnswer = async () => Response.json({ booking: { id: 'b1' } }, { status: 201 });
    await user.click(bookButton());
    await screen.findByText(reservation.confirmed.title);
    const [first, retry] = bookingCalls().map(([, init]) => new Headers(init?.headers).get('Idempotency-Key'));
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(retry).toBe(first);
  });

  test('a 429 too_many_holds shows Booking Failed with the message to call; the reservation stays filled in', async () => {
    slotsByDate[DAY] = ['morning'];
    bookingAnswer = async () =>
      Response.json({ error: { code: 'too_many_holds', message: TOO_MANY_HOLDS_MESSAGE } }, { status: 429 });
    const { user } = setup();
    await chooseDate(user, DAY);
    await user.click(await screen.findByRole('radio', { name: 'Morning 9AM - 1PM' }));
    await fillReservation(user);
    await user.click(bookButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(`${reservation.failure.title}${TOO_MANY_HOLDS_MESSAGE}`);
    expect(slotRadio('Morning 9AM - 1PM')).toBeChecked();
    expect(screen.getByLabelText(labels.clientName)).toHaveValue('Hank Porter');
    expect(availabilityCalls()).toHaveLength(1);
  });

  test('a changed reservation after a failure is sent with a new Idempotency-Key', async () => {
    slotsByDate[DAY] = ['morning'];
    bookingAnswer = async () => new Response('', { status: 502 });
    const { user } = setup();
    await chooseDate(user, DAY);
    await user.click(await screen.findByRole('radio', { name: 'Morning 9AM - 1PM' }));
    await fillReservation(user);
    await user.click(bookButton());
    await screen.findByRole('alert');
    await user.selectOptions(screen.getByLabelText(labels.eventType), 'Wedding');
    await user.click(bookButton());
    await waitFor(() => expect(bookingCalls()).toHaveLength(2));
    const [first, changed] = bookingCalls().map(([, init]) => new Headers(init?.headers).get('Idempotency-Key'));
    expect(changed).not.toBe(first);
  });

  test('on a 409 (slot just taken) refetches, so the taken slot disappears and the pick is cleared', async () => {
    slotsByDate[DAY] = ['morning', 'evening'];
    bookingAnswer = async () => {
      slotsByDate[DAY] = ['morning'];
      return Response.json(
        { error: { code: 'slot_taken', message: 'That time slot has just been booked.' } },
        { status: 409, statusText: 'Conflict' },
      );
    };
    const { user } = setup();
    await chooseDate(user, DAY);
    await user.click(await screen.findByRole('radio', { name: 'Evening 6PM - 11PM' }));
    await fillReservation(user);
    await user.click(bookButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(`${reservation.failure.title}That time slot has just been booked.`);
    await waitFor(() => expect(screen.queryByRole('radio', { name: 'Evening 6PM - 11PM' })).not.toBeInTheDocument());
    expect(availabilityCalls()).toHaveLength(2);
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.getByText(copy.slotGone)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: copy.slotsHeading })).toHaveFocus();
  });

  test('changing the date keeps the picked slot while the new date offers it', async () => {
    slotsByDate[DAY] = ['morning', 'evening'];
    slotsByDate[OTHER_DAY] = ['afternoon', 'evening'];
    const { user } = setup();
    await chooseDate(user, DAY);
    await user.click(await screen.findByRole('radio', { name: 'Evening 6PM - 11PM' }));
    await user.type(screen.getByLabelText(labels.clientName), 'Hank Porter');
    await chooseDate(user, OTHER_DAY);

    expect(await screen.findByRole('radio', { name: 'Afternoon 1PM - 6PM' })).toBeInTheDocument();
    expect(slotRadio('Evening 6PM - 11PM')).toBeChecked();
    expect(screen.getByRole('form', { name: reservation.heading })).toBeInTheDocument();
    expect(screen.getByLabelText(labels.clientName)).toHaveValue('Hank Porter');
  });

  test('changing the date clears the picked slot when the new date does not offer it', async () => {
    slotsByDate[DAY] = ['morning', 'evening'];
    slotsByDate[OTHER_DAY] = ['afternoon'];
    const { user } = setup();
    await chooseDate(user, DAY);
    await user.click(await screen.findByRole('radio', { name: 'Morning 9AM - 1PM' }));
    await chooseDate(user, OTHER_DAY);

    expect(await screen.findByRole('radio', { name: 'Afternoon 1PM - 6PM' })).not.toBeChecked();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.getByText(copy.slotGone)).toBeInTheDocument();
    expect(dateInput()).toHaveFocus();

    // Back on the first date the slot is no longer picked, and its slots come from the cache (never stale).
    await chooseDate(user, DAY);
    expect(await screen.findByRole('radio', { name: 'Morning 9AM - 1PM' })).not.toBeChecked();
    expect(availabilityCalls().map(([url]) => url)).toEqual([`/api/availability/${DAY}`, `/api/availability/${OTHER_DAY}`]);
  });
});

describe('AvailabilityChecker: the client’s optional details', () => {
  async function openForm(user: User) {
    slotsByDate[DAY] = ['morning', 'evening'];
    await chooseDate(user, DAY);
    await user.click(await screen.findByRole('radio', { name: 'Evening 6PM - 11PM' }));
    return screen.getByRole('form', { name: reservation.heading });
  }

  test('phone, guest count and event location follow the spec’d fields, say “(optional)” and are not required', async () => {
    const { user } = setup();
    const form = await openForm(user);
    // In page order, the honeypot left out.
    const names = Array.from(form.querySelectorAll('input, select'), (element) => element.getAttribute('name'));
    expect(names.filter((name) => name !== HONEYPOT_FIELD)).toEqual([
      'clientName',
      'clientEmail',
      'eventType',
      'phone',
      'guestCount',
      'eventLocation',
    ]);
    for (const label of [labels.phone, labels.guestCount, labels.eventLocation]) {
      expect(label).toMatch(/\(optional\)$/);
      expect(within(form).getByLabelText(label)).not.toBeRequired();
    }
    expect(within(form).getByLabelText(labels.phone)).toHaveAttribute('type', 'tel');
    expect(within(form).getByLabelText(labels.phone)).toHaveAttribute('autocomplete', 'tel');
    expect(within(form).getByLabelText(labels.guestCount)).toHaveAttribute('inputmode', 'numeric');
    expect(within(form).getByLabelText(labels.eventLocation)).toHaveAttribute('autocomplete', 'address-level2');
    expect(within(form).getByLabelText(labels.clientName)).toBeRequired();
  });

  test('given details are sent (guests as a number, text trimmed) and cleared after the booking', async () => {
    const { user } = setup();
    await openForm(user);
    await fillReservation(user);
    await user.type(screen.getByLabelText(labels.phone), '(512) 555-0199');
    await user.type(screen.getByLabelText(labels.guestCount), '080');
    await user.type(screen.getByLabelText(labels.eventLocation), ' Austin, TX ');
    await user.click(bookButton());

    await screen.findByText(reservation.confirmed.title);
    expect(JSON.parse(String(bookingCalls()[0]?.[1]?.body))).toMatchObject({
      phone: '(512) 555-0199',
      guestCount: 80,
      eventLocation: 'Austin, TX',
    });
    await user.click(bookAnotherButton());
    await user.click(await screen.findByRole('radio', { name: 'Morning 9AM - 1PM' }));
    for (const label of [labels.phone, labels.guestCount, labels.eventLocation]) expect(screen.getByLabelText(label)).toHaveValue('');
  });

  test('an invalid detail is marked next to its field with the inquiry’s message: no “Missing Information”, nothing sent', async () => {
    const { user } = setup();
    await openForm(user);
    await fillReservation(user);
    await user.type(screen.getByLabelText(labels.phone), 'call me');
    await user.type(screen.getByLabelText(labels.guestCount), '0');
    await user.click(bookButton());

    expect(screen.getByLabelText(labels.phone)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(labels.phone)).toHaveAccessibleDescription('Please enter a valid phone number.');
    expect(screen.getByLabelText(labels.guestCount)).toHaveAccessibleDescription('Please enter at least 1 guest.');
    expect(screen.getByLabelText(labels.phone)).toHaveFocus();
    expect(toastText()).not.toContain(reservation.missing.title);
    expect(bookingCalls()).toHaveLength(0);

    // Editing a field drops its message only.
    await user.type(screen.getByLabelText(labels.phone), '{Backspace}');
    expect(screen.getByLabelText(labels.phone)).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText(labels.guestCount)).toHaveAttribute('aria-invalid', 'true');
  });

  test('a server 400 on a detail is shown next to that field', async () => {
    const message = 'For a party of more than 350 guests, please call us at (512) 555-0142: we staff it specially.';
    bookingAnswer = async () =>
      Response.json({ error: { code: 'invalid_fields', message: 'Please check the highlighted fields and try again.', fields: { guestCount: message } } }, { status: 400 });
    const { user } = setup();
    await openForm(user);
    await fillReservation(user);
    await user.type(screen.getByLabelText(labels.guestCount), '5');
    await user.click(bookButton());

    await waitFor(() => expect(screen.getByLabelText(labels.guestCount)).toHaveAccessibleDescription(message));
    expect(screen.getByLabelText(labels.guestCount)).toHaveValue('5');
  });
});
