import type { DeskCopy } from '../../../content-schemas/desk';
import { formatCents } from '@shared/money';
import { OPEN_PROPOSAL_STATES, type Proposal } from '@shared/schemas/proposal';
import { formatLongDate, formatTexasMoment } from '@shared/texas-time';
import Template from '../Template';
import deskStyles from '../desk.module.css';
import styles from './proposals.module.css';

/** What the owner may do with a proposal: withdraw an open one, countersign a signed one. */
export type ProposalAction = 'withdraw' | 'countersign';

interface Props {
  copy: DeskCopy['proposals'];
  proposal: Proposal;
  onAction: (proposal: Proposal, action: ProposalAction) => void;
}

/** The action a proposal in `state` offers, if any. */
export function actionOf(proposal: Pick<Proposal, 'state'>): ProposalAction | undefined {
  if (OPEN_PROPOSAL_STATES.includes(proposal.state)) return 'withdraw';
  return proposal.state === 'signed' ? 'countersign' : undefined;
}

/** One proposal: its state in words, when it was sent, its total, until when it may be signed, who signed it and when. */
export default function ProposalItem({ copy, proposal, onAction }: Props) {
  const action = actionOf(proposal);
  const open = OPEN_PROPOSAL_STATES.includes(proposal.state);
  const sentId = `proposal-${proposal.id}-sent`;
  return (
    <li className={`${deskStyles.item} ${styles.proposal}`} id={`proposal-${proposal.id}`} tabIndex={-1}>
      <div className={styles.proposalHead}>
        <span className={`${deskStyles.badge} ${styles[`state_${proposal.state}`] ?? ''}`}>{copy.states[proposal.state]}</span>
        <span className={deskStyles.meta} id={sentId}>
          <Template text={copy.sentOn} values={{ date: formatTexasMoment(proposal.createdAt) }} />
        </span>
      </div>
      <span className={deskStyles.name}>
        <Template text={copy.total} values={{ amount: formatCents(proposal.totalCents) }} />
      </span>
      {open && (
        <span className={deskStyles.meta}>
          <Template text={copy.validUntil} values={{ date: formatLongDate(proposal.validUntil) }} />
        </span>
      )}
      {proposal.signedAt && proposal.signatureName && (
        <span className={deskStyles.meta}>
          <Template text={copy.signedBy} values={{ name: <bdi>{proposal.signatureName}</bdi>, date: formatTexasMoment(proposal.signedAt) }} />
        </span>
      )}
      {proposal.countersignedAt && proposal.countersignedBy && (
        <span className={deskStyles.meta}>
          <Template
            text={copy.countersignedBy}
            values={{ name: <bdi>{proposal.countersignedBy}</bdi>, date: formatTexasMoment(proposal.countersignedAt) }}
          />
        </span>
      )}
      {action && (
        <button
          type="button"
          className={`btn ${action === 'countersign' ? 'btn--primary' : 'btn--secondary'} ${deskStyles.rowAction}`}
          aria-describedby={sentId}
          onClick={() => onAction(proposal, action)}
        >
          {copy[action]}
        </button>
      )}
    </li>
  );
}
