import type { DeskCopy } from '../../content.config';
import { mailtoHref } from '../../lib/mailto';
import { telHref } from '../../lib/phone';
import { fillTemplate } from '../../lib/template';
import { optionLabel, slotLabel } from '../../lib/time-slots';
import { BOOKING_EVENT_TYPES } from '../../schemas/booking';
import type { AgendaEntry as Entry } from './agenda-days';
import styles from './desk.module.css';

/** One line of a day on the agenda: a reservation with the client's details, or a block with its note. */
export default function AgendaEntry({ copy, entry }: { copy: DeskCopy['agenda']; entry: Entry }) {
  if (entry.kind === 'block') {
    return (
      <li className={`${styles.item} ${styles.agendaItem} ${styles.agendaBlock}`}>
        <span className={styles.agendaSlot}>{entry.slots.map(slotLabel).join(', ')}</span>
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
