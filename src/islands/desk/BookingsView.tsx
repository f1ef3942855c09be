import { useLayoutEffect, useRef, useState } from 'react';
import { isSignedStage } from '@shared/schemas/booking';
import type { DeskCopy } from '../../content-schemas/desk';
import { cancelBooking, fetchBookings, isUnauthorized, sendBookingLink } from '../../lib/desk-api';
import { formatLongDate, texasToday } from '@shared/texas-time';
import { slotLabel } from '@shared/time-slots';
import { addDaysUtc } from '@shared/schemas/dates';
import { MAX_BOOKING_RANGE_DAYS, MAX_CANCEL_REASON_LENGTH, type OwnerBooking } from '@shared/schemas/owner/bookings';
import Field from '../form/Field';
import { showToast } from '../../stores/toasts';
import BookingRow from './BookingRow';
import ConfirmDialog from './ConfirmDialog';
import DetailsPanel from './DetailsPanel';
import LoadState from './LoadState';
import HoldMark from './HoldMark';
import MoneyMark from './payments/MoneyMark';
import MoveForm from './MoveForm';
import ProposalsPanel from './proposals/ProposalsPanel';
import { prefillFromBooking } from './proposals/proposal-draft';
import PhoneBookingForm from './PhoneBookingForm';
import Template from './Template';
import { byDateAndSlot } from './bookings-order';
import styles from './desk.module.css';
import { useLoad } from './use-load';

/** Which holds the view lists: from today on, or those of the past year (history, nothing to act on). */
type BookingRange = 'upcoming' | 'past';
const RANGES: readonly BookingRange[] = ['upcoming', 'past'];
/** How far back "Past" reaches, in days. */
const PAST_DAYS = 365;

interface Props {
  copy: DeskCopy;
  onError: (error: unknown) => void;
}

/**
 * Every reservation from today (Texas) on, soonest first, where a held one can be cancelled; or, switched to "Past",
 * those of the last 12 months, most recent first, as history. Blocks are listed (one row per block) and lifted in the
 * Blocked dates view, not here row by row.
 */
