import { useState } from 'react';
import { fetchContractPdf } from '../../lib/portal';
import { saveBlob } from '../../lib/save-blob';
import styles from './SignedContract.module.css';

interface Props {
  label: string;
  pending: string;
  failure: string;
  token: string;
  proposalId: string;
}

/** "Download the signed contract (PDF)": asks the server for the PDF (the token in the body) and saves it as contract.pdf. */
export default function DownloadContract({ label, pending, failure, token, proposalId }: Props) {
  const [state, setState] = useState<'idle' | 'pending' | 'failed'>('idle');
  const download = async () => {
    setState('pending');
    try {
      saveBlob(await fetchContractPdf(token, proposalId), 'contract.pdf');
      setState('idle');
    } catch {
      setState('failed');
    }
  };
  return (
    <div className={styles.download}>
      <button type="button" className="btn btn--secondary" onClick={() => void download()} disabled={state === 'pending'} aria-busy={state === 'pending'}>
        {state === 'pending' ? pending : label}
      </button>
      {state === 'failed' && <p role="alert" className={styles.failure}>{failure}</p>}
    </div>
  );
}
