import type { DeskCopy } from '../../content-schemas/desk';
import styles from './desk.module.css';

/** What a view shows while its list loads, or after loading failed (with "Try again"). */
export default function LoadState({ copy, failed, onRetry }: { copy: DeskCopy; failed: boolean; onRetry: () => void }) {
  if (failed) {
    return (
      <div className={styles.error} role="alert">
        <p>{copy.loadFailed}</p>
        <button type="button" className="btn btn--secondary" onClick={onRetry}>
          {copy.retry}
        </button>
      </div>
    );
  }
  return (
    <p className={styles.status} role="status">
      {copy.loading}
    </p>
  );
}
