/**
 * The component tests' one setup and teardown (the dom project's setup file). jsdom has <dialog> but not its modal
 * behaviour: one stand-in for showModal/close and the Escape key serves every file. After each test, the toasts are
 * dismissed, the rendered tree unmounted, stubbed globals (fetch) restored, real timers back, session storage emptied
 * and the address back at `/` with no hash. A test file keeps in its own hooks only what it sets up for itself.
 */
import '@testing-library/jest-dom/vitest';
import { act, cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { dismissToast } from '../../src/stores/toasts';

const dialog = HTMLDialogElement.prototype as HTMLDialogElement & { standIn?: true };
if (typeof dialog.showModal !== 'function' && !dialog.standIn) {
  dialog.standIn = true;
  Object.defineProperty(dialog, 'open', {
    configurable: true,
    get(this: HTMLDialogElement) {
      return this.hasAttribute('open');
    },
  });
  // Each open dialog's Escape listener, taken off the document when it closes: the files share one jsdom, so a
  // listener left behind would outlive its test.
  const escapeListeners = new WeakMap<HTMLDialogElement, (event: KeyboardEvent) => void>();
  dialog.showModal = function showModal(this: HTMLDialogElement) {
    if (this.open) return;
    this.setAttribute('open', '');
    const onEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !this.open) return;
      if (this.dispatchEvent(new Event('cancel', { cancelable: true }))) this.close();
    };
    escapeListeners.set(this, onEscape);
    this.ownerDocument.addEventListener('keydown', onEscape);
  };
  dialog.close = function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.removeAttribute('open');
    const onEscape = escapeListeners.get(this);
    if (onEscape) this.ownerDocument.removeEventListener('keydown', onEscape);
    escapeListeners.delete(this);
    this.dispatchEvent(new Event('close'));
  };
}

afterEach(() => {
  act(() => dismissToast());
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});
