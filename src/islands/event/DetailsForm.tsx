import { useState, type ReactNode } from 'react';
import type { CancelBookingCopy } from '../../content-schemas/cancel';
import type { PlannerSetup } from '../../lib/bar-planner';
import { telHref } from '@shared/phone';
import type { TimeSlotKey } from '@shared/schemas/booking';
import { DETAILS_CLOSED_MESSAGE, formatBarTime, type EventDetails } from '@shared/schemas/event-details';
import { fillTemplate } from '@shared/template';
import { formatLongDate } from '@shared/texas-time';
import { SLOT_HOURS } from '@shared/time-slots';
import type { Refusal } from '../cancel/refusal';
import ChoiceGroup from '../form/ChoiceGroup';
import Field, { hintId } from '../form/Field';
import fieldStyles from '../form/Field.module.css';
import partStyles from './Part.module.css';
import ShoppingList from './ShoppingList';
import styles from './DetailsForm.module.css';
import { useDetailsSave, type DetailsValues, type SaveStatus } from './use-details-save';

interface Props {
  copy: CancelBookingCopy['details'];
  details: EventDetails;
  booking: { timeSlot: TimeSlotKey };
  token: string;
  /** The business's phone: after the due day, the one way to change the details. */
  phone: string;
  planner: PlannerSetup;
  onRefused: (refusal: Refusal) => void;
}

/** "HH:00" of a slot's hour (23 → "23:00"). */
const clock = (hour: number) => `${String(hour % 24).padStart(2, '0')}:00`;

/** The sentence of whom to call, its phone number a link. */
function withPhoneLink(sentence: string, phone: string): ReactNode {
  const [before, ...after] = sentence.split(phone);
  if (after.length === 0) return sentence;
  return (
    <>
      {before}
      <a href={telHref(phone)}>{phone}</a>
      {after.join(phone)}
    </>
  );
}

