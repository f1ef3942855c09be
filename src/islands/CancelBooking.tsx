import { useEffect, useRef, useState } from 'react';
import * as v from 'valibot';
import type { CancelBookingCopy } from '../content-schemas/cancel';
import type { CheckerCopy } from '../content-schemas/forms';
import type { PlannerSetup } from '../lib/bar-planner';
import { cancelTokenFrom, withoutCancelToken } from '@shared/cancel-link';
import { forgetLinkToken, linkToken, tabStorage, texasWindow } from '../lib/cancel-link';
import { lookUpEvent } from '../lib/portal';
import { mailtoHref } from '../lib/mailto';
import { telHref } from '@shared/phone';
import { fillTemplate } from '@shared/template';
import { useHydrated } from '../lib/use-hydrated';
import { CancelTokenSchema, type CancelBookingView } from '@shared/schemas/cancel';
import MoveBooking from './cancel/MoveBooking';
import MovedStep from './cancel/MovedStep';
import ReadyStep from './cancel/ReadyStep';
import { useSale } from './event/use-sale';
import RetryAlert from './form/RetryAlert';
import { linkIsSpent, linkRefusal, type Refusal } from './cancel/refusal';
import styles from './CancelBooking.module.css';

interface Props {
  /** The island's copy (content/cancel.json, `booking`). */
  copy: CancelBookingCopy;
  /** The availability checker's copy (content/forms.json): the move uses the same date picker and slot list. */
  picker: CheckerCopy;
  /** The business's phone number and e-mail (settings.json), offered whenever the link cannot be used. */
  phone: string;
  email: string;
  /** The bar planner's rules, cocktails and ranges (the final details' shopping list). */
  planner: PlannerSetup;
}

type View =
  | { step: 'loading' | 'loadFailed' }
  | { step: 'ready' | 'moving' | 'moved' | 'cancelled'; booking: CancelBookingView }
  | ({ step: 'refused' } & Refusal);

/**
 * The client's event page (the change-or-cancel link's page): takes the token from the link (kept for this tab, so a
 * reload still works, and out of the address bar), shows where the booking stands, the booking in Texas time, its
 * proposal and contract to read and sign, the change policy, and lets the client move it to another free date and slot
 * (until signed, inside the policy's window and moves) or cancel it (inside its window); a link that cannot be used
 * gets its reason and the business's phone and e-mail.
 */
export default function CancelBooking({ copy, picker, phone, email, planner }: Props) {
  const hydrated = useHydrated();
  const [view, setView] = useState<View>({ step: 'loading' });
  const token = useRef<string>(undefined);
  const heading = useRef<HTMLHeadingElement>(null);
  const acted = useRef(false);
  const { sale, signedHeading, found, signed, moved } = useSale();

  /** Shows the next step; a cancelled booking or a spent link also forgets the token kept for a reload. */
  const show = (next: View, byVisitor = true) => {
    acted.current = byVisitor;
    if (next.step === 'cancelled' || (next.step === 'refused' && linkIsSpent(next))) forgetLinkToken(tabStorage());
    setView(next);
  };

  const lookUp = (value: string) => {
    setView({ step: 'loading' });
    lookUpEvent(value).then(
      ({ booking, ...rest }) => {
        found(rest);
        show({ step: 'ready', booking }, false);
      },
      (error: unknown) => {
        const refused = linkRefusal(error);
        show(refused ? { step: 'refused', ...refused } : { step: 'loadFailed' }, false);
      },
    );
  };

  useEffect(() => {
    const open = () => {
      const url = new URL(window.location.href);
      const found = v.safeParse(CancelTokenSchema, linkToken(url, tabStorage()));
      // The token is a key to the booking: it should not linger in the address bar, history or a shared screenshot.
      window.history.replaceState(window.history.state, '', withoutCancelToken(url));
      token.current = found.success ? found.output : '';
      if (found.success) lookUp(found.output);
      else show({ step: 'refused', code: 'invalid', message: copy.missing }, false);
    };
    if (token.current === undefined) open();
    // A link opened while this page is showing only changes the fragment: it is a new link, and wins.
    const opened = () => cancelTokenFrom(new URL(window.location.href)) !== undefined && open();
    window.addEventListener('hashchange', opened);
    return () => window.removeEventListener('hashchange', opened);
  }, []);

  // After the visitor's own action the new step's heading takes focus, so it is read out.
  useEffect(() => {
    if (acted.current && view.step !== 'loading' && view.step !== 'loadFailed') heading.current?.focus();
  }, [view.step]);

  if (!hydrated) return null;
  const help = (
    <p className={styles.help}>
      {copy.help}{' '}
      <a className={styles.phone} href={telHref(phone)}>{phone}</a> · <a href={mailtoHref(email)}>{email}</a>
    </p>
  );
  const refused = (refusal: Refusal) => show({ step: 'refused', ...refusal });

  switch (view.step) {
    case 'loading':
      return <p role="status" className={styles.status}>{copy.loading}</p>;
    case 'refused': {
      const headings = copy.refused.headings;
      return (
        <div className={styles.notice}>
          <h2 ref={heading} tabIndex={-1}>{headings[view.code as keyof typeof headings] ?? headings.unknown}</h2>
          <p>{view.message || copy.refused.fallback}</p>
          {help}
        </div>
      );
    }
    case 'loadFailed':
      return (
        <RetryAlert
          className={styles.notice}
          message={copy.loadFailed}
          retryLabel={copy.retry}
          onRetry={() => token.current && lookUp(token.current)}
        >
          {help}
        </RetryAlert>
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
    case 'moving': {
      const { booking } = view;
      return (
        <MoveBooking
          copy={copy}
          picker={picker}
          token={token.current ?? ''}
          headingRef={heading}
          onMoved={(booking) => {
            moved(booking);
            show({ step: 'moved', booking });
          }}
          onRefused={refused}
          onBack={() => show({ step: 'ready', booking })}
        />
      );
    }
    case 'moved':
      return <MovedStep copy={copy} booking={view.booking} headingRef={heading} onBack={() => show({ step: 'ready', booking: view.booking })} />;
    case 'ready':
      return (
        <ReadyStep
          copy={copy}
          booking={view.booking}
          {...sale}
          token={token.current ?? ''}
          phone={phone}
          planner={planner}
          headingRef={heading}
          signedRef={signedHeading}
          onMove={() => show({ step: 'moving', booking: view.booking })}
          onSigned={(proposal) => setView({ step: 'ready', booking: signed(proposal, view.booking) })}
          onCancelled={(booking) => show({ step: 'cancelled', booking })}
          onRefused={refused}
        />
      );
  }
}
