import type { DeskCopy } from '../../content-schemas/desk';
import RetryAlert from '../form/RetryAlert';
import styles from './desk.module.css';

interface Props {
  copy: DeskCopy;
  failed: boolean;
  onRetry: () => void;
  /** A panel's own words for a failed load (default: the view's). */
  failedMessage?: string;
  /** A panel inside a row says "Loading…" as its small print (default: the view's status line). */
  small?: boolean;
}

/** What a view or a row's panel shows while its data loads, or after loading failed (with "Try again"). */
export default function LoadState({ copy, failed, onRetry, failedMessage, small = false }: Props) {
  if (failed) {
    return <RetryAlert className={styles.error} message={failedMessage ?? copy.loadFailed} retryLabel={copy.retry} onRetry={onRetry} />;
  }
  return (
    <p className={small ? styles.meta : styles.status} role="status">
      {copy.loading}
    </p>
  );
}
