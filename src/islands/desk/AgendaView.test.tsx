import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import desk from '@content/desk.json';
import { formatLongDate } from '@shared/texas-time';
import { slotLabel } from '@shared/time-slots';
import type { OwnerAgenda } from '@shared/schemas/owner/agenda';
import OwnerDesk from '../OwnerDesk';
import { DESK_VIEWS, detailFromHash, viewFromHash } from './DeskNav';
import { serveDesk } from './desk-test-support';

const copy = desk.desk;
const ID = '00000000-0000-4000-8000-000000000001';

const AGENDA: OwnerAgenda = {
  from: '2026-06-30',
  to: '2026-07-29',
  reservations: [
    {
      id: 'r1',
      date: '2026-06-30',
      timeSlot: 'evening',
      clientName: 'Dolly שלום',
      clientEmail: 'dolly+party@example.com',
      eventType: 'wedding',
      phone: '(512) 555-0199',
      guestCount: 1200,
      eventLocation: 'Austin, TX',
      stage: 'held',
      tentativeUntil: null,
    },
    {
      id: 'r2',
      date: '2026-07-04',
      timeSlot: 'morning',
      clientName: 'Hank',
      clientEmail: 'hank@example.com',
      eventType: 'birthday',
      phone: null,
      guestCount: null,
      eventLocation: null,
      stage: 'held',
      tentativeUntil: null,
    },
  ],
  blocks: [
    { blockId: 'b1', note: 'Family trip', slots: [{ date: '2026-07-01', timeSlot: 'morning' }, { date: '2026-07-01', timeSlot: 'afternoon' }] },
    { blockId: 'b2', note: null, slots: (['morning', 'afternoon', 'evening'] as const).map((timeSlot) => ({ date: '2026-07-04', timeSlot })) },
  ],
  newInquiries: { count: 12, more: false, newest: [{ id: ID, firstName: 'Ann', lastName: 'Lee', eventType: 'wedding', eventDate: '2027-01-02', createdAt: '2026-06-30T15:00:00.000Z' }] },
  failedMails: 2,
  paymentsDue: [],
};

/** A fake owner API: a signed-in session and this agenda (any list asked for is empty). */
const serve = (agenda: OwnerAgenda) =>
  serveDesk(({ path }) => (path === '/api/admin/agenda' ? agenda : { inquiries: [], nextCursor: null }));

describe('the desk hash', () => {
  test.each([
    ['', 'today', ''],
    ['#today', 'today', ''],
    ['#bookings', 'bookings', ''],
    [`#inquiries/${ID}`, 'inquiries', ID],
    ['#mail/a%20b/c', 'mail', 'a b/c'],
    ['#nowhere/x', 'today', ''],
    ['#inquiries/%E0%A4%A', 'inquiries', ''],
  ])('%s opens %s with detail "%s"', (hash, view, detail) => {
    expect(viewFromHash(hash)).toBe(view);
    expect(detailFromHash(hash)).toBe(detail);
  });

  test('today is the first view', () => {
    expect(DESK_VIEWS[0]).toBe('today');
  });
});

