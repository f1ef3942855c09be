import { useRef } from 'react';
import type { DeskCopy } from '../../content.config';
import { fetchBookings, isUnauthorized, liftBlock } from '../../lib/desk-api';
import { texasToday } from '../../lib/desk-time';
import { fillTemplate } from '../../lib/template';
import { formatLongDate, slotLabel } from '../../lib/time-slots';
import { addDaysUtc } from '../../schemas/dates';
import { MAX_BOOKING_RANGE_DAYS } from '../../schemas/owner';
import { showToast } from '../../stores/toasts';
import BlockForm from './BlockForm';
import LoadState from './LoadState';
import { byDateAndSlot } from './bookings-order';
import styles from './desk.module.css';
import { useLoad } from './use-load';

interface Props {
  copy: DeskCopy;
  onError: (error: unknown) => void;
}

/** Blocked dates: a form to block a day or a slot, and the blocks from today (Texas) on, each with "Lift". */
export default function BlocksView({ copy, onError }: Props) {
  const text = copy.blocks;
  const today = texasToday(new Date());
  const listHeading = useRef<HTMLHeadingElement>(null);
  const blocks = useLoad(
    async () => {
      const held = await fetchBookings(today, addDaysUtc(today, MAX_BOOKING_RANGE_DAYS - 1));
      return held.filter((hold) => hold.kind === 'block' && hold.state === 'held').sort(byDateAndSlot);
    },
    'blocks',
    onError,
  );

  const onBlocked = () => {
    showToast(text.blocked);
    blocks.reload();
    // The list is where the new blocks show: keyboard and screen reader users continue there.
    listHeading.current?.focus();
  };

  const lift = async (id: string) => {
    try {
      await liftBlock(id);
      blocks.setData((list) => list.filter((block) => block.id !== id));
      showToast(text.lifted);
      // The row and its button are gone: the list's heading takes the focus.
      listHeading.current?.focus();
    } catch (error) {
      onError(error);
      if (!isUnauthorized(error)) blocks.reload();
    }
  };

  return (
    <>
      <p className={styles.lead}>{text.lead}</p>
      <BlockForm copy={text} min={today} onBlocked={onBlocked} onFailure={(error) => isUnauthorized(error) && onError(error)} />
      <h3 ref={listHeading} tabIndex={-1} className={styles.listHeading}>
        {text.listHeading}
      </h3>
      {!blocks.data ? (
        <LoadState copy={copy} failed={blocks.failed} onRetry={blocks.reload} />
      ) : blocks.data.length === 0 ? (
        <p className={styles.empty}>{text.empty}</p>
      ) : (
        <ul className={styles.list}>
          {blocks.data.map((block) => (
            <li key={block.id} className={`${styles.item} ${styles.booking}`}>
              <div className={styles.when}>
                <span className={styles.name}>{formatLongDate(block.date)}</span>
                <span className={styles.meta}>{slotLabel(block.timeSlot)}</span>
              </div>
              <button
                type="button"
                className={`btn btn--secondary ${styles.rowAction}`}
                aria-label={fillTemplate(text.liftLabel, { slot: slotLabel(block.timeSlot), date: formatLongDate(block.date) })}
                onClick={() => lift(block.id)}
              >
                {text.lift}
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
