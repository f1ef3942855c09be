import type { CancelBookingCopy } from '../../content-schemas/cancel';
import { texasWindow } from '../../lib/cancel-link';
import { fillTemplate } from '@shared/template';
import { optionLabel } from '@shared/time-slots';
import { BOOKING_EVENT_TYPES } from '@shared/schemas/booking';
import type { CancelBookingView } from '@shared/schemas/cancel';
import styles from './BookingDetails.module.css';

/** The booking a cancel link leads to: its day and slot window in Texas time, the event and the name on it. */
export default function BookingDetails({ copy, booking }: { copy: CancelBookingCopy; booking: CancelBookingView }) {
  const when = texasWindow(booking);
  const eventType = optionLabel(BOOKING_EVENT_TYPES, booking.eventType);
  const rows: Array<[string, string]> = [
    [copy.labels.date, when.date],
    [copy.labels.time, fillTemplate(copy.timeWindow, when)],
    [copy.labels.eventType, eventType],
    [copy.labels.name, booking.clientName],
  ];
  return (
    <dl className={styles.details}>
      {rows.map(([label, value]) => (
        <div key={label} className={styles.row}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
