import type { DeskCopy } from '../../content-schemas/desk';
import { mailtoHref } from '../../lib/mailto';
import { telHref } from '@shared/phone';
import { fillTemplate } from '@shared/template';
import { optionLabel, slotLabel } from '@shared/time-slots';
import { BOOKING_EVENT_TYPES, TIME_SLOT_KEYS } from '@shared/schemas/booking';
import type { AgendaEntry as Entry } from './agenda-days';
import HoldMark from './HoldMark';
import styles from './desk.module.css';

interface Props {
  copy: DeskCopy['agenda'];
  /** The words of a reservation's stage in the sale. */
  marks: DeskCopy['stageMarks'];
  /** What a block of every slot of a day is called (the block form's "Whole day"). */
  wholeDay: string;
  entry: Entry;
}

/** One line of a day on the agenda: a reservation with the client's details and its stage, or a block with its note. */
export default function AgendaEntry({ copy, marks, wholeDay, entry }: Props) {
  if (entry.kind === 'block') {
    const allDay = TIME_SLOT_KEYS.every((slot) => entry.slots.includes(slot));
    return (
      <li className={`${styles.item} ${styles.agendaItem} ${styles.agendaBlock}`}>
        <span className={styles.agendaSlot}>{allDay ? wholeDay : entry.slots.map(slotLabel).join(', ')}</span>
        <span className={`${styles.badge} ${styles.badge_block}`}>{copy.blocked}</span>
        {entry.block.note && <bdi className={styles.agendaNote}>{entry.block.note}</bdi>}
      </li>
    );
  }
  const { reservation } = entry;
  const facts = [
    optionLabel(BOOKING_EVENT_TYPES, reservation.eventType),
    reservation.guestCount === null ? null : fillTemplate(copy.guests, { count: reservation.guestCount.toLocaleString('en-US') }),
  ].filter((fact) => fact !== null);
  return (
    <li className={`${styles.item} ${styles.agendaItem}`}>
      <span className={styles.agendaSlot}>{slotLabel(reservation.timeSlot)}</span>
      <bdi className={styles.name}>{reservation.clientName}</bdi>
      <HoldMark copy={marks} stage={reservation.stage} tentativeUntil={reservation.tentativeUntil} />
      <span className={styles.meta}>
        {facts.join(' · ')}
        {reservation.eventLocation && (
          <>
            {' · '}
            <bdi>{reservation.eventLocation}</bdi>
          </>
        )}
      </span>
      <span className={styles.agendaContact}>
        {reservation.phone && (
          <a href={telHref(reservation.phone)}>
            <bdi>{reservation.phone}</bdi>
          </a>
        )}
        <a href={mailtoHref(reservation.clientEmail)}>
          <bdi>{reservation.clientEmail}</bdi>
        </a>
      </span>
    </li>
  );
}
