import { useState } from 'react';
import type { DeskCopy } from '../../content-schemas/desk';
import { setInquiryStatus } from '../../lib/desk-api';
import { INQUIRY_STATUSES, type InquiryStatus, type OwnerInquiry } from '@shared/schemas/owner/inquiries';
import Field from '../form/Field';
import styles from './desk.module.css';

interface Props {
  copy: DeskCopy['inquiries'];
  inquiry: OwnerInquiry;
  onChange: (inquiry: OwnerInquiry) => void;
  onError: (error: unknown) => void;
}

/** Where an inquiry stands: a choice saved as soon as it is made, confirmed in a polite live region. */
export default function InquiryStatusSelect({ copy, inquiry, onChange, onError }: Props) {
  const [pending, setPending] = useState(false);
  const [saved, setSaved] = useState('');
  const id = `status-${inquiry.id}`;

  const save = async (status: InquiryStatus) => {
    setPending(true);
    setSaved('');
    try {
      const updated = await setInquiryStatus(inquiry.id, status);
      onChange(updated);
      setSaved(copy.statusSaved.replace('{status}', copy.statuses[updated.status]));
    } catch (error) {
      // The select shows the inquiry's status, which did not change: it returns to it by itself.
      onError(error);
    } finally {
      setPending(false);
    }
  };

  return (
    <div className={styles.statusRow}>
      <Field id={id} label={copy.statusLabel}>
        {(control) => (
          <select
            {...control}
            name="status"
            value={inquiry.status}
            disabled={pending}
            aria-busy={pending}
            onChange={(event) => save(event.currentTarget.value as InquiryStatus)}
          >
            {INQUIRY_STATUSES.map((status) => (
              <option key={status} value={status}>
                {copy.statuses[status]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <p className={styles.saved} role="status" aria-live="polite">
        {saved}
      </p>
    </div>
  );
}
