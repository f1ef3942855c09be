import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { $toast, dismissToast, pauseToast, resumeToast, showToast, TOAST_DURATION_MS, TOAST_REMOVE_DELAY_MS } from './toasts';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  dismissToast();
  vi.runOnlyPendingTimers();
  vi.useRealTimers();
});

describe('toast store', () => {
  test('shows an open toast with the default variant', () => {
    const id = showToast({ title: 'Saved', description: 'All good.' });
    expect($toast.get()).toEqual({ id, title: 'Saved', description: 'All good.', variant: 'default', open: true });
  });

  test('keeps one toast at a time: a new toast replaces the old', () => {
    showToast({ title: 'First' });
    const second = showToast({ title: 'Second', variant: 'destructive' });
    expect($toast.get()).toMatchObject({ id: second, title: 'Second', variant: 'destructive', open: true });
  });

  test('hides itself after 5000 ms by default', () => {
    showToast({ title: 'Saved' });
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    expect($toast.get()?.open).toBe(true);
    vi.advanceTimersByTime(1);
    expect($toast.get()?.open).toBe(false);
  });

  test('honours a custom duration', () => {
    showToast({ title: 'Quick', duration: 100 });
    vi.advanceTimersByTime(100);
    expect($toast.get()?.open).toBe(false);
  });

  test('the old toast timer does not hide its replacement early', () => {
    showToast({ title: 'First' });
    vi.advanceTimersByTime(4000);
    showToast({ title: 'Second' });
    vi.advanceTimersByTime(1000);
    expect($toast.get()).toMatchObject({ title: 'Second', open: true });
  });

  test('dismiss hides at once and removes the toast from the store 1,000,000 ms later', () => {
    showToast({ title: 'Saved' });
    dismissToast();
    expect($toast.get()).toMatchObject({ title: 'Saved', open: false });
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
    expect($toast.get()).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect($toast.get()).toBeNull();
  });

  test('dismissing by an old id leaves the current toast alone', () => {
    const first = showToast({ title: 'First' });
    showToast({ title: 'Second' });
    dismissToast(first);
    expect($toast.get()).toMatchObject({ title: 'Second', open: true });
  });

  test('a pending removal does not remove a newer toast', () => {
    showToast({ title: 'First' });
    dismissToast();
    showToast({ title: 'Second' });
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS);
    expect($toast.get()?.title).toBe('Second');
  });

  test('pausing stops the countdown and resuming continues with the time left', () => {
    showToast({ title: 'Saved' });
    vi.advanceTimersByTime(3000);
    pauseToast();
    vi.advanceTimersByTime(60_000);
    expect($toast.get()?.open).toBe(true);
    resumeToast();
    vi.advanceTimersByTime(1999);
    expect($toast.get()?.open).toBe(true);
    vi.advanceTimersByTime(1);
    expect($toast.get()?.open).toBe(false);
  });
});
