import { useStore } from '@nanostores/react';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { CLOSE_ICON } from '../lib/icons';
import { $toast, dismissToast, pauseToast, resumeToast, type Toast } from '../stores/toasts';
import styles from './Toaster.module.css';

/** Hotkey that moves focus to the open toast (the same key Radix and others use). */
const FOCUS_HOTKEY = 'F8';

function ToastText({ toast }: { toast: Toast }) {
  return (
    <>
      <p className={styles.title}>{toast.title}</p>
      {toast.description && <p className={styles.description}>{toast.description}</p>}
    </>
  );
}

/**
 * Shows the page's one toast from $toast. Both live regions are in the DOM from the first render, so a toast
 * inserted later is announced: politely (role=status), or assertively (role=alert) when destructive.
 * Pointing at or focusing the toast pauses its countdown; F8 focuses it, Escape or the close button dismiss it.
 */
export default function Toaster() {
  const toast = useStore($toast);
  const shown = toast?.open ? toast : null;
  const cardRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const returnFocusRef = useRef<HTMLElement | null>(null);
  const pause = useRef({ hovered: false, focused: false });

  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== FOCUS_HOTKEY || !closeRef.current) return;
      event.preventDefault();
      if (document.activeElement instanceof HTMLElement) returnFocusRef.current = document.activeElement;
      closeRef.current.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  useEffect(() => {
    // A new toast starts its own countdown: forget the pause state of the last one.
    pause.current = { hovered: false, focused: false };
  }, [shown?.id]);

  const updatePause = (change: Partial<{ hovered: boolean; focused: boolean }>) => {
    pause.current = { ...pause.current, ...change };
    if (pause.current.hovered || pause.current.focused) pauseToast();
    else resumeToast();
  };

  const dismiss = () => {
    const hadFocus = cardRef.current?.contains(document.activeElement) ?? false;
    const returnTo = returnFocusRef.current;
    returnFocusRef.current = null;
    dismissToast();
    // Focus would otherwise fall to <body> with the removed button.
    if (hadFocus && returnTo?.isConnected) returnTo.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && shown) {
      event.stopPropagation();
      dismiss();
    }
  };

  const destructive = shown?.variant === 'destructive';
  return (
    <section className={shown ? `${styles.viewport} ${styles.showing}` : styles.viewport} aria-label={`Notifications (${FOCUS_HOTKEY})`}>
      <div
        ref={cardRef}
        className={[styles.toast, shown && styles.open, destructive && styles.destructive].filter(Boolean).join(' ')}
        onKeyDown={onKeyDown}
        onMouseEnter={() => updatePause({ hovered: true })}
        onMouseLeave={() => updatePause({ hovered: false })}
        onFocus={() => updatePause({ focused: true })}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget)) updatePause({ focused: false });
        }}
      >
        <div className={styles.text} role="status" aria-live="polite" aria-atomic="true">
          {shown && !destructive && <ToastText key={shown.id} toast={shown} />}
        </div>
        <div className={styles.text} role="alert" aria-live="assertive" aria-atomic="true">
          {shown && destructive && <ToastText key={shown.id} toast={shown} />}
        </div>
        {shown && (
          <button ref={closeRef} type="button" className={styles.close} aria-label="Dismiss notification" onClick={dismiss}>
            <svg className="icon" width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d={CLOSE_ICON} />
            </svg>
          </button>
        )}
      </div>
    </section>
  );
}
