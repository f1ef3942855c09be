import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import desk from '@content/desk.json';
import type { OwnerInquiry } from '@shared/schemas/owner/inquiries';
import { $toast, dismissToast } from '../../stores/toasts';
import OwnerDesk from '../OwnerDesk';
import { type DeskRequest, ownerInquiry as inquiry, serveDesk as serve } from './desk-test-support';

const copy = desk.desk;
const text = copy.inquiries;

const page = (...inquiries: OwnerInquiry[]) => ({ inquiries, nextCursor: null });

/** The POSTs among `sent`, by method, path, search and body (their url only spells the path and search again). */
const posts = (sent: DeskRequest[]) =>
  sent.filter((request) => request.method === 'POST').map(({ method, path, search, body }) => ({ method, path, search, body }));

beforeEach(() => {
  window.location.hash = '#inquiries';
  // jsdom lays nothing out, so it has no scrolling of its own.
  Element.prototype.scrollIntoView = vi.fn();
});

afterEach(() => {
  act(() => dismissToast());
  vi.unstubAllGlobals();
});

async function openFirst(name: RegExp) {
  const user = userEvent.setup();
  render(<OwnerDesk copy={copy} />);
  const summary = await screen.findByRole('button', { name });
  await user.click(summary);
  const details = document.getElementById(summary.getAttribute('aria-controls')!)!;
  return { user, summary, details };
}

