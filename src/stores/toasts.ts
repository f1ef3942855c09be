import { atom } from 'nanostores';

/** How long a toast stays up unless told otherwise. */
export const TOAST_DURATION_MS = 5000;
/** How long a dismissed (already hidden) toast lingers in the store before it is removed. */
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

/** `destructive` marks a failure: styled as one and announced assertively. */
export type ToastVariant = 'default' | 'destructive';

/** The toast in the store; `open: false` means dismissed: hidden, awaiting removal. */
export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
  open: boolean;
}

/** What showToast takes: a title, optionally a description, a variant and a duration in ms. */
export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
  duration?: number;
}

/** The one toast of the page (one at a time: a new toast replaces the old), or null. */
export const $toast = atom<Toast | null>(null);

let nextId = 1;
let hideTimer: ReturnType<typeof setTimeout> | undefined;
let removeTimer: ReturnType<typeof setTimeout> | undefined;
let hideAt = 0;
let pausedRemaining: number | undefined;

function clearTimers() {
  clearTimeout(hideTimer);
  clearTimeout(removeTimer);
  hideTimer = undefined;
  removeTimer = undefined;
  pausedRemaining = undefined;
}

function scheduleHide(id: number, ms: number) {
  hideAt = Date.now() + ms;
  hideTimer = setTimeout(() => dismissToast(id), ms);
}

/** Shows a toast, replacing any current one; it hides itself after `duration` ms. Returns its id. */
export function showToast({ title, description, variant = 'default', duration = TOAST_DURATION_MS }: ToastOptions): number {
  clearTimers();
  const id = nextId++;
  $toast.set({ id, title, description, variant, open: true });
  scheduleHide(id, duration);
  return id;
}

/** Hides the toast at once (only the one with `id`, when given); the store drops it TOAST_REMOVE_DELAY_MS later. */
export function dismissToast(id?: number): void {
  const toast = $toast.get();
  if (!toast || !toast.open || (id !== undefined && toast.id !== id)) return;
  clearTimers();
  $toast.set({ ...toast, open: false });
  removeTimer = setTimeout(() => {
    if ($toast.get()?.id === toast.id) $toast.set(null);
  }, TOAST_REMOVE_DELAY_MS);
}

/** Stops the hide countdown while the visitor points at or focuses the toast. */
export function pauseToast(): void {
  if (hideTimer === undefined || !$toast.get()?.open) return;
  clearTimeout(hideTimer);
  hideTimer = undefined;
  pausedRemaining = Math.max(0, hideAt - Date.now());
}

/** Restarts the hide countdown with the time that was left when it was paused. */
export function resumeToast(): void {
  const toast = $toast.get();
  if (pausedRemaining === undefined || !toast?.open) return;
  const remaining = pausedRemaining;
  pausedRemaining = undefined;
  scheduleHide(toast.id, remaining);
}
