import type { DeskCopy } from '../../content-schemas/desk';
import { INQUIRY_STATUSES, type InquiryStatus } from '@shared/schemas/owner/inquiries';
import styles from './desk.module.css';

interface Props {
  copy: DeskCopy['inquiries'];
  /** The status shown, or undefined for all. */
  status: InquiryStatus | undefined;
  onChange: (status: InquiryStatus | undefined) => void;
}

/** Which inquiries the list shows: all (the default) or one status; applies at once, with or without a search. */
export default function InquiryStatusFilter({ copy, status, onChange }: Props) {
  return (
    <div className={styles.filter}>
      <label htmlFor="inquiry-status-filter">{copy.statusFilterLabel}</label>
      <select
        id="inquiry-status-filter"
        className={styles.input}
        value={status ?? ''}
        onChange={(event) => onChange((event.currentTarget.value || undefined) as InquiryStatus | undefined)}
      >
        <option value="">{copy.allStatuses}</option>
        {INQUIRY_STATUSES.map((key) => (
          <option key={key} value={key}>
            {copy.statuses[key]}
          </option>
        ))}
      </select>
    </div>
  );
}
