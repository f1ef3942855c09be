import type { ReactNode } from 'react';
import type { DeskCopy } from '../../content-schemas/desk';
import { formatLongDate, formatTexasMoment } from '@shared/texas-time';
import { mailtoHref } from '../../lib/mailto';
import { telHref } from '@shared/phone';
import { optionLabel, slotLabel } from '@shared/time-slots';
import { BOOKING_EVENT_TYPES } from '@shared/schemas/booking';
import type { OwnerBooking } from '@shared/schemas/owner/bookings';
import Template from './Template';
import styles from './desk.module.css';

interface Props {
  copy: DeskCopy['bookings'];
  booking: OwnerBooking;
  /** Asks to cancel this reservation (only offered while it holds its slot). */
  onCancel?: (booking: OwnerBooking) => void;
  /** The owner's other actions on a held reservation ("Move", "Send link again"), shown before "Cancel". */
  actions?: ReactNode;
  /** What opens inside the row under it (the move form, the proposals). */
  children?: ReactNode;
  /** Where a held reservation stands in the sale (HoldMark), beside its state. */
  mark?: ReactNode;
}

const eventTypeLabel = (value: string) => optionLabel(BOOKING_EVENT_TYPES, value);

/** "1 guest", "80 guests", "1,200 guests". */
function guestsText(copy: Props['copy']['guests'], count: number): string {
  return count === 1 ? copy.one : copy.other.replace('{count}', count.toLocaleString('en-US'));
}

/** One hold in the bookings list: date, slot, reservation or block and its state, the client; "Cancel" while held. */
export default function BookingRow({ copy, booking, onCancel, actions, children, mark }: Props) {
  const released = booking.state !== 'held';
  return (
    <li className={`${styles.item} ${styles.booking} ${released ? styles.released : ''}`} id={`booking-${booking.id}`} tabIndex={-1}>
      <div className={styles.when} id={`booking-${booking.id}-when`}>
        <span className={styles.name}>{formatLongDate(booking.date)}</span>
        <span className={styles.meta}>{slotLabel(booking.timeSlot)}</span>
      </div>
      <div className={styles.who}>
        <span className={`${styles.badge} ${styles[`badge_${booking.kind}`]}`}>{copy.kinds[booking.kind]}</span>{' '}
        <span className={`${styles.badge} ${styles[`badge_${booking.state}`]}`}>{copy.states[booking.state]}</span>{' '}
        {mark}
        {booking.kind === 'reservation' && (
          <span className={styles.client}>
            <bdi className={styles.name}>{booking.clientName}</bdi>
            {booking.clientEmail && (
              <a href={mailtoHref(booking.clientEmail)}>
                <bdi>{booking.clientEmail}</bdi>
              </a>
            )}
            {booking.eventType && <span className={styles.meta}>{eventTypeLabel(booking.eventType)}</span>}
            {booking.phone && (
              <a href={telHref(booking.phone)}>
                <bdi>{booking.phone}</bdi>
              </a>
            )}
            {booking.guestCount !== null && <span className={styles.meta}>{guestsText(copy.guests, booking.guestCount)}</span>}
            {booking.eventLocation && (
              <bdi className={styles.meta}>{booking.eventLocation}</bdi>
            )}
          </span>
        )}
        {booking.cancelledAt && (
          <span className={styles.meta}>
            <Template text={copy.cancelledOn} values={{ date: formatTexasMoment(booking.cancelledAt) }} />
          </span>
        )}
        {booking.kind === 'reservation' && booking.cancelledBy && (
          <span className={styles.meta}>
            {booking.cancelledBy === 'client' ? (
              copy.cancelledBy.client
            ) : (
              <Template text={copy.cancelledBy.owner} values={{ username: <bdi>{booking.cancelledBy}</bdi> }} />
            )}
          </span>
        )}
        {booking.cancelReason && (
          <span className={styles.meta}>
            <Template text={copy.reason} values={{ reason: <bdi>{booking.cancelReason}</bdi> }} />
          </span>
        )}
        {booking.confirmationHeld && <span className={styles.meta}>{copy.confirmationHeld}</span>}
        {booking.cancellationHeld && <span className={styles.meta}>{copy.cancellationHeld}</span>}
      </div>
      {onCancel && booking.kind === 'reservation' && !released && (
        <div className={`${styles.rowAction} ${styles.rowActions}`}>
          {actions}
          <button
            type="button"
            className="btn btn--secondary"
            onClick={() => onCancel(booking)}
            aria-describedby={`booking-${booking.id}-when`}
          >
            {copy.cancel}
          </button>
        </div>
      )}
      {children}
    </li>
  );
}
