import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test } from 'vitest';
import desk from '@content/desk.json';
import { texasToday } from '@shared/texas-time';
import { fillTemplate } from '@shared/template';
import { addDaysUtc } from '@shared/schemas/dates';
import type { OwnerBooking } from '@shared/schemas/owner/bookings';
import { $toast, dismissToast } from '../../stores/toasts';
import OwnerDesk from '../OwnerDesk';
import { ownerBooking, serveDesk } from './desk-test-support';

const copy = desk.desk;
const phone = copy.phoneBooking;
const today = texasToday(new Date());
const held = ownerBooking({ date: addDaysUtc(today, 5), timeSlot: 'evening', clientName: 'Hank Porter' });
const refusal = (status: number, code: string, message: string, fields?: Record<string, string>) =>
  Response.json({ error: { code, message, ...(fields && { fields }) } }, { status });

beforeEach(() => {
  window.location.hash = '#bookings';
  dismissToast();
});

describe('the phone booking form', () => {
  test('opens from "New booking", shows the schema’s messages by field, then books by keyboard and lists it', async () => {
    const made: OwnerBooking = ownerBooking({ id: '00000000-0000-4000-8000-000000000002', date: addDaysUtc(today, 9), clientName: 'Rosa Diaz' });
    const sent = serveDesk(({ method }) => (method === 'POST' ? { booking: made } : { bookings: [] }));
    const user = userEvent.setup();
    render(<OwnerDesk copy={copy} />);
    await user.click(await screen.findByRole('button', { name: phone.newBooking }));
    const form = screen.getByRole('form', { name: phone.formHeading });
    await user.click(within(form).getByRole('button', { name: phone.submit }));
    expect(within(form).getByLabelText(phone.labels.date)).toHaveFocus();
    expect(within(form).getByLabelText(phone.labels.clientEmail)).toHaveAttribute('aria-invalid', 'true');
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);
    await user.type(within(form).getByLabelText(phone.labels.date), made.date);
    await user.selectOptions(within(form).getByLabelText(phone.labels.timeSlot), 'evening');
    await user.type(within(form).getByLabelText(phone.labels.clientName), 'Rosa Diaz');
    await user.type(within(form).getByLabelText(phone.labels.clientEmail), 'rosa@example.com');
    await user.selectOptions(within(form).getByLabelText(phone.labels.eventType), 'wedding');
    await user.type(within(form).getByLabelText(phone.labels.guestCount), '80{Enter}');
    await screen.findByText('Rosa Diaz');
    expect($toast.get()?.title).toBe(phone.booked.title);
    expect(sent.filter((request) => request.method === 'POST')).toEqual([
      expect.objectContaining({
        path: '/api/admin/bookings',
        body: expect.objectContaining({ date: made.date, timeSlot: 'evening', clientName: 'Rosa Diaz', guestCount: 80 }),
      }),
    ]);
  });

  test('shows the API’s refusal of a taken slot by the slot field', async () => {
    serveDesk(({ method }) =>
      method === 'POST' ? refusal(409, 'slot_taken', 'Sorry, that time slot was just booked.', { timeSlot: 'Sorry, that time slot was just booked.' }) : { bookings: [] },
    );
    const user = userEvent.setup();
    render(<OwnerDesk copy={copy} />);
    await user.click(await screen.findByRole('button', { name: phone.newBooking }));
    const form = screen.getByRole('form', { name: phone.formHeading });
    await user.type(within(form).getByLabelText(phone.labels.date), addDaysUtc(today, 9));
    await user.selectOptions(within(form).getByLabelText(phone.labels.timeSlot), 'morning');
    await user.type(within(form).getByLabelText(phone.labels.clientName), 'Rosa Diaz');
    await user.type(within(form).getByLabelText(phone.labels.clientEmail), 'rosa@example.com');
    await user.selectOptions(within(form).getByLabelText(phone.labels.eventType), 'birthday');
    await user.click(within(form).getByRole('button', { name: phone.submit }));
    const slot = within(form).getByLabelText(phone.labels.timeSlot);
    await waitFor(() => expect(slot).toHaveAccessibleDescription('Sorry, that time slot was just booked.'));
    expect(slot).toHaveFocus();
  });
});

describe('a held reservation’s actions', () => {
  test('"Move" opens a form on the row (date focused); the API’s refusal shows by the slot, a move updates the row', async () => {
    const moved = { ...held, date: addDaysUtc(today, 6), timeSlot: 'morning' as const };
    let attempt = 0;
    const sent = serveDesk(({ method }) => {
      if (method !== 'POST') return { bookings: [held] };
      attempt += 1;
      return attempt === 1 ? refusal(409, 'same_slot', 'That is the slot it holds.', { timeSlot: 'That is the slot it holds.' }) : { booking: moved };
    });
    const user = userEvent.setup();
    render(<OwnerDesk copy={copy} />);
    await user.click(await screen.findByRole('button', { name: phone.move }));
    const form = screen.getByRole('form', { name: fillTemplate(phone.moveHeading, { name: 'Hank Porter' }) });
    expect(within(form).getByLabelText(phone.labels.date)).toHaveFocus();
    await user.click(within(form).getByRole('button', { name: phone.moveSubmit }));
    await waitFor(() => expect(within(form).getByLabelText(phone.labels.timeSlot)).toHaveAccessibleDescription('That is the slot it holds.'));
    await user.clear(within(form).getByLabelText(phone.labels.date));
    await user.type(within(form).getByLabelText(phone.labels.date), moved.date);
    await user.selectOptions(within(form).getByLabelText(phone.labels.timeSlot), 'morning');
    await user.click(within(form).getByRole('button', { name: phone.moveSubmit }));
    await waitFor(() => expect(screen.queryByRole('form')).not.toBeInTheDocument());
    expect($toast.get()?.title).toBe(phone.moved.title);
    expect(document.getElementById(`booking-${held.id}`)).toHaveFocus();
    expect(sent.filter((request) => request.method === 'POST').map(({ path, body }) => [path, body])).toEqual([
      [`/api/admin/bookings/${held.id}/move`, { date: held.date, timeSlot: 'evening' }],
      [`/api/admin/bookings/${held.id}/move`, { date: moved.date, timeSlot: 'morning' }],
    ]);
  });

  test('"Send link again" asks the API once and says the link is sent, or shows its refusal', async () => {
    let calls = 0;
    const sent = serveDesk(({ method }) => {
      if (method !== 'POST') return { bookings: [held] };
      calls += 1;
      return calls === 1 ? { sent: true } : refusal(429, 'too_many_attempts', 'A link went out less than a minute ago.');
    });
    const user = userEvent.setup();
    render(<OwnerDesk copy={copy} />);
    await user.click(await screen.findByRole('button', { name: phone.sendLink }));
    await waitFor(() => expect($toast.get()?.title).toBe(phone.linkSent.title));
    await user.click(screen.getByRole('button', { name: phone.sendLink }));
    await waitFor(() => expect($toast.get()?.description).toBe('A link went out less than a minute ago.'));
    expect(sent.filter((request) => request.method === 'POST').map(({ path }) => path)).toEqual([
      `/api/admin/bookings/${held.id}/send-link`,
      `/api/admin/bookings/${held.id}/send-link`,
    ]);
  });
});
