import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import desk from '@content/desk.json';
import { formatLongDate, texasToday } from '@shared/texas-time';
import { fillTemplate } from '@shared/template';
import { addDaysUtc } from '@shared/schemas/dates';
import type { OwnerBlock } from '@shared/schemas/owner/blocks';
import type { OwnerBooking } from '@shared/schemas/owner/bookings';
import OwnerDesk from '../OwnerDesk';
import { ownerBooking, serveDesk } from './desk-test-support';

const copy = desk.desk;
const today = texasToday(new Date());

/** Hank Porter's reservation five days from today (so upcoming and cancellable), with what a test changes. */
const booking = (patch: Partial<OwnerBooking>) =>
  ownerBooking({ date: addDaysUtc(today, 5), clientName: 'Hank Porter', clientEmail: 'hank@example.com', ...patch });

/** Matches the element whose whole text is `text` (the visitor's or owner's words sit in a <bdi> inside it). */
const wholeText = (text: string) => (_content: string, element: Element | null) =>
  element?.tagName === 'SPAN' && element.textContent === text;

describe('the blocks view', () => {
  const week: OwnerBlock = {
    id: '11111111-1111-4111-8111-111111111111',
    from: addDaysUtc(today, 30),
    to: addDaysUtc(today, 36),
    timeSlots: ['morning', 'afternoon', 'evening'],
    note: 'Lake week',
    createdAt: '2026-01-02T15:00:00.000Z',
  };

  test('shows a week-long block as one row (days, "Whole day", note) and lifts it with one request', async () => {
    let blocks = [week];
    const sent = serveDesk(({ method }) => {
      if (method === 'DELETE') blocks = [];
      return method === 'DELETE' ? { block: week } : { blocks };
    });
    window.location.hash = '#blocks';
    const user = userEvent.setup();
    render(<OwnerDesk copy={copy} />);
    const days = fillTemplate(copy.blocks.range, { from: formatLongDate(week.from), to: formatLongDate(week.to) });
    const lift = await screen.findByRole('button', { name: fillTemplate(copy.blocks.liftLabel, { when: `${days}, ${copy.blocks.wholeDay}` }) });
    const row = lift.closest('li')!;
    expect(within(row).getByText(days)).toBeInTheDocument();
    expect(within(row).getByText(copy.blocks.wholeDay)).toBeInTheDocument();
    expect(within(row).getByText('Lake week')).toBeInTheDocument();
    await user.click(lift);
    await screen.findByText(copy.blocks.empty);
    expect(sent.filter((request) => request.method === 'DELETE')).toEqual([
      expect.objectContaining({ method: 'DELETE', path: `/api/admin/blocks/${week.id}`, body: undefined }),
    ]);
  });

  test('sends first day, last day, slot and note in one request', async () => {
    const sent = serveDesk(({ method }) => (method === 'POST' ? { block: week } : { blocks: [] }));
    window.location.hash = '#blocks';
    const user = userEvent.setup();
    render(<OwnerDesk copy={copy} />);
    await screen.findByText(copy.blocks.empty);
    fireEvent.change(screen.getByLabelText(copy.blocks.labels.from), { target: { value: week.from } });
    fireEvent.change(screen.getByLabelText(copy.blocks.labels.to), { target: { value: week.to } });
    await user.selectOptions(screen.getByLabelText(copy.blocks.labels.timeSlot), copy.blocks.wholeDay);
    await user.type(screen.getByLabelText(copy.blocks.labels.note), 'Lake week');
    await user.click(screen.getByRole('button', { name: copy.blocks.submit }));
    await waitFor(() => expect(sent.filter((request) => request.method === 'POST')).toHaveLength(1));
    expect(sent.find((request) => request.method === 'POST')).toEqual(
      expect.objectContaining({
        method: 'POST',
        path: '/api/admin/blocks',
        body: { from: week.from, to: week.to, timeSlot: 'all', note: 'Lake week' },
      }),
    );
  });

  test('a last day before the first is refused in the browser, with nothing sent', async () => {
    const sent = serveDesk(() => ({ blocks: [] }));
    window.location.hash = '#blocks';
    const user = userEvent.setup();
    render(<OwnerDesk copy={copy} />);
    await screen.findByText(copy.blocks.empty);
    fireEvent.change(screen.getByLabelText(copy.blocks.labels.from), { target: { value: week.to } });
    fireEvent.change(screen.getByLabelText(copy.blocks.labels.to), { target: { value: week.from } });
    await user.selectOptions(screen.getByLabelText(copy.blocks.labels.timeSlot), copy.blocks.wholeDay);
    await user.click(screen.getByRole('button', { name: copy.blocks.submit }));
    expect(await screen.findByText('The last day must not be before the first.')).toBeInTheDocument();
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);
  });
});

