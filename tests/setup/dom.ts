/**
 * The component tests' one teardown (the dom project's setup file): after each test, the toasts are dismissed, the
 * rendered tree unmounted, stubbed globals (fetch) restored, real timers back, session storage emptied and the
 * address back at `/` with no hash. A test file keeps in its own hooks only what it sets up for itself.
 */
import '@testing-library/jest-dom/vitest';
import { act, cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { dismissToast } from '../../src/stores/toasts';

afterEach(() => {
  act(() => dismissToast());
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});
