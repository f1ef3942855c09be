import type { Ref } from 'react';
import type { ConfirmationCopy } from '../../content-schemas/forms';
import { googleCalendarUrl, outlookCalendarUrl, type CalendarWords } from '@shared/calendar-links';
import { CHECK_ICON } from '../../lib/icons';
import { fillTemplate } from '@shared/template';
import { BUSINESS_TIME_ZONE, formatLongDate } from '@shared/texas-time';
import { formatTimeWindow, optionLabel, slotWindow } from '@shared/time-slots';
import { BOOKING_EVENT_TYPES, type BookingOutput } from '@shared/schemas/booking';
import styles from './ConfirmationPanel.module.css';

/**
 * The business's name and contacts (content/settings.json) and the calendar event's words (the mails' own,
 * content/emails.json): the panel's calendar links say what the confirmation mail's say.
 */
export type BusinessContact = { brandName: string; phone: string; email: string; calendar: CalendarWords };

/** What the panel shows of a booking just made: the values the client submitted. */
export type BookedSlot = Pick<BookingOutput, 'date' | 'timeSlot' | 'clientEmail' | 'eventType'>;

interface Props {
  copy: ConfirmationCopy;
  business: BusinessContact;
  booked: BookedSlot;
  /** The panel's heading, the focus target once the booking is made. */
  headingRef: Ref<HTMLHeadingElement>;
  /** Closes the panel; the picker under it keeps its date. */
  onBookAnother: () => void;
}

// A no-break space keeps "6 PM" together when the line wraps.
const hourFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', timeZone: BUSINESS_TIME_ZONE });
const hour = (instant: Date) => hourFormat.format(instant).replace(/\s/g, '\u00a0');

/** The placeholders the panel's templates share: the long date, the slot's name and its hours in Texas time. */
export function bookedValues(copy: ConfirmationCopy, booked: BookedSlot): Record<string, string> {
  const window = slotWindow(booked.date, booked.timeSlot);
  return {
    date: formatLongDate(booked.date),
    slot: copy.slotNames[booked.timeSlot],
    start: hour(window.start),
    end: hour(window.end),
  };
}

/** Shown above the picker after a booking: when, the mail on its way, calendar links, book again. */
export default function ConfirmationPanel({ copy, business, booked, headingRef, onBookAnother }: Props) {
  const values = bookedValues(copy, booked);
  const eventValues = {
    brandName: business.brandName,
    businessPhone: business.phone,
    businessEmail: business.email,
    eventType: optionLabel(BOOKING_EVENT_TYPES, booked.eventType),
    timeWindow: formatTimeWindow(booked.date, booked.timeSlot),
    timeZoneName: business.calendar.timeZoneName,
  };
  const event = {
    title: fillTemplate(business.calendar.title, eventValues),
    description: fillTemplate(business.calendar.description, eventValues),
    window: slotWindow(booked.date, booked.timeSlot),
  };
  // The address is the client's own text: it goes in as a text node between the template's two halves.
  const [beforeEmail, afterEmail] = copy.emailed.split('{email}') as [string, string];
  const links = [
    { label: copy.googleLabel, href: googleCalendarUrl(event) },
    { label: copy.outlookLabel, href: outlookCalendarUrl(event) },
  ];
  return (
    <section className={`card ${styles.panel}`} aria-labelledby="confirmation-heading">
      <h3 id="confirmation-heading" ref={headingRef} tabIndex={-1} className={styles.heading}>
        <svg className={`icon ${styles.check}`} viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          <path d={CHECK_ICON} />
        </svg>
        {copy.heading}
      </h3>
      <p className={styles.when}>
        <span className={styles.date}>{values.date}</span> {fillTemplate(copy.when, values)}
      </p>
      <p className={styles.emailed}>
        {fillTemplate(beforeEmail, values)}
        <strong className={styles.address}>{booked.clientEmail}</strong>
        {fillTemplate(afterEmail, values)}
      </p>
      <h4 className={styles.calendarHeading}>{copy.calendarHeading}</h4>
      <ul className={styles.links} role="list">
        {links.map((link) => (
          <li key={link.label}>
            <a className="btn btn--secondary" href={link.href} target="_blank" rel="noopener noreferrer">
              {link.label} <span className="visually-hidden">{copy.newTab}</span>
            </a>
          </li>
        ))}
      </ul>
      <button type="button" className={`btn btn--primary ${styles.again}`} onClick={onBookAnother}>
        {copy.again}
      </button>
    </section>
  );
}
