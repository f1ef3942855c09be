import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import desk from '@content/desk.json';
import { texasToday } from '@shared/texas-time';
import { addDaysUtc } from '@shared/schemas/dates';
import type { OwnerBooking } from '@shared/schemas/owner/bookings';
import OwnerDesk from '../OwnerDesk';
import { type DeskRequest, ownerBooking, ownerInquiry as inquiry, serveDesk } from './desk-test-support';

const copy = desk.desk;

/** A held reservation of `name` on `date` at `timeSlot` (its id names the slot, so each is unique in a list). */
const booking = (date: string, timeSlot: OwnerBooking['timeSlot'], name: string) =>
  ownerBooking({ id: `${date}-${timeSlot}`, date, timeSlot, clientName: name, clientEmail: `${name.toLowerCase()}@example.com` });

/** The owner API of these lists: `answer` gives each list, and the CSV export is a download as the server sends it. */
function serve(answer: (request: DeskRequest) => unknown) {
  return serveDesk((request) =>
    request.path === '/api/admin/inquiries.csv'
      ? new Response('"csv"\r\n', { headers: { 'content-disposition': 'attachment; filename="inquiries-2026-06-20.csv"' } })
      : answer(request),
  );
}

describe('the inquiries list', () => {
  beforeEach(() => {
    window.location.hash = '#inquiries';
  });

  test('"Load more" appends the next page after the cursor and moves focus to the first new inquiry', async () => {
    const asked = serve(({ url }) =>
      url.searchParams.get('cursor') === 'page-2'
        ? { inquiries: [inquiry(3), inquiry(4)], nextCursor: null }
        : { inquiries: [inquiry(1), inquiry(2)], nextCursor: 'page-2' },
    );
    const user = userEvent.setup();
    render(<OwnerDesk copy={copy} />);
    await screen.findByRole('button', { name: /Client2/ });
    await user.click(screen.getByRole('button', { name: copy.inquiries.loadMore }));
    const third = await screen.findByRole('button', { name: /Client3/ });
    expect(third).toHaveFocus();
    expect(screen.getAllByRole('button', { expanded: false }).map((button) => button.textContent)).toEqual([
      expect.stringContaining('Client1'),
      expect.stringContaining('Client2'),
      expect.stringContaining('Client3'),
      expect.stringContaining('Client4'),
    ]);
    expect(screen.queryByRole('button', { name: copy.inquiries.loadMore })).not.toBeInTheDocument();
    expect(asked.filter((request) => request.path === '/api/admin/inquiries').map(({ search }) => search)).toEqual(['', '?cursor=page-2']);
  });

  test('a search POSTs its term (never in an address), its CSV download too; "Show all" ends the search', async () => {
    const asked = serve(({ body }) => ({ inquiries: body?.q ? [inquiry(7)] : [inquiry(1), inquiry(7)], nextCursor: null }));
    const saved: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:desk.test/1', revokeObjectURL: () => {} }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(`${this.download} ${this.href}`);
    });
    const user = userEvent.setup();
    render(<OwnerDesk copy={copy} />);
    await screen.findByRole('button', { name: /Client1/ });
    expect(screen.getByRole('link', { name: copy.inquiries.export })).toHaveAttribute('href', '/api/admin/inquiries.csv');
    expect(screen.queryByRole('button', { name: copy.inquiries.clear })).not.toBeInTheDocument();

    await user.type(screen.getByLabelText(copy.inquiries.searchLabel), 'o’brien & co');
    await user.click(screen.getByRole('button', { name: copy.inquiries.search }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /Client1/ })).not.toBeInTheDocument());
    expect(screen.queryByRole('link', { name: copy.inquiries.exportMatches })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: copy.inquiries.exportMatches }));
    await waitFor(() => expect(saved).toEqual(['inquiries-2026-06-20.csv blob:desk.test/1']));

    await user.click(screen.getByRole('button', { name: copy.inquiries.clear }));
    await screen.findByRole('button', { name: /Client1/ });
    expect(screen.getByLabelText(copy.inquiries.searchLabel)).toHaveValue('');
    expect(screen.getByLabelText(copy.inquiries.searchLabel)).toHaveFocus();
    expect(screen.getByRole('link', { name: copy.inquiries.export })).toHaveAttribute('href', '/api/admin/inquiries.csv');
    const inquiryRequests = asked.filter((request) => request.path.startsWith('/api/admin/inquiries'));
    expect(inquiryRequests.map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      { method: 'GET', path: '/api/admin/inquiries', body: undefined },
      { method: 'POST', path: '/api/admin/inquiries/search', body: { q: 'o’brien & co' } },
      { method: 'POST', path: '/api/admin/inquiries.csv', body: { q: 'o’brien & co' } },
      { method: 'GET', path: '/api/admin/inquiries', body: undefined },
    ]);
    // The term is in no address the desk asked for.
    expect(asked.every((request) => !request.url.href.includes('brien'))).toBe(true);
  });

  test('"Load more" of a search sends the term and the cursor in the body', async () => {
    const asked = serve(({ body }) =>
      body?.cursor === 'page-2'
        ? { inquiries: [inquiry(9)], nextCursor: null }
        : { inquiries: body?.q ? [inquiry(8)] : [inquiry(1)], nextCursor: 'page-2' },
    );
    const user = userEvent.setup();
    render(<OwnerDesk copy={copy} />);
    await screen.findByRole('button', { name: /Client1/ });
    await user.type(screen.getByLabelText(copy.inquiries.searchLabel), 'tester');
    await user.click(screen.getByRole('button', { name: copy.inquiries.search }));
    await screen.findByRole('button', { name: /Client8/ });
    await user.click(screen.getByRole('button', { name: copy.inquiries.loadMore }));
    await screen.findByRole('button', { name: /Client9/ });
    expect(asked.filter((request) => request.path === '/api/admin/inquiries/search').map((request) => request.body)).toEqual([
      { q: 'tester' },
      { q: 'tester', cursor: 'page-2' },
    ]);
  });
});

