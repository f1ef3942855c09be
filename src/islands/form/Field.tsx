import type { ReactNode } from 'react';
import styles from './Field.module.css';

/** The props a field's control receives: its id and class, and the aria attributes tying it to its message. */
export interface ControlProps {
  id: string;
  className: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/** The id of a field's error message element. */
export function errorId(fieldId: string): string {
  return `${fieldId}-error`;
}

/** The id of a field's hint (what to type, why it is asked). */
export function hintId(fieldId: string): string {
  return `${fieldId}-hint`;
}

/** `aria-describedby` for a field with an optional hint and error: the hint first, then the message. */
export function describedBy(fieldId: string, hint?: string, error?: string): string | undefined {
  const ids = [hint ? hintId(fieldId) : '', error ? errorId(fieldId) : ''].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/** A field's error message, rendered only when there is one. */
export function FieldError({ fieldId, message }: { fieldId: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={errorId(fieldId)} className={styles.error}>
      {message}
    </p>
  );
}

/** A select's choices: an empty first one showing the placeholder, then each value with its label. */
export function Options({ placeholder, options }: { placeholder: string; options: readonly { value: string; label: string }[] }) {
  return (
    <>
      <option value="">{placeholder}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </>
  );
}

interface Props {
  /** The control's id (the label's `for`). */
  id: string;
  label: string;
  /** The field's message; when set the control is marked invalid and described by it. */
  error?: string;
  /** A line under the label saying what to type or why it is asked; the control is described by it. */
  hint?: string;
  className?: string;
  /** Renders the control (input, select or textarea) with the props it must carry. */
  children: (control: ControlProps) => ReactNode;
}

/** One labelled form field: label, control, and its error message tied to the control by `aria-describedby`. */
export default function Field({ id, label, error, hint, className, children }: Props) {
  const description = describedBy(id, hint, error);
  const aria = { ...(error ? { 'aria-invalid': true as const } : {}), ...(description ? { 'aria-describedby': description } : {}) };
  return (
    <div className={className ? `${styles.field} ${className}` : styles.field}>
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={hintId(id)} className={styles.hint}>
          {hint}
        </p>
      )}
      {children({ id, className: styles.control, ...aria })}
      <FieldError fieldId={id} message={error} />
    </div>
  );
}