/** The live status line: saving, saved at the browser's clock time, refused fields, a failure. */
function statusText(status: SaveStatus, copy: Props['copy']['status']): string {
  switch (status.kind) {
    case 'idle':
      return '';
    case 'saving':
      return copy.saving;
    case 'saved':
      return fillTemplate(copy.saved, { time: new Date(status.at).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' }) });
    case 'invalid':
      return copy.invalid;
    case 'failed':
      return status.message ?? copy.failed;
  }
}

/**
 * The client's final details (once the contract is signed): the guests and the adults who drink, the bar's hours
 * within the booked slot, the cocktails from the menu with the shopping list they make, the venue's access, power and
 * parking, and the contact on site. Saved as the client types (useDetailsSave), with a polite status line; after the
 * due day every field is read only and the sentence says whom to call.
 */
export default function DetailsForm({ copy, details, booking, token, phone, planner, onRefused }: Props) {
  const [closedMessage, setClosedMessage] = useState<string>();
  const [complete, setComplete] = useState(details.complete);
  const form = useDetailsSave({
    token,
    slot: booking.timeSlot,
    details,
    onSaved: (saved) => setComplete(saved.complete),
    onClosed: setClosedMessage,
    onRefused,
  });
  const { values, errors, status } = form;
  const closed = !details.open || closedMessage !== undefined;
  const hours = SLOT_HOURS[booking.timeSlot];
  const range = { min: clock(hours.start), max: clock(hours.end) };
  const due = formatLongDate(details.dueOn);
  // The API's own sentence: as the server answered it once the details closed while the page was open, else filled here.
  const sentence = closedMessage ?? fillTemplate(DETAILS_CLOSED_MESSAGE, { dueOn: due, phone });

  const text = (name: Exclude<keyof DetailsValues, 'cocktails'>) => ({
    name,
    value: values[name],
    disabled: closed,
    onChange: (event: { currentTarget: { value: string } }) => form.change({ [name]: event.currentTarget.value }),
  });
  const toggle = (id: string, on: boolean) =>
    form.change({ cocktails: on ? [...values.cocktails, id] : values.cocktails.filter((chosen) => chosen !== id) });
  const barHint = fillTemplate(copy.hints.barHours, { start: formatBarTime(range.min), end: formatBarTime(range.max) });

  return (
    <section className={partStyles.part} aria-labelledby="details-heading">
      <h3 id="details-heading">{copy.heading}</h3>
      {closed ? (
        <p className={styles.closed}>{withPhoneLink(sentence, phone)}</p>
      ) : (
        <>
          <p className={styles.lead}>{copy.lead}</p>
          <p className={styles.due}>{fillTemplate(copy.due, { date: due })}</p>
        </>
      )}
      {complete && <p className={styles.complete}>{copy.complete}</p>}
      <form
        noValidate
        aria-labelledby="details-heading"
        className={styles.form}
        onBlur={form.blur}
        onSubmit={(event) => {
          event.preventDefault();
          form.save();
        }}
      >
        <Field id="details-guestCount" label={copy.labels.guestCount} error={errors.guestCount}>
          {(control) => (
            <input {...control} {...text('guestCount')} className={`${control.className} ${styles.count}`} type="number" inputMode="numeric" min={1} step={1} />
          )}
        </Field>
        <Field id="details-adultGuests" label={copy.labels.adultGuests} hint={copy.hints.adultGuests} error={errors.adultGuests}>
          {(control) => (
            <input {...control} {...text('adultGuests')} className={`${control.className} ${styles.count}`} type="number" inputMode="numeric" min={0} step={1} />
          )}
        </Field>
        <p id={hintId('details-bar')} className={`${fieldStyles.hint} ${styles.barHint}`}>{barHint}</p>
        <div className={styles.pair}>
          {(['barStart', 'barEnd'] as const).map((name) => (
            <Field key={name} id={`details-${name}`} label={copy.labels[name]} error={errors[name]}>
              {(control) => (
                <input
                  {...control}
                  {...text(name)}
                  aria-describedby={[hintId('details-bar'), control['aria-describedby']].filter(Boolean).join(' ')}
                  type="time"
                  min={range.min}
                  max={range.max}
                />
              )}
            </Field>
          ))}
        </div>
        <ChoiceGroup id="details-cocktails" legend={copy.labels.cocktails} error={errors.cocktails}>
          <div className={styles.cocktails}>
            {planner.cocktails.map((cocktail) => (
              <div key={cocktail.id} className={fieldStyles.choice}>
                <input
                  type="checkbox"
                  id={`details-cocktail-${cocktail.id}`}
                  name="cocktails"
                  value={cocktail.id}
                  checked={values.cocktails.includes(cocktail.id)}
                  disabled={closed}
                  onChange={(event) => toggle(cocktail.id, event.currentTarget.checked)}
                />
                <label htmlFor={`details-cocktail-${cocktail.id}`}>{cocktail.name}</label>
              </div>
            ))}
          </div>
        </ChoiceGroup>
        <ShoppingList
          copy={copy.shopping}
          planner={planner}
          phone={phone}
          adults={values.adultGuests}
          barStart={values.barStart}
          barEnd={values.barEnd}
          cocktails={values.cocktails}
        />
        <Field id="details-venueNotes" label={copy.labels.venueNotes} hint={copy.hints.venueNotes} error={errors.venueNotes}>
          {(control) => <textarea {...control} {...text('venueNotes')} rows={4} />}
        </Field>
        <div className={styles.pair}>
          <Field id="details-onSiteContact" label={copy.labels.onSiteContact} error={errors.onSiteContact}>
            {(control) => <input {...control} {...text('onSiteContact')} type="text" autoComplete="off" />}
          </Field>
          <Field id="details-onSitePhone" label={copy.labels.onSitePhone} error={errors.onSitePhone}>
            {(control) => <input {...control} {...text('onSitePhone')} type="tel" autoComplete="off" />}
          </Field>
        </div>
        {!closed && (
          <div className={styles.status}>
            <p role="status">{statusText(status, copy.status)}</p>
            {status.kind === 'failed' && (
              <button type="button" className="btn btn--secondary" onClick={form.save}>
                {copy.status.retry}
              </button>
            )}
          </div>
        )}
      </form>
    </section>
  );
}
