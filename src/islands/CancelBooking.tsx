import { useEffect, useRef, useState } from 'react';
import * as v from 'valibot';
import type { CancelBookingCopy } from '../content.config';
import { ApiError } from '../lib/api';
import { cancelBooking, cancelTokenFrom, lookUpCancellation, texasWindow, withoutCancelToken } from '../lib/cancel-link';
import { mailtoHref } from '../lib/mailto';
import { telHref } from '../lib/phone';
import { fillTemplate } from '../lib/template';
import { useHydrated } from '../lib/use-hydrated';
import { parseApiError } from '../schemas/api-error';
import { CancelRequestSchema, CancelTokenSchema, type CancelBookingView } from '../schemas/cancel';
import BookingDetails from './cancel/BookingDetails';
import formStyles from './form/form.module.css';
import { useApiForm } from './form/use-api-form';
import styles from './CancelBooking.module.css';

interface Props {
  /** The island's copy (src/content/cancel.json, `booking`). */
  copy: CancelBookingCopy;
  /** The business's phone number and e-mail (settings.json), offered whenever the link cannot be used. */
  phone: string;
  email: string;
}

type View =
  | { step: 'loading' | 'loadFailed' }
  | { step: 'ready' | 'cancelled'; booking: CancelBookingView }
  | { step: 'refused'; code: string; message: string };

/** The API's answers that mean "this link cannot cancel anything" rather than "try again". */
const REFUSAL_STATUSES = new Set([400, 404, 409, 410]);

function refusal(error: unknown): View | undefined {
  if (!(error instanceof ApiError) || !REFUSAL_STATUSES.has(error.status)) return undefined;
  const parsed = parseApiError(error.body);
  // A 400 names the token field: its message says what is wrong with the link, the general one speaks of fields.
  if (error.status === 400) return { step: 'refused', code: 'invalid', message: parsed?.fields?.token ?? '' };
  return { step: 'refused', code: parsed?.code ?? 'unknown', message: parsed?.message ?? '' };
}

/**
 * The cancel page's island: takes the token from the link (and out of the address bar), shows the booking in Texas
 * time with a "Cancel my booking" button, then the confirmation; a link that cannot be used gets its reason and the
 * business's phone and e-mail.
 */
export default function CancelBooking({ copy, phone, email }: Props) {
  const hydrated = useHydrated();
  const [view, setView] = useState<View>({ step: 'loading' });
  const token = useRef<string>(undefined);
  const heading = useRef<HTMLHeadingElement>(null);
  const acted = useRef(false);

  const lookUp = (value: string) => {
    setView({ step: 'loading' });
    lookUpCancellation(value).then(
      ({ booking }) => setView({ step: 'ready', booking }),
      (error: unknown) => setView(refusal(error) ?? { step: 'loadFailed' }),
    );
  };

  useEffect(() => {
    if (token.current !== undefined) return;
    const url = new URL(window.location.href);
    const found = v.safeParse(CancelTokenSchema, cancelTokenFrom(url));
    // The token is a key to the booking: it should not linger in the address bar, history or a shared screenshot.
    window.history.replaceState(window.history.state, '', withoutCancelToken(url));
    token.current = found.success ? found.output : '';
    if (found.success) lookUp(found.output);
    else setView({ step: 'refused', code: 'invalid', message: copy.missing });
  }, []);

  const form = useApiForm({
    schema: CancelRequestSchema,
    read: () => ({ token: token.current }),
    send: cancelBooking,
    failure: copy.failure,
    failureToast: false,
    onSuccess: ({ booking }) => {
      acted.current = true;
      setView({ step: 'cancelled', booking });
    },
    onFailure: (error) => {
      acted.current = true;
      const refused = refusal(error);
      if (refused) setView(refused);
    },
  });

  // After the visitor's own action the new state's heading takes focus, so it is read out.
  useEffect(() => {
    if (acted.current && (view.step === 'cancelled' || view.step === 'refused')) heading.current?.focus();
  }, [view.step]);

  if (!hydrated) return null;
  const help = (
    <p className={styles.help}>
      {copy.help}{' '}
      <a className={styles.phone} href={telHref(phone)}>{phone}</a> · <a href={mailtoHref(email)}>{email}</a>
    </p>
  );

  switch (view.step) {
    case 'loading':
      return <p role="status" className={styles.status}>{copy.loading}</p>;
    case 'refused': {
      const headings = copy.refused.headings;
      const text = view.message || copy.refused.fallback;
      return (
        <div className={styles.notice}>
          <h2 ref={heading} tabIndex={-1}>{headings[view.code as keyof typeof headings] ?? headings.unknown}</h2>
          <p>{text}</p>
          {help}
        </div>
      );
    }
    case 'loadFailed':
      return (
        <div role="alert" className={styles.notice}>
          <p>{copy.loadFailed}</p>
          <button type="button" className="btn btn--secondary" onClick={() => token.current && lookUp(token.current)}>
            {copy.retry}
          </button>
          {help}
        </div>
      );
    case 'cancelled': {
      const when = texasWindow(view.booking);
      return (
        <div className={styles.done}>
          <h2 ref={heading} tabIndex={-1}>{copy.cancelled.heading}</h2>
          <p>{fillTemplate(copy.cancelled.text, { date: when.date, time: fillTemplate(copy.timeWindow, when) })}</p>
          <a className="btn btn--primary" href={copy.cancelled.link.href}>{copy.cancelled.link.label}</a>
        </div>
      );
    }
    case 'ready':
      return (
        <form noValidate aria-labelledby="cancel-booking-heading" aria-busy={form.pending} onSubmit={form.onSubmit}>
          <h2 id="cancel-booking-heading">{copy.heading}</h2>
          <BookingDetails copy={copy} booking={view.booking} />
          <p>{copy.question}</p>
          {form.failure && <p role="alert" className={styles.failure}>{form.failure}</p>}
          <button type="submit" className={`btn btn--primary ${formStyles.submit}`} disabled={form.pending}>
            {form.pending ? copy.pending : copy.submit}
          </button>
          <p className={styles.keep}>{copy.keep}</p>
        </form>
      );
  }
}
