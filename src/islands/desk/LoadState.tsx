import type { DeskCopy } from '../../content-schemas/desk';
import RetryAlert from '../form/RetryAlert';
import styles from './desk.module.css';

/** What a view shows while its list loads, or after loading failed (with "Try again"). */
export default function LoadState({ copy, failed, onRetry }: { copy: DeskCopy; failed: boolean; onRetry: () => void }) {
  if (failed) {
    return <RetryAlert className={styles.error} message={copy.loadFailed} retryLabel={copy.retry} onRetry={onRetry} />;
  }
  return (
    <p className={styles.status} role="status">
      {copy.loading}
    </p>
  );
}
