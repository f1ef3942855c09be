import type { Ref } from 'react';
import type { CheckerCopy } from '../../content-schemas/forms';
import { fillTemplate } from '@shared/template';
import { formatLongDate } from '@shared/texas-time';
import { slotLabel } from '@shared/time-slots';
import type { AvailabilityEntry } from '../../stores/availability';
import { FieldError, errorId } from '../form/Field';
import RetryAlert from '../form/RetryAlert';
import styles from './SlotList.module.css';

/** The slot choice's field id: its error message is `${SLOT_FIELD_ID}-error`. */
const SLOT_FIELD_ID = 'booking-timeSlot';

interface Props {
  copy: CheckerCopy;
  /** The chosen, bookable date, or '' before one is chosen. */
  date: string;
  entry: AvailabilityEntry | undefined;
  /** The picked slot key, or ''. */
  slot: string;
  /** Whether a date change (or a 409) just dropped the visitor's pick. */
  slotGone: boolean;
  /** The time slot's message, if any. */
  error?: string;
  onPick: (slot: string) => void;
  onRetry: () => void;
  headingRef: Ref<HTMLHeadingElement>;
}

/** A slot's label with its time range kept on one line: "Morning 9AM - 1PM" may wrap after "Morning", never inside the range. */
function SlotText({ label }: { label: string }) {
  const split = /^(.*?)\s*(\d.*)$/.exec(label);
  if (!split) return <span>{label}</span>;
  const [, name, range] = split;
  return (
    <span>
      {name && `${name} `}
      <span className={styles.range}>{range}</span>
    </span>
  );
}

/** The chosen date's slots: loading, none, a failed load with retry, or the slots as radio cards, with a live summary. */
export default function SlotList({ copy, date, entry, slot, slotGone, error, onPick, onRetry, headingRef }: Props) {
  const offered = entry?.status === 'ready' ? entry.slots : undefined;
  const longDate = date ? formatLongDate(date) : '';
  return (
    // Always rendered, so the live region inside exists before it has anything to say; out of the flow until a date is chosen.
    <div className={date ? styles.results : styles.resultsIdle}>
      {date && (
        <h3 id="slots-heading" ref={headingRef} className={styles.slotsHeading} tabIndex={-1}>
          {copy.slotsHeading}
        </h3>
      )}

      <div role="status" aria-live="polite">
        {entry?.status === 'loading' && (
          <p className={styles.loading}>
            <span className={styles.spinner} aria-hidden="true" />
            {copy.loading}
          </p>
        )}
        {offered?.length === 0 && (
          <div className={styles.empty}>
            <p className={styles.emptyTitle}>{copy.empty.title}</p>
            <p>{copy.empty.description}</p>
          </div>
        )}
        {offered !== undefined && offered.length > 0 && (
          <p className="visually-hidden">
            {fillTemplate(offered.length === 1 ? copy.slotCount.one : copy.slotCount.other, { count: offered.length, date: longDate })}
          </p>
        )}
        {slotGone && offered !== undefined && <p className={styles.notice}>{copy.slotGone}</p>}
      </div>

      {entry?.status === 'error' && (
        <RetryAlert className={styles.loadError} message={copy.loadFailed} retryLabel={copy.retry} onRetry={onRetry} />
      )}

      {offered !== undefined && offered.length > 0 && (
        <fieldset className={styles.fieldset} aria-describedby={error ? errorId(SLOT_FIELD_ID) : undefined}>
          <legend className={styles.legend}>{fillTemplate(copy.slotsLegend, { date: longDate })}</legend>
          <div className={styles.slots} aria-busy={entry?.status === 'ready' && entry.refreshing}>
            {offered.map((key) => (
              <label key={key} className={styles.slot}>
                <input type="radio" name="timeSlot" value={key} checked={slot === key} onChange={() => onPick(key)} />
                <SlotText label={slotLabel(key)} />
              </label>
            ))}
          </div>
          <FieldError fieldId={SLOT_FIELD_ID} message={error} />
        </fieldset>
      )}
    </div>
  );
}
