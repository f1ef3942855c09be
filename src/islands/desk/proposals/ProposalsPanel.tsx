import { useRef, useState } from 'react';
import type { DeskCopy } from '../../../content-schemas/desk';
import { isUnauthorized } from '../../../lib/desk-api';
import { countersignProposal, fetchProposals, withdrawProposal, type ProposalOwner } from '../../../lib/desk-proposals';
import type { Balance } from '@shared/schemas/payment';
import { OPEN_PROPOSAL_STATES, SIGNED_PROPOSAL_STATES, type Proposal } from '@shared/schemas/proposal';
import { fillTemplate } from '@shared/template';
import { showToast } from '../../../stores/toasts';
import LoadState from '../LoadState';
import ConfirmDialog from '../ConfirmDialog';
import PaymentsPanel from '../payments/PaymentsPanel';
import Template from '../Template';
import deskStyles from '../desk.module.css';
import { useFocusAfter } from '../use-focus-after';
import { useLoad } from '../use-load';
import ProposalForm from './ProposalForm';
import ProposalItem, { type ProposalAction } from './ProposalItem';
import type { ProposalPrefill } from './proposal-draft';
import styles from './proposals.module.css';

/** Whose proposals the panel shows: an inquiry's or a booking's, with the client's name and the form's prefill. */
export type ProposalsPanelProps = ProposalOwner & {
  /** The desk's copy (content/desk.json): its `proposals`, and the words of loading and retrying. */
  desk: DeskCopy;
  /** The client's name, for the toast and the dialogs. */
  clientName: string;
  /** What the new-proposal form starts from (prefillFromInquiry for an inquiry; the guests for a booking). */
  prefill?: ProposalPrefill;
  onError: (error: unknown) => void;
  /** A payment recorded or voided on the signed proposal: where its money now stands (the bookings list's mark). */
  onBalance?: (balance: Balance) => void;
};

/** A new proposal replaces every open one of the same booking (the server's rule), so the list says so at once. */
function withNew(list: Proposal[], made: Proposal): Proposal[] {
  const replaced = list.map((old) => (old.bookingId === made.bookingId && OPEN_PROPOSAL_STATES.includes(old.state) ? { ...old, state: 'replaced' as const } : old));
  return [made, ...replaced];
}

/**
 * An inquiry's or a booking's proposals, newest first, each with its state, total, validity and signatures; "Withdraw"
 * on an open one and "Countersign" on a signed one (each after a confirmation); and "New proposal" (or "Replace
 * proposal" while one is open) opening the form. None once a proposal is signed: a change is then the client's call;
 * the signed proposal's payments show instead.
 */
export default function ProposalsPanel(props: ProposalsPanelProps) {
  const { desk, clientName, prefill = {}, onError, onBalance } = props;
  const copy = desk.proposals;
  const of: ProposalOwner = 'inquiryId' in props ? { inquiryId: props.inquiryId } : { bookingId: props.bookingId };
  const key = 'inquiryId' in of ? of.inquiryId : of.bookingId;
  const proposals = useLoad(() => fetchProposals(of), key, onError);
  const [formOpen, setFormOpen] = useState(false);
  const [asked, setAsked] = useState<{ proposal: Proposal; action: ProposalAction }>();
  const [pending, setPending] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  // After Withdraw or Countersign the button is gone with the dialog: focus goes to the changed proposal instead.
  const focusAfter = useFocusAfter(asked !== undefined);
  const headingId = `proposals-${key}`;
  const formId = `proposal-form-${key}`;

  /** Closes the form and hands focus back to the button that opened it. */
  const close = () => {
    setFormOpen(false);
    opener.current?.focus();
  };

  const act = async ({ proposal, action }: { proposal: Proposal; action: ProposalAction }) => {
    setPending(true);
    try {
      const changed = await (action === 'withdraw' ? withdrawProposal : countersignProposal)(proposal.id);
      proposals.setData((list) => list.map((old) => (old.id === changed.id ? changed : old)));
      focusAfter.current = `proposal-${changed.id}`;
      showToast(action === 'withdraw' ? copy.withdrawn : copy.countersigned);
    } catch (error) {
      onError(error);
      if (!isUnauthorized(error)) proposals.reload();
    } finally {
      setPending(false);
      setAsked(undefined);
    }
  };

  const list = proposals.data;
  const hasOpen = list?.some((proposal) => OPEN_PROPOSAL_STATES.includes(proposal.state)) ?? false;
  const signedOnes = list?.filter((proposal) => SIGNED_PROPOSAL_STATES.includes(proposal.state)) ?? [];
  const signed = signedOnes.length > 0;
  const confirm = asked && (asked.action === 'withdraw' ? copy.withdrawConfirm : copy.countersignConfirm);
  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h3 id={headingId} className={deskStyles.messageHeading}>
        {copy.heading}
      </h3>
      <p className={deskStyles.meta}>{copy.lead}</p>
      {!list ? (
        <LoadState copy={desk} failed={proposals.failed} onRetry={proposals.reload} failedMessage={copy.loadFailed} small />
      ) : list.length === 0 ? (
        <p className={deskStyles.meta}>{copy.empty}</p>
      ) : (
        <ul className={styles.proposals} aria-label={copy.listLabel}>
          {list.map((proposal) => (
            <ProposalItem key={proposal.id} copy={copy} proposal={proposal} onAction={(chosen, action) => setAsked({ proposal: chosen, action })} />
          ))}
        </ul>
      )}
      {signedOnes.map((proposal) => (
        <PaymentsPanel key={proposal.id} desk={desk} proposalId={proposal.id} clientName={clientName} onError={onError} onBalance={onBalance} />
      ))}
      {list && !signed && (
        <>
          {hasOpen && !formOpen && <p className={deskStyles.meta}>{copy.replaceNote}</p>}
          <button
            ref={opener}
            type="button"
            className="btn btn--secondary"
            aria-expanded={formOpen}
            aria-controls={formId}
            onClick={() => setFormOpen(!formOpen)}
          >
            {hasOpen ? copy.replace : copy.new}
          </button>
        </>
      )}
      <div id={formId} hidden={!formOpen}>
        {formOpen && (
          <ProposalForm
            copy={copy}
            of={of}
            prefill={prefill}
            onSent={(made) => {
              proposals.setData((old) => withNew(old, made));
              close();
              showToast({ title: fillTemplate(copy.form.sent.title, { client: clientName }), description: copy.form.sent.description });
            }}
            onClose={close}
            onError={onError}
          />
        )}
      </div>
      {asked && confirm && (
        <ConfirmDialog
          title={confirm.title}
          confirmLabel={confirm.confirm}
          cancelLabel={confirm.keep}
          pending={pending}
          onConfirm={() => act(asked)}
          onClose={() => setAsked(undefined)}
        >
          <Template text={confirm.text} values={{ client: <bdi>{clientName}</bdi> }} />
        </ConfirmDialog>
      )}
    </section>
  );
}
