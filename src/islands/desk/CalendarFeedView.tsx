import { useRef, useState } from 'react';
import type { DeskCopy } from '../../content-schemas/desk';
import { createCalendarFeed, fetchCalendarFeed, turnOffCalendarFeed } from '../../lib/desk-api';
import { formatTexasMoment } from '@shared/texas-time';
import { fillTemplate } from '@shared/template';
import { showToast } from '../../stores/toasts';
import ConfirmDialog from './ConfirmDialog';
import LoadState from './LoadState';
import CalendarHowTo from './CalendarHowTo';
import styles from './calendar.module.css';
import desk from './desk.module.css';
import { useLoad } from './use-load';

interface Props {
  copy: DeskCopy;
  onError: (error: unknown) => void;
}

/**
 * The owner's calendar feed: create a private subscription link, copy it (shown once: only its hash is stored),
 * rotate it or turn it off, and how to add it in Google Calendar and Apple Calendar.
 */
export default function CalendarFeedView({ copy, onError }: Props) {
  const text = copy.calendar;
  const state = useLoad(fetchCalendarFeed, 'calendar', onError);
  const [url, setUrl] = useState<string>();
  const [asked, setAsked] = useState<'rotate' | 'off'>();
  const [pending, setPending] = useState(false);
  const [selectedOnly, setSelectedOnly] = useState(false);
  const field = useRef<HTMLInputElement>(null);

  const run = async (action: () => Promise<void>) => {
    setPending(true);
    try {
      await action();
    } catch (error) {
      onError(error);
    } finally {
      setPending(false);
      setAsked(undefined);
    }
  };
  const create = (toast?: DeskCopy['calendar']['rotated']) =>
    run(async () => {
      setUrl(await createCalendarFeed());
      setSelectedOnly(false);
      state.setData(() => ({ active: true, createdAt: new Date().toISOString() }));
      if (toast) showToast(toast);
    });
  const turnOff = () =>
    run(async () => {
      await turnOffCalendarFeed();
      setUrl(undefined);
      state.setData(() => ({ active: false }));
      showToast(text.turnedOff);
    });
  const copyUrl = async () => {
    try {
      await navigator.clipboard.writeText(url!);
      showToast(text.copied);
    } catch {
      // No clipboard (plain HTTP, a refused permission): select the text so Ctrl+C copies it.
      field.current?.focus();
      field.current?.select();
      setSelectedOnly(true);
    }
  };

  const feed = state.data;
  return (
    <>
      <p className={desk.lead}>{text.lead}</p>
      {!feed ? (
        <LoadState copy={copy} failed={state.failed} onRetry={state.reload} />
      ) : (
        <div className={styles.panel}>
          {url ? (
            <div className={styles.link}>
              <label htmlFor="calendar-feed-url">{text.urlLabel}</label>
              <div className={styles.row}>
                <input
                  id="calendar-feed-url"
                  ref={field}
                  className={desk.input}
                  readOnly
                  value={url}
                  aria-describedby="calendar-feed-once"
                  onFocus={(event) => event.currentTarget.select()}
                />
                <button type="button" className="btn btn--primary" onClick={copyUrl}>
                  {text.copy}
                </button>
              </div>
              <p id="calendar-feed-once" className={desk.meta}>
                {selectedOnly ? text.copySelected : text.shownOnce}
              </p>
            </div>
          ) : (
            <p className={desk.meta} role="status">
              {feed.active ? fillTemplate(text.activeSince, { date: formatTexasMoment(feed.createdAt) }) : text.off}
            </p>
          )}
          <div className={styles.actions}>
            {feed.active ? (
              <>
                <button type="button" className="btn btn--secondary" onClick={() => setAsked('rotate')} disabled={pending}>
                  {text.rotate}
                </button>
                <button type="button" className="btn btn--secondary" onClick={() => setAsked('off')} disabled={pending}>
                  {text.turnOff}
                </button>
              </>
            ) : (
              <button type="button" className="btn btn--primary" onClick={() => create()} disabled={pending} aria-busy={pending}>
                {pending ? text.creating : text.create}
              </button>
            )}
          </div>
        </div>
      )}
      <CalendarHowTo copy={text} />
      {asked && (
        <ConfirmDialog
          title={(asked === 'rotate' ? text.rotateConfirm : text.turnOffConfirm).title}
          confirmLabel={(asked === 'rotate' ? text.rotateConfirm : text.turnOffConfirm).confirm}
          cancelLabel={(asked === 'rotate' ? text.rotateConfirm : text.turnOffConfirm).keep}
          pending={pending}
          onConfirm={() => (asked === 'rotate' ? create(text.rotated) : turnOff())}
          onClose={() => setAsked(undefined)}
        >
          {(asked === 'rotate' ? text.rotateConfirm : text.turnOffConfirm).text}
        </ConfirmDialog>
      )}
    </>
  );
}