describe('cancelling from the bookings view', () => {
  test('lists reservations only: the rows of a block are shown and lifted in the Blocked dates view', async () => {
    const blockRow = (id: string, date: string) =>
      booking({ id, date, kind: 'block', clientName: null, clientEmail: null, eventType: null, blockId: '22222222-2222-4222-8222-222222222222' });
    serveDesk(() => ({ bookings: [booking({}), blockRow('00000000-0000-4000-8000-000000000003', addDaysUtc(today, 6)), blockRow('00000000-0000-4000-8000-000000000004', addDaysUtc(today, 7))] }));
    window.location.hash = '#bookings';
    render(<OwnerDesk copy={copy} />);
    const row = (await screen.findByText('Hank Porter')).closest('li')!;
    expect(row.parentElement!.querySelectorAll(':scope > li')).toHaveLength(1);
    expect(screen.getByText(copy.bookings.lead)).toBeInTheDocument();
  });

  test('the dialog says the client will be e-mailed at their address and sends the reason; the row says who and why', async () => {
    const held = booking({});
    const sent = serveDesk(({ method, body }) =>
      method === 'POST'
        ? { booking: { ...held, state: 'cancelled', cancelledAt: '2026-01-03T15:00:00.000Z', cancelledBy: 'dolores', cancelReason: body?.reason ?? null } }
        : { bookings: [held, booking({ id: '00000000-0000-4000-8000-000000000002', clientName: 'Ann Lee', state: 'cancelled', cancelledBy: 'client' })] },
    );
    window.location.hash = '#bookings';
    const user = userEvent.setup();
    render(<OwnerDesk copy={copy} />);
    const row = (await screen.findByText('Hank Porter')).closest('li')!;
    expect(screen.getByText(copy.bookings.cancelledBy.client)).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: copy.bookings.cancel }));
    const dialog = await screen.findByRole('dialog', { name: copy.bookings.confirm.title });
    expect(dialog).toHaveTextContent(fillTemplate(copy.bookings.confirm.mailed, { name: 'Hank Porter', email: 'hank@example.com' }));
    // The dialog starts on the safe choice, not on the reason field before it.
    expect(within(dialog).getByRole('button', { name: copy.bookings.confirm.keep })).toHaveFocus();
    await user.type(within(dialog).getByLabelText(copy.bookings.confirm.reasonLabel), 'The venue flooded.');
    await user.click(within(dialog).getByRole('button', { name: copy.bookings.confirm.confirm }));
    await within(row).findByText(wholeText(fillTemplate(copy.bookings.cancelledBy.owner, { username: 'dolores' })));
    expect(within(row).getByText(wholeText(fillTemplate(copy.bookings.reason, { reason: 'The venue flooded.' })))).toBeInTheDocument();
    expect(sent.find((request) => request.method === 'POST')).toEqual(
      expect.objectContaining({
        method: 'POST',
        path: `/api/admin/bookings/${held.id}/cancel`,
        body: { reason: 'The venue flooded.' },
      }),
    );

    // "Hide cancelled" hides both cancelled rows; unticked, they come back.
    const hide = screen.getByRole('checkbox', { name: copy.bookings.hideCancelled });
    await user.click(hide);
    await waitFor(() => expect(screen.queryByText('Hank Porter')).not.toBeInTheDocument());
    expect(screen.queryByText('Ann Lee')).not.toBeInTheDocument();
    await user.click(hide);
    expect(await screen.findByText('Ann Lee')).toBeInTheDocument();
  });
});
