import { useState } from 'react';
import type { DeskCopy } from '../../content.config';
import { formatTexasMoment } from '../../lib/desk-time';
import { telHref } from '../../lib/phone';
import { formatLongDate, optionLabel } from '../../lib/time-slots';
import { INQUIRY_EVENT_TYPES } from '../../schemas/inquiry';
import type { OwnerInquiry } from '../../schemas/owner';
import Template from './Template';
import styles from './desk.module.css';

interface Props {
  copy: DeskCopy['inquiries'];
  inquiry: OwnerInquiry;
}

const eventTypeLabel = (value: string) => optionLabel(INQUIRY_EVENT_TYPES, value);

/** One inquiry in the list: who, what and when; opens in place to show every detail and the whole message. */
export default function InquiryItem({ copy, inquiry }: Props) {
  const [open, setOpen] = useState(false);
  const detailsId = `inquiry-${inquiry.id}`;
  const name = `${inquiry.firstName} ${inquiry.lastName}`;
  return (
    <li className={styles.item}>
      <button type="button" className={styles.summary} aria-expanded={open} aria-controls={detailsId} onClick={() => setOpen(!open)}>
        <span className={styles.name}>
          <bdi>{name}</bdi>
        </span>
        <span className={styles.meta}>
          {eventTypeLabel(inquiry.eventType)} · {formatLongDate(inquiry.eventDate)}
        </span>
        <span className={styles.meta}>
          <Template text={copy.received} values={{ date: formatTexasMoment(inquiry.createdAt) }} />
        </span>
      </button>
      <div id={detailsId} hidden={!open} className={styles.details}>
        <dl className={styles.facts}>
          <dt>{copy.labels.email}</dt>
          <dd>
            <a href={`mailto:${inquiry.email}`}>
              <bdi>{inquiry.email}</bdi>
            </a>
          </dd>
          <dt>{copy.labels.phone}</dt>
          <dd>
            <a href={telHref(inquiry.phone)}>
              <bdi>{inquiry.phone}</bdi>
            </a>
          </dd>
          <dt>{copy.labels.eventType}</dt>
          <dd>{eventTypeLabel(inquiry.eventType)}</dd>
          <dt>{copy.labels.guestCount}</dt>
          <dd>
            <bdi>{inquiry.guestCount}</bdi>
          </dd>
          <dt>{copy.labels.eventDate}</dt>
          <dd>{formatLongDate(inquiry.eventDate)}</dd>
          <dt>{copy.labels.eventLocation}</dt>
          <dd>
            <bdi>{inquiry.eventLocation}</bdi>
          </dd>
        </dl>
        <h3 className={styles.messageHeading}>{copy.labels.message}</h3>
        {inquiry.message ? <p className={styles.message} dir="auto">{inquiry.message}</p> : <p className={styles.meta}>{copy.noMessage}</p>}
      </div>
    </li>
  );
}
