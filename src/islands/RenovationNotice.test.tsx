import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import RenovationNotice, { RENOVATION_NOTICE_SEEN_KEY } from './RenovationNotice';

const props = {
  enabled: true,
  title: 'Pardon Our Dust!',
  message: 'We are closed for renovations and back in action beginning the week of September 15th, 2026.',
  confirmLabel: 'Okay, great!',
  closeLabel: 'Close notice',
  delayMs: 1000,
};

const dialog = () => screen.queryByRole('dialog', { hidden: true }) as HTMLDialogElement | null;
const isShown = () => Boolean(dialog()?.open);

beforeEach(() => {
  vi.useFakeTimers();
});

describe('RenovationNotice', () => {
  test('opens about a second after it loads, not before', () => {
    render(<RenovationNotice {...props} />);
    act(() => vi.advanceTimersByTime(990));
    expect(isShown()).toBe(false);
    act(() => vi.advanceTimersByTime(20));
    expect(isShown()).toBe(true);
    expect(screen.getByRole('dialog', { name: props.title })).toHaveAccessibleDescription(props.message);
    expect(screen.getByRole('button', { name: props.confirmLabel })).toHaveFocus();
  });

  test('does not open when the session flag is already set', () => {
    sessionStorage.setItem(RENOVATION_NOTICE_SEEN_KEY, 'true');
    render(<RenovationNotice {...props} />);
    act(() => vi.advanceTimersByTime(5000));
    expect(isShown()).toBe(false);
  });

  test('does not open at all when switched off in the settings', () => {
    render(<RenovationNotice {...props} enabled={false} />);
    act(() => vi.advanceTimersByTime(5000));
    expect(dialog()).toBeNull();
    expect(sessionStorage.getItem(RENOVATION_NOTICE_SEEN_KEY)).toBeNull();
  });

  test('"Okay, great!" hides it and sets the session flag', () => {
    render(<RenovationNotice {...props} />);
    act(() => vi.advanceTimersByTime(1000));
    expect(sessionStorage.getItem(RENOVATION_NOTICE_SEEN_KEY)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Okay, great!' }));
    expect(isShown()).toBe(false);
    expect(sessionStorage.getItem(RENOVATION_NOTICE_SEEN_KEY)).toBe('true');
  });

  test('the close button hides it and sets the session flag', () => {
    render(<RenovationNotice {...props} />);
    act(() => vi.advanceTimersByTime(1000));
    fireEvent.click(screen.getByRole('button', { name: 'Close notice' }));
    expect(isShown()).toBe(false);
    expect(sessionStorage.getItem(RENOVATION_NOTICE_SEEN_KEY)).toBe('true');
  });

  test('Escape hides it and sets the session flag', () => {
    render(<RenovationNotice {...props} />);
    act(() => vi.advanceTimersByTime(1000));
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(isShown()).toBe(false);
    expect(sessionStorage.getItem(RENOVATION_NOTICE_SEEN_KEY)).toBe('true');
  });

  test('a click on the backdrop hides it; a click inside does not', () => {
    render(<RenovationNotice {...props} />);
    act(() => vi.advanceTimersByTime(1000));
    fireEvent.click(screen.getByText(props.message));
    expect(isShown()).toBe(true);
    fireEvent.click(dialog()!);
    expect(isShown()).toBe(false);
  });

  test('once dismissed it stays away on the next page of the session', () => {
    const first = render(<RenovationNotice {...props} />);
    act(() => vi.advanceTimersByTime(1000));
    fireEvent.click(screen.getByRole('button', { name: 'Okay, great!' }));
    first.unmount();
    render(<RenovationNotice {...props} />);
    act(() => vi.advanceTimersByTime(5000));
    expect(isShown()).toBe(false);
  });
});