describe('the bookings list', () => {
  test('"Past 12 months" asks for the year before today, lists it most recent first, and offers no Cancel', async () => {
    const today = texasToday(new Date());
    const upcoming = [booking(addDaysUtc(today, 9), 'evening', 'Later'), booking(addDaysUtc(today, 2), 'morning', 'Soon')];
    const past = [
      booking(addDaysUtc(today, -200), 'evening', 'Oldest'),
      booking(addDaysUtc(today, -3), 'morning', 'Recent'),
      booking(addDaysUtc(today, -3), 'evening', 'Latest'),
    ];
    const asked = serve(({ url }) => ({ bookings: url.searchParams.get('to')! < today ? past : upcoming }));
    window.location.hash = '#bookings';
    const user = userEvent.setup();
    render(<OwnerDesk copy={copy} />);
    const group = await screen.findByRole('group', { name: copy.bookings.range.label });
    const list = (await screen.findByText('Soon')).closest('ul')!;
    expect(within(list).getAllByRole('listitem').map((row) => row.textContent)).toEqual([
      expect.stringContaining('Soon'),
      expect.stringContaining('Later'),
    ]);
    expect(within(list).getAllByRole('button', { name: copy.bookings.cancel })).toHaveLength(2);
    expect(within(group).getByRole('button', { name: copy.bookings.range.upcoming })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText(copy.bookings.lead)).toBeInTheDocument();

    await user.click(within(group).getByRole('button', { name: copy.bookings.range.past }));
    await screen.findByText(/Oldest/);
    expect(within(group).getByRole('button', { name: copy.bookings.range.past })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText(copy.bookings.past.lead)).toBeInTheDocument();
    const rows = within(screen.getByText('Oldest').closest('ul')!).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Latest'),
      expect.stringContaining('Recent'),
      expect.stringContaining('Oldest'),
    ]);
    expect(screen.queryByRole('button', { name: copy.bookings.cancel })).not.toBeInTheDocument();

    const ranges = asked.filter((request) => request.path === '/api/admin/bookings').map(({ url }) => [url.searchParams.get('from'), url.searchParams.get('to')]);
    expect(ranges).toEqual([
      [today, addDaysUtc(today, 730)],
      [addDaysUtc(today, -365), addDaysUtc(today, -1)],
    ]);
  });

  test('an empty past year says so', async () => {
    serve(() => ({ bookings: [] }));
    window.location.hash = '#bookings';
    const user = userEvent.setup();
    render(<OwnerDesk copy={copy} />);
    await screen.findByText(copy.bookings.empty);
    await user.click(screen.getByRole('button', { name: copy.bookings.range.past }));
    expect(await screen.findByText(copy.bookings.past.empty)).toBeInTheDocument();
  });
});

describe('the failed e-mails', () => {
  const failed = (n: number, resendable: boolean) => ({
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    kind: resendable ? 'booking_owner' : 'booking_client',
    to: [`client${n}@example.com`],
    subject: `Subject ${n}`,
    attempts: 1,
    lastError: 'EENVELOPE 550',
    createdAt: '2026-06-20T23:05:00.000Z',
    resendable,
  });

  test('offers "Send again" only for a message that kept its body; a dropped confirmation says to contact the client', async () => {
    window.location.hash = '#mail';
    serve(() => ({ counts: { pending: 0, sending: 0, sent: 3, failed: 2 }, failed: [failed(1, true), failed(2, false)], smtpConfigured: true }));
    render(<OwnerDesk copy={copy} />);
    await screen.findByRole('button', { name: copy.mail.retryLabel.replace('{subject}', 'Subject 1') });
    expect(screen.queryByText(copy.mail.notSending)).not.toBeInTheDocument();
    const items = screen.getAllByRole('listitem').filter((item) => /Subject \d/.test(item.textContent ?? ''));
    expect(items).toHaveLength(2);
    expect(within(items[1]!).queryByRole('button')).not.toBeInTheDocument();
    expect(within(items[1]!).getByText(copy.mail.notResendable)).toBeInTheDocument();
  });

  test('says no e-mail goes out when the site has no mail server', async () => {
    window.location.hash = '#mail';
    serve(() => ({ counts: { pending: 4, sending: 0, sent: 0, failed: 0 }, failed: [], smtpConfigured: false }));
    render(<OwnerDesk copy={copy} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(copy.mail.notSending);
  });
});
