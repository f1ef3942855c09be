import type { ReactNode } from 'react';
import type { DeskCopy } from '../../content-schemas/desk';
import { fetchBookingDetails } from '../../lib/desk-api';
import { telHref } from '@shared/phone';
import { cocktailNames, formatBarTime, type EventDetails } from '@shared/schemas/event-details';
import { fillTemplate } from '@shared/template';
import { formatLongDate, formatTexasMoment } from '@shared/texas-time';
import LoadState from './LoadState';
import deskStyles from './desk.module.css';
import styles from './DetailsPanel.module.css';
import { useLoad } from './use-load';

interface Props {
  /** The desk's copy: its `details`, and the words of loading and retrying. */
  desk: DeskCopy;
  bookingId: string;
  onError: (error: unknown) => void;
}

/** Each field of the details as the panel lists it: its label and its value (null: not given). */
function rows(details: EventDetails, copy: DeskCopy['details']): [label: string, value: ReactNode | null][] {
  const { labels } = copy;
  const bar =
    details.barStart || details.barEnd
      ? fillTemplate(copy.bar, {
          start: details.barStart ? formatBarTime(details.barStart) : copy.notGiven,
          end: details.barEnd ? formatBarTime(details.barEnd) : copy.notGiven,
        })
      : null;
  return [
    [labels.guestCount, details.guestCount],
    [labels.adultGuests, details.adultGuests],
    [labels.bar, bar],
    [labels.cocktails, details.cocktails.length > 0 ? cocktailNames(details.cocktails).join(', ') : null],
    [labels.venueNotes, details.venueNotes && <span className={styles.notes}>{details.venueNotes}</span>],
    [labels.onSiteContact, details.onSiteContact && <bdi>{details.onSiteContact}</bdi>],
    [labels.onSitePhone, details.onSitePhone && <a href={telHref(details.onSitePhone)}><bdi>{details.onSitePhone}</bdi></a>],
  ];
}

/**
 * A signed booking's final details as the client last saved them: complete or not, when and by whom, the due day (and
 * whether the client may still change them online), then each field, or "not given".
 */
export default function DetailsPanel({ desk, bookingId, onError }: Props) {
  const copy = desk.details;
  const loaded = useLoad(() => fetchBookingDetails(bookingId), bookingId, onError);
  const details = loaded.data;
  const headingId = `details-${bookingId}`;
  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h3 id={headingId} className={deskStyles.messageHeading}>
        {copy.heading}
      </h3>
      {!details ? (
        <LoadState copy={desk} failed={loaded.failed} onRetry={loaded.reload} failedMessage={copy.loadFailed} small />
      ) : (
        <>
          <p className={styles.standing}>
            <span className={`${deskStyles.badge} ${details.complete ? styles.complete : styles.incomplete}`}>
              {details.complete ? copy.complete : copy.incomplete}
            </span>{' '}
            {fillTemplate(details.open ? copy.dueOpen : copy.dueClosed, { date: formatLongDate(details.dueOn) })}
          </p>
          <p className={deskStyles.meta}>
            {details.updatedAt
              ? fillTemplate(copy.saved, {
                  when: formatTexasMoment(details.updatedAt),
                  who: details.updatedBy === 'client' ? copy.client : (details.updatedBy ?? copy.client),
                })
              : copy.never}
          </p>
          <dl className={styles.fields}>
            {rows(details, copy).map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd className={value === null || value === '' ? styles.missing : undefined}>{value ?? copy.notGiven}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </section>
  );
}
