import { useRef } from 'react';
import type { DeskCopy } from '../../content-schemas/desk';
import { fetchBlocks, isUnauthorized, liftBlock } from '../../lib/desk-api';
import { formatLongDate, texasToday } from '@shared/texas-time';
import { fillTemplate } from '@shared/template';
import { slotLabel } from '@shared/time-slots';
import { TIME_SLOT_KEYS } from '@shared/schemas/booking';
import type { OwnerBlock } from '@shared/schemas/owner/blocks';
import { showToast } from '../../stores/toasts';
import BlockForm from './BlockForm';
import LoadState from './LoadState';
import styles from './desk.module.css';
import { useLoad } from './use-load';

interface Props {
  copy: DeskCopy;
  onError: (error: unknown) => void;
}

/** A block's days in words: one date, or "first to last". */
function blockDays(block: OwnerBlock, range: string): string {
  if (block.from === block.to) return formatLongDate(block.from);
  return fillTemplate(range, { from: formatLongDate(block.from), to: formatLongDate(block.to) });
}

/** A block's slots in words: "Whole day" when it holds every slot of its days. */
function blockSlots(block: OwnerBlock, wholeDay: string): string {
  return block.timeSlots.length === TIME_SLOT_KEYS.length ? wholeDay : block.timeSlots.map(slotLabel).join(', ');
}

/** Blocked dates: a form to block days or a slot, and the blocks from today (Texas) on, one row each with "Lift". */
export default function BlocksView({ copy, onError }: Props) {
  const text = copy.blocks;
  const today = texasToday(new Date());
  const listHeading = useRef<HTMLHeadingElement>(null);
  const blocks = useLoad(fetchBlocks, 'blocks', onError);

  const onBlocked = () => {
    showToast(text.blocked);
    blocks.reload();
    // The list is where the new block shows: keyboard and screen reader users continue there.
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
          {blocks.data.map((block) => {
            const days = blockDays(block, text.range);
            const slots = blockSlots(block, text.wholeDay);
            return (
              <li key={block.id} className={`${styles.item} ${styles.booking}`} data-block={block.id}>
                <div className={styles.when}>
                  <span className={styles.name}>{days}</span>
                  <span className={styles.meta}>{slots}</span>
                  {block.note && (
                    <span className={styles.meta}>
                      <bdi>{block.note}</bdi>
                    </span>
                  )}
                </div>
                <button
                  type="button"
                  className={`btn btn--secondary ${styles.rowAction}`}
                  aria-label={fillTemplate(text.liftLabel, { when: `${days}, ${slots}` })}
                  onClick={() => lift(block.id)}
                >
                  {text.lift}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
