import { HONEYPOT_FIELD } from '@shared/schemas/honeypot';
import styles from './form.module.css';

/**
 * The field only bots fill in: off-screen, hidden from assistive technology, no tab stop, no autofill.
 * Its label is bait for bots, not copy for visitors, so it stays here with the field's name.
 */
export default function Honeypot({ idPrefix }: { idPrefix: string }) {
  const id = `${idPrefix}-${HONEYPOT_FIELD}`;
  return (
    <div className={styles.honeypot} aria-hidden="true">
      <label htmlFor={id}>Website</label>
      <input id={id} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
    </div>
  );
}
