import { useRef } from 'react';
import type { DeskCopy } from '../../content-schemas/desk';
import { fetchMailStatus, isUnauthorized, retryMail } from '../../lib/desk-api';
import { formatTexasMoment } from '@shared/texas-time';
import { fillTemplate } from '@shared/template';
import { showToast } from '../../stores/toasts';
import LoadState from './LoadState';
import styles from './desk.module.css';
import { useLoad } from './use-load';

interface Props {
  copy: DeskCopy;
  onError: (error: unknown) => void;
}

/** E-mail: the outbox's counts and the messages it gave up on, each with "Send again"; a warning when none can go out. */
export default function MailView({ copy, onError }: Props) {
  const text = copy.mail;
  const listHeading = useRef<HTMLHeadingElement>(null);
  const status = useLoad(fetchMailStatus, 'mail', onError);

  const retry = async (id: string) => {
    try {
      await retryMail(id);
      status.reload();
      showToast(text.retried);
      // The row and its button are gone: the list's heading takes the focus.
      listHeading.current?.focus();
    } catch (error) {
      onError(error);
      if (!isUnauthorized(error)) status.reload();
    }
  };

  const counts = status.data?.counts;
  return (
    <>
      <p className={styles.lead}>{text.lead}</p>
      {status.data?.smtpConfigured === false && (
        <p className={styles.notice} role="alert">
          {text.notSending}
        </p>
      )}
      {counts && (
        <p className={styles.meta} role="status">
          {fillTemplate(text.counts, {
            pending: String(counts.pending + counts.sending),
            sent: String(counts.sent),
            failed: String(counts.failed),
          })}
        </p>
      )}
      <h3 ref={listHeading} tabIndex={-1} className={styles.listHeading}>
        {text.listHeading}
      </h3>
      {!status.data ? (
        <LoadState copy={copy} failed={status.failed} onRetry={status.reload} />
      ) : status.data.failed.length === 0 ? (
        <p className={styles.empty}>{text.empty}</p>
      ) : (
        <ul className={styles.list}>
          {status.data.failed.map((message) => (
            <li key={message.id} className={`${styles.item} ${styles.mailItem}`}>
              <div className={styles.when}>
                <bdi className={styles.name}>{message.subject}</bdi>
                <span className={styles.meta}>
                  {fillTemplate(text.to, { to: message.to.join(', ') })} ·{' '}
                  {fillTemplate(text.written, { date: formatTexasMoment(message.createdAt) })}
                </span>
                <span className={styles.meta}>
                  {fillTemplate(text.tries, { attempts: String(message.attempts), error: message.lastError ?? text.noError })}
                </span>
              </div>
              {message.resendable ? (
                <button
                  type="button"
                  className={`btn btn--secondary ${styles.rowAction}`}
                  aria-label={fillTemplate(text.retryLabel, { subject: message.subject })}
                  onClick={() => retry(message.id)}
                >
                  {text.retry}
                </button>
              ) : (
                <p className={styles.meta}>{text.notResendable}</p>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