describe('Today & upcoming', () => {
  test('is the first view: days by name, each reservation with its details, blocks with their note, what waits', async () => {
    const asked = serve(AGENDA);
    render(<OwnerDesk copy={copy} />);
    await screen.findByRole('heading', { level: 3, name: copy.agenda.today });
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(copy.viewHeadings.today);
    expect(screen.getByRole('link', { name: copy.views.today })).toHaveAttribute('aria-current', 'page');
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      copy.agenda.today,
      copy.agenda.tomorrow,
      formatLongDate('2026-07-04'),
    ]);

    const today = within(screen.getByRole('region', { name: copy.agenda.today }));
    expect(today.getByText(slotLabel('evening'))).toBeVisible();
    expect(today.getByText('Dolly שלום').tagName).toBe('BDI');
    expect(today.getByText(/1,200 guests/)).toBeVisible();
    expect(today.getByText('Austin, TX').tagName).toBe('BDI');
    expect(today.getByRole('link', { name: '(512) 555-0199' })).toHaveAttribute('href', 'tel:+15125550199');
    expect(today.getByRole('link', { name: 'dolly+party@example.com' })).toHaveAttribute('href', 'mailto:dolly%2Bparty@example.com');

    const tomorrow = within(screen.getByRole('region', { name: copy.agenda.tomorrow }));
    expect(tomorrow.getByText(`${slotLabel('morning')}, ${slotLabel('afternoon')}`)).toBeVisible();
    expect(tomorrow.getByText(copy.agenda.blocked)).toBeVisible();
    expect(tomorrow.getByText('Family trip')).toBeVisible();
    const later = within(screen.getByRole('region', { name: formatLongDate('2026-07-04') }));
    expect(later.getByText(copy.blocks.wholeDay)).toBeVisible();

    expect(screen.getByRole('link', { name: '12 new inquiries' })).toHaveAttribute('href', '#inquiries');
    expect(screen.getByText('Ann Lee')).toBeVisible();
    expect(screen.getByRole('link', { name: '2 e-mails failed' })).toHaveAttribute('href', '#mail');
    expect(asked.map((request) => request.path)).not.toContain('/api/admin/inquiries');
  });

  test('says so when nothing is booked, nothing new and nothing failed', async () => {
    serve({ ...AGENDA, reservations: [], blocks: [], newInquiries: { count: 0, more: false, newest: [] }, failedMails: 0 });
    render(<OwnerDesk copy={copy} />);
    await screen.findByText(copy.agenda.empty);
    expect(screen.getByText(copy.agenda.noNewInquiries)).toBeVisible();
    expect(screen.queryByRole('link', { name: /failed/ })).not.toBeInTheDocument();
  });

  test('the money due this week: each line still owed with the client, what, how much, when, and "Overdue" on a late one', async () => {
    const due = { bookingId: 'r1', proposalId: 'p1', clientName: 'Dolly שלום', eventDate: '2026-09-12', timeSlot: 'evening' as const };
    serve({
      ...AGENDA,
      paymentsDue: [
        { ...due, label: 'Retainer (50%)', amountCents: 94_000, dueOn: '2026-06-28', overdue: true },
        { ...due, clientName: 'Hank', label: 'Balance', amountCents: 144_000, dueOn: '2026-07-03', overdue: false },
      ],
    });
    render(<OwnerDesk copy={copy} />);
    const part = within(await screen.findByRole('region', { name: copy.agenda.paymentsDue.heading }));
    const [late, soon] = part.getAllByRole('listitem');
    expect(late).toHaveTextContent(copy.agenda.paymentsDue.overdue);
    expect(late).toHaveTextContent(`Retainer (50%): $940.00 due ${formatLongDate('2026-06-28')}`);
    expect(late).toHaveTextContent(`event ${formatLongDate('2026-09-12')}`);
    expect(within(late!).getByText('Dolly שלום').tagName).toBe('BDI');
    expect(soon).toHaveTextContent(`Balance: $1,440.00 due ${formatLongDate('2026-07-03')}`);
    expect(soon).not.toHaveTextContent(copy.agenda.paymentsDue.overdue);
  });

  test('a backlog past the cap reads "more than"', async () => {
    serve({ ...AGENDA, newInquiries: { ...AGENDA.newInquiries, count: 99, more: true } });
    render(<OwnerDesk copy={copy} />);
    expect(await screen.findByRole('link', { name: 'More than 99 new inquiries' })).toHaveAttribute('href', '#inquiries');
  });
});

describe('the view bar by keyboard', () => {
  test('arrows move along the bar (wrapping), Home and End go to its ends, a digit opens that view', async () => {
    serve(AGENDA);
    const user = userEvent.setup();
    render(<OwnerDesk copy={copy} />);
    const link = (view: (typeof DESK_VIEWS)[number]) => screen.getByRole('link', { name: copy.views[view] });
    await screen.findByRole('heading', { level: 3, name: copy.agenda.today });
    link('today').focus();
    await user.keyboard('{ArrowRight}');
    expect(link('inquiries')).toHaveFocus();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(link('calendar')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(link('today')).toHaveFocus();
    await user.keyboard('{End}');
    expect(link('calendar')).toHaveFocus();
    await user.keyboard('3');
    expect(link('bookings')).toHaveFocus();
    expect(window.location.hash).toBe('#bookings');
    expect(link('today')).toHaveAttribute('aria-keyshortcuts', '1');
  });
});
