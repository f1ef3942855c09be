import { useEffect, useRef, type ReactNode } from 'react';
import styles from './desk.module.css';

interface Props {
  title: string;
  children: ReactNode;
  /** Controls shown under the text (a reason to give), before the buttons. */
  extra?: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** True while the confirmed action runs (both buttons wait). */
  pending: boolean;
  onConfirm: () => void;
  /** Closes without acting: "Keep it", Escape. */
  onClose: () => void;
}

/**
 * A modal confirmation step on the native <dialog>: focus moves into it and stays there, Escape closes it, and focus
 * goes back to the button that opened it. Open while mounted.
 */
export default function ConfirmDialog({ title, children, extra, confirmLabel, cancelLabel, pending, onConfirm, onClose }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const element = dialog.current;
    // Unmounting removes the dialog rather than closing it, so focus is handed back by hand.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (element && !element.open) element.showModal();
    // showModal focuses the first control (a reason field, when there is one): start on the safe choice instead.
    keep.current?.focus();
    return () => {
      element?.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);
  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby="confirm-title"
      aria-describedby="confirm-text"
      onCancel={(event) => {
        event.preventDefault();
        if (!pending) onClose();
      }}
    >
      <h2 id="confirm-title" className={styles.dialogTitle}>
        {title}
      </h2>
      <p id="confirm-text">{children}</p>
      {extra}
      <div className={styles.dialogActions}>
        <button ref={keep} type="button" className="btn btn--secondary" onClick={onClose} disabled={pending}>
          {cancelLabel}
        </button>
        <button type="button" className="btn btn--primary" onClick={onConfirm} disabled={pending} aria-busy={pending}>
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
