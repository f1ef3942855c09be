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
  className?: string;
  /** Renders the control (input, select or textarea) with the props it must carry. */
  children: (control: ControlProps) => ReactNode;
}

/** One labelled form field: label, control, and its error message tied to the control by `aria-describedby`. */
export default function Field({ id, label, error, className, children }: Props) {
  const aria = error ? { 'aria-invalid': true as const, 'aria-describedby': errorId(id) } : {};
  return (
    <div className={className ? `${styles.field} ${className}` : styles.field}>
      <label htmlFor={id}>{label}</label>
      {children({ id, className: styles.control, ...aria })}
      <FieldError fieldId={id} message={error} />
    </div>
  );
}
