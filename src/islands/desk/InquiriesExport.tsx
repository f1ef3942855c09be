import { useState } from 'react';
import type { DeskCopy } from '../../content-schemas/desk';
import { INQUIRIES_CSV_URL, downloadInquiriesCsv } from '../../lib/desk-api';
import type { InquiryStatus } from '@shared/schemas/owner/inquiries';
import { saveBlob } from '../../lib/save-blob';

interface Props {
  copy: DeskCopy;
  /** The search the list shows ('' for all). */
  q: string;
  /** The status the list shows (undefined for all). */
  status?: InquiryStatus | undefined;
  onError: (error: unknown) => void;
}

/**
 * The CSV download of what the list shows: a plain link for every inquiry, or for a search's or a status filter's
 * matches a button that POSTs them (a link would put it in the address, and so in request logs and the browser history).
 */
export default function InquiriesExport({ copy, q, status, onError }: Props) {
  const [busy, setBusy] = useState(false);
  if (!q && !status) {
    return (
      <a className="btn btn--secondary" href={INQUIRIES_CSV_URL} download>
        {copy.inquiries.export}
      </a>
    );
  }
  const download = async () => {
    setBusy(true);
    try {
      const file = await downloadInquiriesCsv(q, status);
      saveBlob(file.blob, file.filename);
    } catch (error) {
      onError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="btn btn--secondary" onClick={download} disabled={busy} aria-busy={busy}>
      {copy.inquiries.exportMatches}
    </button>
  );
}
