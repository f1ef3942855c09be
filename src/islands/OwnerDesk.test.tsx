import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import desk from '@content/desk.json';
import { SIGN_IN_FAILED_MESSAGE } from '@shared/schemas/owner/session';
import OwnerDesk from './OwnerDesk';
import { SIGNED_IN, ownerInquiry, serveDesk } from './desk/desk-test-support';

const copy = desk.desk;
const UNAUTHENTICATED = { error: { code: 'unauthenticated', message: 'Please sign in to the owner’s desk.' } };
const INQUIRY = ownerInquiry(1, {
  firstName: 'Dolly',
  lastName: 'שלום',
  email: 'dolly@example.com',
  message: '<img src=x onerror=alert(1)> hello',
});

/**
 * Answers by method and path, like the owner API; `routes` maps "GET /api/admin/session" to a response maker. Any
 * other request fails, so a test sees what it did not expect.
 */
function serve(routes: Record<string, () => Response>) {
  serveDesk(({ method, path }) => {
    const route = routes[`${method} ${path}`];
    if (!route) throw new Error(`unexpected ${method} ${path}`);
    return route();
  });
}

describe('OwnerDesk', () => {
  test('signed out: the sign-in form; a failed sign-in shows the one generic message in the form', async () => {
    serve({
      'GET /api/admin/session': () => Response.json(UNAUTHENTICATED, { status: 401 }),
      'POST /api/admin/session': () =>
        Response.json({ error: { code: 'invalid_credentials', message: SIGN_IN_FAILED_MESSAGE } }, { status: 401 }),
    });
    const user = userEvent.setup();
    render(<OwnerDesk copy={copy} />);
    await user.type(await screen.findByLabelText('Username'), 'dolores');
    await user.type(screen.getByLabelText('Password'), 'wrong-password-here');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SIGN_IN_FAILED_MESSAGE);
    expect(screen.queryByRole('button', { name: copy.signOut })).not.toBeInTheDocument();
  });

  test('a sign-in that never reaches the server says so, not that the password is wrong', async () => {
    serve({
      'GET /api/admin/session': () => Response.json(UNAUTHENTICATED, { status: 401 }),
      'POST /api/admin/session': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const user = userEvent.setup();
    render(<OwnerDesk copy={copy} />);
    await user.type(await screen.findByLabelText('Username'), 'dolores');
    await user.type(screen.getByLabelText('Password'), 'a-long-enough-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(copy.signIn.failure.fallback);
    expect(alert).not.toHaveTextContent(SIGN_IN_FAILED_MESSAGE);
  });

  test('signed in: the inquiries view shows visitor text as text, isolated, with mailto and tel links', async () => {
    serve({
      'GET /api/admin/session': () => Response.json(SIGNED_IN),
      'GET /api/admin/inquiries': () => Response.json({ inquiries: [INQUIRY], nextCursor: null }),
    });
    window.location.hash = '#inquiries';
    const user = userEvent.setup();
    const { container } = render(<OwnerDesk copy={copy} />);
    const open = await screen.findByRole('button', { name: /Dolly/ });
    expect(screen.getByRole('link', { name: copy.views.inquiries })).toHaveAttribute('aria-current', 'page');
    expect(within(open).getByText('Dolly שלום').tagName).toBe('BDI');
    await user.click(open);
    expect(open).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(INQUIRY.message!)).toBeVisible();
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('link', { name: INQUIRY.email })).toHaveAttribute('href', `mailto:${INQUIRY.email}`);
    expect(screen.getByRole('link', { name: INQUIRY.phone })).toHaveAttribute('href', 'tel:+15125550199');
  });

  test('a 401 from a list returns to the sign-in form with the notice', async () => {
    serve({
      'GET /api/admin/session': () => Response.json(SIGNED_IN),
      'GET /api/admin/inquiries': () => Response.json(UNAUTHENTICATED, { status: 401 }),
    });
    window.location.hash = '#inquiries/00000000-0000-4000-8000-000000000001';
    render(<OwnerDesk copy={copy} />);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument());
    expect(screen.getByRole('status')).toHaveTextContent(copy.expired);
  });
});
