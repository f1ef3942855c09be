import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { $toast, showToast, TOAST_DURATION_MS } from '../stores/toasts';
import Toaster from './Toaster';

afterEach(() => {
  // Timers a toast set run out before the setup file's teardown puts the real ones back.
  vi.runOnlyPendingTimers();
});

function renderToaster() {
  vi.useFakeTimers();
  render(<Toaster />);
}

function setup() {
  // Testing Library's async wrapper waits on a real setTimeout(0): let fake time follow the real clock too.
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  render(<Toaster />);
  return { user };
}

describe('Toaster', () => {
  test('has both live regions in the DOM, empty, before any toast appears', () => {
    renderToaster();
    expect(screen.getByRole('status')).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(screen.getByRole('alert')).toHaveAttribute('aria-live', 'assertive');
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  test('announces a toast politely in the status region', () => {
    renderToaster();
    act(() => void showToast({ title: 'Saved', description: 'All good.' }));
    expect(screen.getByRole('status')).toHaveTextContent('SavedAll good.');
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  test('announces a destructive toast assertively in the alert region', () => {
    renderToaster();
    act(() => void showToast({ title: 'Error', description: 'It broke.', variant: 'destructive' }));
    expect(screen.getByRole('alert')).toHaveTextContent('ErrorIt broke.');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  test('shows one toast at a time: a new one replaces the old', () => {
    renderToaster();
    act(() => void showToast({ title: 'First' }));
    act(() => void showToast({ title: 'Second' }));
    expect(screen.queryByText('First')).not.toBeInTheDocument();
    expect(screen.getByText('Second')).toBeVisible();
    expect(screen.getAllByRole('button', { name: 'Dismiss notification' })).toHaveLength(1);
  });

  test('hides the toast after 5000 ms', () => {
    renderToaster();
    act(() => void showToast({ title: 'Saved' }));
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 1));
    expect(screen.getByText('Saved')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  test('the close button dismisses the toast at once', async () => {
    const { user } = setup();
    act(() => void showToast({ title: 'Saved' }));
    await user.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
    expect($toast.get()?.open).toBe(false);
  });

  test('F8 focuses the toast, Escape dismisses it and focus returns where it was', async () => {
    const { user } = setup();
    const outside = document.createElement('button');
    outside.textContent = 'Elsewhere';
    document.body.append(outside);
    outside.focus();
    act(() => void showToast({ title: 'Saved' }));
    await user.keyboard('{F8}');
    expect(screen.getByRole('button', { name: 'Dismiss notification' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
    expect(outside).toHaveFocus();
    outside.remove();
  });

  test('keeps the toast while it has focus, then hides it once focus leaves', async () => {
    const { user } = setup();
    act(() => void showToast({ title: 'Saved' }));
    await user.keyboard('{F8}');
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS * 3));
    expect(screen.getByText('Saved')).toBeInTheDocument();
    await user.tab();
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS));
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });

  test('announces a repeated identical toast again (fresh nodes for each toast)', () => {
    renderToaster();
    act(() => void showToast({ title: 'Error', variant: 'destructive' }));
    const first = screen.getByText('Error');
    act(() => void showToast({ title: 'Error', variant: 'destructive' }));
    expect(screen.getByText('Error')).not.toBe(first);
  });
});
