import type { ReactNode } from 'react';
import { FieldError, describedBy, hintId } from './Field';
import styles from './Field.module.css';

interface Props {
  /** The group's id: its hint's and its error's ids derive from it. */
  id: string;
  legend: string;
  hint?: string;
  error?: string;
  /** The radio buttons or checkboxes, each with its own label. */
  children: ReactNode;
}

/** A set of radio buttons or checkboxes under one legend, with a hint and an error message that describe the set. */
export default function ChoiceGroup({ id, legend, hint, error, children }: Props) {
  return (
    <fieldset id={id} className={styles.group} aria-describedby={describedBy(id, hint, error)}>
      <legend>{legend}</legend>
      {hint && (
        <p id={hintId(id)} className={styles.hint}>
          {hint}
        </p>
      )}
      {children}
      <FieldError fieldId={id} message={error} />
    </fieldset>
  );
}
