import { useEffect, useRef, useState } from 'react';
import type { DeskCopy } from '../content-schemas/desk';
import { ApiError } from '../lib/api';
import { fetchSession, isUnauthorized, signOut } from '../lib/desk-api';
import type { OwnerSession } from '@shared/schemas/owner/session';
import { useHydrated } from '../lib/use-hydrated';
import { showToast } from '../stores/toasts';
import AgendaView from './desk/AgendaView';
import BlocksView from './desk/BlocksView';
import BookingsView from './desk/BookingsView';
import CalendarFeedView from './desk/CalendarFeedView';
import DeskNav, { DESK_VIEWS, viewFromHash, viewHeading, type DeskView } from './desk/DeskNav';
import InquiriesView from './desk/InquiriesView';
import MailView from './desk/MailView';
import SignInForm from './desk/SignInForm';
import styles from './desk/desk.module.css';

interface Props {
  /** The desk's copy (content/desk.json). */
  copy: DeskCopy;
}

/** Who is signed in (and the failed sign-ins since their last visit): unknown while the session is checked, null when signed out. */
type Owner = OwnerSession | null | undefined;

/**
 * The owner's desk at /admin: the sign-in form, then "Today & upcoming" (first), the inquiries, bookings,
 * blocked-dates and e-mail views with "Sign out".
 * A 401 from any call (the session expired or was revoked) returns to the sign-in form.
 */
export default function OwnerDesk({ copy }: Props) {
  const hydrated = useHydrated();
  const [owner, setOwner] = useState<Owner>(undefined);
  const [expired, setExpired] = useState(false);
  const [view, setView] = useState<DeskView>(DESK_VIEWS[0]);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    let live = true;
    fetchSession().then(
      (session) => live && setOwner(session),
      () => live && setOwner(null),
    );
    const follow = () => setView(viewFromHash(window.location.hash));
    follow();
    window.addEventListener('hashchange', follow);
    return () => {
      live = false;
      window.removeEventListener('hashchange', follow);
    };
  }, []);

  // Each change of who is signed in moves focus to the new screen's heading, so keyboard users start from the top.
  const first = useRef(true);
  useEffect(() => {
    if (owner === undefined) return;
    if (first.current) first.current = false;
    else heading.current?.focus();
  }, [owner]);

  /** Back to the sign-in form after any call answered 401. */
  const onUnauthorized = () => {
    setExpired(true);
    setOwner(null);
  };
  /** A failed call's fallout: a 401 signs out; anything else shows the failure toast (the server's message if any). */
  const onError = (error: unknown) => {
    if (isUnauthorized(error)) return onUnauthorized();
    const message = (error instanceof ApiError && error.serverMessage) || copy.actionFailed.fallback;
    showToast({ title: copy.actionFailed.title, description: message, variant: 'destructive' });
  };

  const onSignOut = async () => {
    try {
      await signOut();
    } catch (error) {
      if (!isUnauthorized(error)) return onError(error);
    }
    setExpired(false);
    setOwner(null);
    showToast(copy.signedOut);
  };

  if (!hydrated || owner === undefined) {
    return <p className={styles.status}>{hydrated ? copy.checking : null}</p>;
  }
  if (owner === null) {
    return (
      <SignInForm
        copy={copy.signIn}
        notice={expired ? copy.expired : undefined}
        headingRef={heading}
        onSignedIn={(session) => {
          setExpired(false);
          setOwner(session);
        }}
      />
    );
  }
  const shared = { copy, onError };
  return (
    <div className={styles.desk}>
      <DeskNav copy={copy} view={view} username={owner.user.username} onSignOut={onSignOut} />
      {owner.failedSignIns > 0 && (
        <p className={styles.notice} role="status">
          {owner.failedSignIns === 1
            ? copy.failedSignIns.one
            : copy.failedSignIns.other.replace('{count}', owner.failedSignIns.toLocaleString('en-US'))}
        </p>
      )}
      <section className={styles.view} aria-labelledby="desk-view-heading">
        <h2 id="desk-view-heading" ref={heading} tabIndex={-1} className={styles.viewHeading}>
          {viewHeading(copy, view)}
        </h2>
        {view === 'today' && <AgendaView {...shared} />}
        {view === 'inquiries' && <InquiriesView {...shared} />}
        {view === 'bookings' && <BookingsView {...shared} />}
        {view === 'blocks' && <BlocksView {...shared} />}
        {view === 'mail' && <MailView {...shared} />}
        {view === 'calendar' && <CalendarFeedView {...shared} />}
      </section>
    </div>
  );
}