describe('the lead pipeline in the desk', () => {
  test('a status chosen is saved at once and confirmed politely; the summary shows it', async () => {
    const sent = serve((request) =>
      request.path.endsWith('/status') ? { inquiry: inquiry(1, { status: request.body!.status as 'quoted' }) } : page(inquiry(1)),
    );
    const { user, summary, details } = await openFirst(/Client1/);
    expect(summary).toHaveTextContent('Status: New');
    await user.selectOptions(within(details).getByLabelText(text.statusLabel), text.statuses.quoted);
    const confirmation = await within(details).findByText('Status saved: Quoted.');
    expect(confirmation).toHaveAttribute('role', 'status');
    expect(confirmation).toHaveAttribute('aria-live', 'polite');
    expect(summary).toHaveTextContent('Status: Quoted');
    expect(within(details).getByLabelText(text.statusLabel)).toHaveValue('quoted');
    expect(posts(sent)).toEqual([
      { method: 'POST', path: `/api/admin/inquiries/${inquiry(1).id}/status`, search: '', body: { status: 'quoted' } },
    ]);
  });

  test('a refused status change shows the server\'s message and the choice returns to the saved status', async () => {
    serve((request) =>
      request.path.endsWith('/status')
        ? Response.json({ error: { code: 'not_found', message: 'There is no inquiry with that id.' } }, { status: 404 })
        : page(inquiry(1, { status: 'contacted' })),
    );
    const { user, details } = await openFirst(/Client1/);
    const select = within(details).getByLabelText(text.statusLabel);
    await user.selectOptions(select, text.statuses.booked);
    await waitFor(() => expect($toast.get()?.description).toBe('There is no inquiry with that id.'));
    await waitFor(() => expect(select).toBeEnabled());
    expect(select).toHaveValue('contacted');
  });

  test('notes show author and time oldest first; "Add note" appends one, and an empty note is refused in place', async () => {
    const first = { id: '1', author: 'dolores', body: 'Called, left a voicemail.', createdAt: '2026-06-21T15:00:00.000Z' };
    const added = { id: '2', author: 'dolores', body: 'Quote sent.', createdAt: '2026-06-22T15:00:00.000Z' };
    const sent = serve((request) => (request.path.endsWith('/notes') ? { note: added } : page(inquiry(1, { notes: [first] }))));
    const { user, details } = await openFirst(/Client1/);
    const notes = within(details).getByRole('region', { name: text.notesHeading });
    expect(within(notes).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^dolores, .*2026.*Called, left a voicemail\.$/),
    ]);

    await user.click(within(notes).getByRole('button', { name: text.addNote }));
    const field = within(notes).getByLabelText(text.noteLabel);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Please write a note.');
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);

    await user.type(field, 'Quote sent.');
    await user.click(within(notes).getByRole('button', { name: text.addNote }));
    await within(notes).findByText(text.noteAdded);
    expect(within(notes).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      expect.stringContaining('Called, left a voicemail.'),
      expect.stringContaining('Quote sent.'),
    ]);
    expect(field).toHaveValue('');
    expect(posts(sent)).toEqual([
      { method: 'POST', path: `/api/admin/inquiries/${inquiry(1).id}/notes`, search: '', body: { text: 'Quote sent.' } },
    ]);
  });

  test('an unopened inquiry is marked "New" until first opened, which tells the server once', async () => {
    const sent = serve((request) =>
      request.path.endsWith('/opened') ? { inquiry: inquiry(1, { isNew: false }) } : page(inquiry(1, { isNew: true }), inquiry(2)),
    );
    const user = userEvent.setup();
    render(<OwnerDesk copy={copy} />);
    const fresh = await screen.findByRole('button', { name: /Client1/ });
    expect(within(fresh).getByText(text.unopened)).toBeVisible();
    expect(within(screen.getByRole('button', { name: /Client2/ })).queryByText(text.unopened)).not.toBeInTheDocument();
    await user.click(fresh);
    await waitFor(() => expect(within(fresh).queryByText(text.unopened)).not.toBeInTheDocument());
    await user.click(fresh);
    await user.click(fresh);
    expect(sent.filter((request) => request.method === 'POST').map((request) => request.path)).toEqual([
      `/api/admin/inquiries/${inquiry(1).id}/opened`,
    ]);
  });

  test('the status filter beside the search lists one status, alone or with a search; "All" lists every one', async () => {
    const sent = serve(() => page(inquiry(1)));
    const user = userEvent.setup();
    render(<OwnerDesk copy={copy} />);
    await screen.findByRole('button', { name: /Client1/ });
    const filter = screen.getByLabelText(text.statusFilterLabel);
    expect(filter).toHaveValue('');
    expect(within(filter).getAllByRole('option').map((option) => option.textContent)).toEqual([
      text.allStatuses,
      ...Object.values(text.statuses),
    ]);
    expect(screen.getByRole('link', { name: text.export })).toHaveAttribute('href', '/api/admin/inquiries.csv');
    await user.selectOptions(filter, text.statuses.quoted);
    // Filtered, the CSV holds what the list shows: a POST with the status, no longer the link to every inquiry.
    expect(await screen.findByRole('button', { name: text.exportMatches })).toBeVisible();
    expect(screen.queryByRole('link', { name: text.export })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(text.searchLabel), 'rivera');
    await user.click(screen.getByRole('button', { name: text.search }));
    await user.selectOptions(filter, text.allStatuses);
    await waitFor(() => expect(sent).toHaveLength(4));
    expect(sent.map(({ method, path, search, body }) => [method, `${path}${search}`, body])).toEqual([
      ['GET', '/api/admin/inquiries', undefined],
      ['GET', '/api/admin/inquiries?status=quoted', undefined],
      ['POST', '/api/admin/inquiries/search', { q: 'rivera', status: 'quoted' }],
      ['POST', '/api/admin/inquiries/search', { q: 'rivera' }],
    ]);
  });

  test('an empty filtered list names the status', async () => {
    serve((request) => (request.search.includes('declined') ? page() : page(inquiry(1))));
    const user = userEvent.setup();
    render(<OwnerDesk copy={copy} />);
    await screen.findByRole('button', { name: /Client1/ });
    await user.selectOptions(screen.getByLabelText(text.statusFilterLabel), text.statuses.declined);
    expect(await screen.findByText('No inquiries are “Declined”.')).toBeVisible();
  });

  test('a desk link #inquiries/<id> to an inquiry not on the page fetches it, shows it first, open and focused', async () => {
    const linked = inquiry(9, { firstName: 'Linked', isNew: true });
    window.location.hash = `#inquiries/${linked.id}`;
    const sent = serve((request) =>
      request.path.endsWith('/opened') ? { inquiry: { ...linked, isNew: false } } : page(inquiry(1), inquiry(2)),
    );
    render(<OwnerDesk copy={copy} />);
    const summary = await screen.findByRole('button', { name: /Linked/ });
    await waitFor(() => expect(summary).toHaveFocus());
    expect(summary).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getAllByRole('button', { expanded: false })[0]).toHaveTextContent('Client1');
    expect(screen.getAllByRole('button', { expanded: true })).toEqual([summary]);
    expect(screen.getByRole('link', { name: copy.views.inquiries })).toHaveAttribute('aria-current', 'page');
    expect(sent.filter((request) => request.method === 'POST').map((request) => request.path)).toEqual([
      `/api/admin/inquiries/${linked.id}/opened`,
    ]);
  });

  test('a desk link to an inquiry on the page opens that one in place', async () => {
    window.location.hash = `#inquiries/${inquiry(2).id}`;
    serve((request) => (request.path.endsWith('/opened') ? { inquiry: inquiry(2) } : page(inquiry(1), inquiry(2))));
    render(<OwnerDesk copy={copy} />);
    const second = await screen.findByRole('button', { name: /Client2/ });
    await waitFor(() => expect(second).toHaveFocus());
    expect(screen.getAllByRole('button', { name: /Client\d/ }).map((button) => button.getAttribute('aria-expanded'))).toEqual([
      'false',
      'true',
    ]);
  });
});
