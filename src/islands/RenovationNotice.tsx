import { useEffect, useRef, type MouseEvent } from 'react';
import { CLOSE_ICON } from '../lib/icons';

/** sessionStorage key set to "true" once the visitor has dismissed the renovation notice. */
export const RENOVATION_NOTICE_SEEN_KEY = 'renovationNoticeSeen';

interface Props {
  /** When false the notice never opens (settings can switch it off). */
  enabled: boolean;
  title: string;
  message: string;
  /** Label of the dismiss button, e.g. "Okay, great!". */
  confirmLabel: string;
  /** Accessible name of the close (×) button. */
  closeLabel: string;
  /** Milliseconds after hydration before the notice opens. */
  delayMs: number;
}

function hasSeenNotice(): boolean {
  try {
    return sessionStorage.getItem(RENOVATION_NOTICE_SEEN_KEY) === 'true';
  } catch {
    // Storage can be blocked (privacy settings): then the notice simply shows.
    return false;
  }
}

function rememberNoticeSeen(): void {
  try {
    sessionStorage.setItem(RENOVATION_NOTICE_SEEN_KEY, 'true');
  } catch {
    // Without storage the notice may show again on the next page; nothing else to do.
  }
}

/** A modal notice that the business is closed for renovations, shown once per browser session. */
export default function RenovationNotice({ enabled, title, message, confirmLabel, closeLabel, delayMs }: Props) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!enabled || hasSeenNotice()) return;
    const timer = window.setTimeout(() => {
      const dialog = dialogRef.current;
      if (!dialog || dialog.open) return;
      dialog.showModal();
      confirmRef.current?.focus();
    }, delayMs);
    return () => window.clearTimeout(timer);
  }, [enabled, delayMs]);

  if (!enabled) return null;

  const close = () => dialogRef.current?.close();
  // A click whose target is the dialog itself landed on the backdrop (the content fills the box).
  const closeOnBackdrop = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) close();
  };

  return (
    <dialog
      ref={dialogRef}
      className="renovation-notice"
      aria-labelledby="renovation-notice-title"
      aria-describedby="renovation-notice-message"
      onClose={rememberNoticeSeen}
      onClick={closeOnBackdrop}
    >
      <div className="renovation-notice__body">
        <button type="button" className="renovation-notice__close" aria-label={closeLabel} onClick={close}>
          <svg className="icon" width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d={CLOSE_ICON} />
          </svg>
        </button>
        <p className="renovation-notice__stars" aria-hidden="true">
          ★ ★ ★
        </p>
        <h2 id="renovation-notice-title">{title}</h2>
        <p id="renovation-notice-message">{message}</p>
        <button ref={confirmRef} type="button" className="btn btn--primary" onClick={close}>
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
