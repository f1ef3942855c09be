import { useHydrated } from '../../lib/use-hydrated';
import { BOOKING_WINDOW_DAYS, addDaysUtc, todayUtc } from '@shared/schemas/dates';
import Field from '../form/Field';
import styles from './DatePicker.module.css';

interface Props {
  label: string;
  value: string;
  /** The message under the picker: the shared schema's for the chosen date, or the server's. */
  error?: string;
  onChange: (date: string) => void;
}

/**
 * The checker's date input: today (UTC) up to the booking window's end. Disabled in the server HTML and until
 * hydrated, so its `min` is never a build-time "today".
 */
export default function DatePicker({ label, value, error, onChange }: Props) {
  const today = useHydrated() ? todayUtc() : undefined;
  return (
    <Field id="availability-date" label={label} error={error} className={styles.dateField}>
      {(control) => (
        <input
          {...control}
          type="date"
          min={today}
          max={today && addDaysUtc(today, BOOKING_WINDOW_DAYS)}
          value={value}
          disabled={!today}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}
