import type { Ref } from 'react';
import type { CancelBookingCopy } from '../../content-schemas/cancel';
import { fillTemplate } from '@shared/template';
import { formatTexasMoment } from '@shared/texas-time';
import type { ClientProposal } from '@shared/schemas/proposal';
import DownloadContract from './DownloadContract';
import styles from './SignedContract.module.css';

interface Props {
  copy: CancelBookingCopy['signed'];
  proposal: ClientProposal;
  token: string;
  /** Takes focus right after the client signed, so the outcome is read out. */
  headingRef?: Ref<HTMLHeadingElement>;
}

/** A signed proposal: who signed and when (and our countersignature), the signed document's SHA-256, and its PDF. */
export default function SignedContract({ copy, proposal, token, headingRef }: Props) {
  return (
    <section className={styles.signed} aria-labelledby="signed-heading">
      <h3 id="signed-heading" ref={headingRef} tabIndex={-1}>{copy.heading}</h3>
      {proposal.signedAt && (
        <p>{fillTemplate(copy.by, { name: proposal.signatureName ?? '', when: formatTexasMoment(proposal.signedAt) })}</p>
      )}
      {proposal.countersignedAt && <p>{fillTemplate(copy.countersigned, { when: formatTexasMoment(proposal.countersignedAt) })}</p>}
      <p className={styles.fingerprint}>
        {copy.fingerprint} <code>{proposal.documentSha256}</code>
      </p>
      <DownloadContract
        label={copy.download}
        pending={copy.downloading}
        failure={copy.downloadFailed}
        token={token}
        proposalId={proposal.id}
      />
    </section>
  );
}