export default function BookingsView({ copy, onError }: Props) {
  const text = copy.bookings;
  const [asked, setAsked] = useState<OwnerBooking>();
  const [reason, setReason] = useState('');
  const [pending, setPending] = useState(false);
  const [hideReleased, setHideReleased] = useState(false);
  // A row cancelled here stays in view (and takes the focus) even while released ones are hidden, until the next load.
  const [cancelledHere, setCancelledHere] = useState<ReadonlySet<string>>(new Set());
  // After a cancel, the row (now cancelled) takes the focus its removed "Cancel" button had, in the same commit.
  const focusAfterCommit = useRef<string>(undefined);
  useLayoutEffect(() => {
    if (!focusAfterCommit.current) return;
    document.getElementById(focusAfterCommit.current)?.focus();
    focusAfterCommit.current = undefined;
  });
  const [range, setRange] = useState<BookingRange>('upcoming');
  const phone = copy.phoneBooking;
  const [adding, setAdding] = useState(false);
  const [moving, setMoving] = useState<string>();
  const [sending, setSending] = useState<string>();
  const [proposing, setProposing] = useState<string>();
  const [detailing, setDetailing] = useState<string>();
  // Only a 401 needs the desk: the forms show their own failure (toast or in place).
  const onFormFailure = (error: unknown) => isUnauthorized(error) && onError(error);
  const bookings = useLoad(
    async () => {
      const today = texasToday(new Date());
      if (range === 'past') {
        const past = await fetchBookings(addDaysUtc(today, -PAST_DAYS), addDaysUtc(today, -1));
        return past.sort((a, b) => byDateAndSlot(b, a));
      }
      return (await fetchBookings(today, addDaysUtc(today, MAX_BOOKING_RANGE_DAYS - 1))).sort(byDateAndSlot);
    },
    range,
    onError,
  );

  const confirmCancel = async (booking: OwnerBooking) => {
    setPending(true);
    try {
      const cancelled = await cancelBooking(booking.id, reason);
      focusAfterCommit.current = `booking-${cancelled.id}`;
      setCancelledHere((ids) => new Set(ids).add(cancelled.id));
      bookings.setData((list) => list.map((row) => (row.id === cancelled.id ? cancelled : row)));
      showToast(text.cancelled);
      setAsked(undefined);
    } catch (error) {
      setAsked(undefined);
      onError(error);
      if (!isUnauthorized(error)) bookings.reload();
    } finally {
      setPending(false);
    }
  };

  /** A booking the owner made or moved: in the list at its place, and focused (its form is gone). */
  const changed = (booking: OwnerBooking, focus: boolean) => {
    bookings.setData((list) => [...list.filter((row) => row.id !== booking.id), booking].sort(byDateAndSlot));
    if (focus) focusAfterCommit.current = `booking-${booking.id}`;
  };
  const sendLink = async (booking: OwnerBooking) => {
    setSending(booking.id);
    try {
      await sendBookingLink(booking.id);
      showToast(phone.linkSent);
    } catch (error) {
      onError(error);
    } finally {
      setSending(undefined);
    }
  };
  const closeMove = (booking: OwnerBooking) => {
    setMoving(undefined);
    focusAfterCommit.current = `booking-${booking.id}`;
  };

  const ask = (booking: OwnerBooking) => {
    setReason('');
    setAsked(booking);
  };
  const shown = bookings.data?.filter(
    (row) => row.kind === 'reservation' && (!hideReleased || row.state === 'held' || cancelledHere.has(row.id)),
  );

  return (
    <>
      <div className={styles.toolbar}>
        <p className={styles.lead}>{range === 'upcoming' ? text.lead : text.past.lead}</p>
        <div role="group" aria-label={text.range.label} className={styles.segmented}>
          {RANGES.map((choice) => (
            <button
              key={choice}
              type="button"
              className={`btn ${choice === range ? 'btn--primary' : 'btn--secondary'}`}
              aria-pressed={choice === range}
              onClick={() => setRange(choice)}
            >
              {text.range[choice]}
            </button>
          ))}
        </div>
        {range === 'upcoming' && !adding && (
          <button id="new-booking" type="button" className="btn btn--primary" onClick={() => setAdding(true)}>
            {phone.newBooking}
          </button>
        )}
        <label className={styles.checkFilter}>
          <input type="checkbox" checked={hideReleased} onChange={(event) => {
              setHideReleased(event.currentTarget.checked);
              setCancelledHere(new Set());
            }} />{' '}
          {text.hideCancelled}
        </label>
      </div>
      {adding && range === 'upcoming' && (
        <PhoneBookingForm
          copy={phone}
          min={texasToday(new Date())}
          onBooked={(booking) => changed(booking, false)}
          onClose={() => {
            setAdding(false);
            focusAfterCommit.current = 'new-booking';
          }}
          onFailure={onFormFailure}
        />
      )}
      {!shown ? (
        <LoadState copy={copy} failed={bookings.failed} onRetry={bookings.reload} />
      ) : shown.length === 0 ? (
        <p className={styles.empty}>{range === 'upcoming' ? text.empty : text.past.empty}</p>
      ) : (
        <ul className={styles.list}>
          {shown.map((booking) => (
            <BookingRow
              key={booking.id}
              copy={text}
              booking={booking}
              onCancel={range === 'upcoming' ? ask : undefined}
              mark={
                booking.kind === 'reservation' && booking.state === 'held' ? (
                  <>
                    <HoldMark copy={copy.stageMarks} stage={booking.stage} tentativeUntil={booking.tentativeUntil} />
                    {booking.money && (
                      <>
                        {' '}
                        <MoneyMark copy={copy.payments} money={booking.money} />
                      </>
                    )}
                  </>
                ) : undefined
              }
              actions={
                <>
                  <button
                    type="button"
                    className="btn btn--secondary"
                    aria-expanded={proposing === booking.id}
                    aria-describedby={`booking-${booking.id}-when`}
                    onClick={() => setProposing(proposing === booking.id ? undefined : booking.id)}
                  >
                    {isSignedStage(booking.stage) ? copy.payments.open : copy.proposals.heading}
                  </button>
                  {isSignedStage(booking.stage) && (
                    <button
                      type="button"
                      className="btn btn--secondary"
                      aria-expanded={detailing === booking.id}
                      aria-describedby={`booking-${booking.id}-when`}
                      onClick={() => setDetailing(detailing === booking.id ? undefined : booking.id)}
                    >
                      {copy.details.open}
                    </button>
                  )}
                  <button
                    type="button"
                    className="btn btn--secondary"
                    aria-expanded={moving === booking.id}
                    aria-describedby={`booking-${booking.id}-when`}
                    onClick={() => setMoving(moving === booking.id ? undefined : booking.id)}
                  >
                    {phone.move}
                  </button>
                  <button
                    type="button"
                    className="btn btn--secondary"
                    disabled={sending === booking.id}
                    aria-describedby={`booking-${booking.id}-when`}
                    onClick={() => sendLink(booking)}
                  >
                    {phone.sendLink}
                  </button>
                </>
              }
            >
              {moving === booking.id && booking.state === 'held' && (
                <MoveForm
                  copy={phone}
                  booking={booking}
                  min={texasToday(new Date())}
                  onMoved={(moved) => {
                    setMoving(undefined);
                    changed(moved, true);
                  }}
                  onClose={() => closeMove(booking)}
                  onFailure={onFormFailure}
                />
              )}
              {proposing === booking.id && booking.state === 'held' && (
                <ProposalsPanel
                  bookingId={booking.id}
                  desk={copy}
                  clientName={booking.clientName ?? ''}
                  prefill={prefillFromBooking(booking)}
                  onError={onError}
                  onBalance={({ totalCents, paidCents, outstandingCents }) =>
                    bookings.setData((list) => list.map((row) => (row.id === booking.id ? { ...row, money: { totalCents, paidCents, outstandingCents } } : row)))
                  }
                />
              )}
              {detailing === booking.id && booking.state === 'held' && <DetailsPanel desk={copy} bookingId={booking.id} onError={onError} />}
            </BookingRow>
          ))}
        </ul>
      )}
      {asked && (
        <ConfirmDialog
          title={text.confirm.title}
          confirmLabel={text.confirm.confirm}
          cancelLabel={text.confirm.keep}
          pending={pending}
          onConfirm={() => confirmCancel(asked)}
          onClose={() => setAsked(undefined)}
          extra={
            <Field id="cancel-reason" label={text.confirm.reasonLabel}>
              {(control) => (
                <textarea
                  {...control}
                  name="reason"
                  rows={3}
                  maxLength={MAX_CANCEL_REASON_LENGTH}
                  value={reason}
                  disabled={pending}
                  onChange={(event) => setReason(event.currentTarget.value)}
                />
              )}
            </Field>
          }
        >
          <Template
            text={text.confirm.text}
            values={{ name: <bdi>{asked.clientName}</bdi>, slot: slotLabel(asked.timeSlot), date: formatLongDate(asked.date) }}
          />{' '}
          <Template text={text.confirm.mailed} values={{ name: <bdi>{asked.clientName}</bdi>, email: <bdi>{asked.clientEmail}</bdi> }} />
        </ConfirmDialog>
      )}
    </>
  );
}
