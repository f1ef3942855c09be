import type { CancelBookingCopy } from '../../content-schemas/cancel';
import { formatCents } from '@shared/money';
import { fillTemplate } from '@shared/template';
import { formatLongDate } from '@shared/texas-time';
import { OPEN_PROPOSAL_STATES, type ClientProposal } from '@shared/schemas/proposal';
import tableStyles from '../../styles/data-table.module.css';
import partStyles from './Part.module.css';
import styles from './ProposalTable.module.css';

interface Props {
  copy: CancelBookingCopy['proposal'];
  proposal: ClientProposal;
}

/**
 * The proposal as the server priced it: each line and the total, then each payment with its due date, and while it
 * is open, until when it may be signed.
 */
export default function ProposalTable({ copy, proposal }: Props) {
  return (
    <section className={`${partStyles.part} ${styles.proposal}`} aria-labelledby="proposal-heading">
      <h3 id="proposal-heading">{copy.heading}</h3>
      <table className={`${tableStyles.table} ${styles.table}`}>
        <caption>{copy.lines}</caption>
        <thead>
          <tr>
            <th scope="col">{copy.item}</th>
            <th scope="col" className={styles.amount}>{copy.amount}</th>
          </tr>
        </thead>
        <tbody>
          {proposal.lines.map((line, index) => (
            <tr key={index}>
              <th scope="row">{line.label}</th>
              <td className={styles.amount}>{formatCents(line.amountCents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className={styles.total}>
            <th scope="row">{copy.total}</th>
            <td className={styles.amount}>{formatCents(proposal.totalCents)}</td>
          </tr>
        </tfoot>
      </table>
      {proposal.schedule.length > 0 && (
        <table className={`${tableStyles.table} ${styles.table}`}>
          <caption>{copy.schedule}</caption>
          <thead>
            <tr>
              <th scope="col">{copy.payment}</th>
              <th scope="col">{copy.due}</th>
              <th scope="col" className={styles.amount}>{copy.amount}</th>
            </tr>
          </thead>
          <tbody>
            {proposal.schedule.map((item, index) => (
              <tr key={index}>
                <th scope="row">{item.label}</th>
                <td className={styles.due}>{formatLongDate(item.dueOn)}</td>
                <td className={styles.amount}>{formatCents(item.amountCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {OPEN_PROPOSAL_STATES.includes(proposal.state) && (
        <p className={styles.valid}>{fillTemplate(copy.validUntil, { date: formatLongDate(proposal.validUntil) })}</p>
      )}
    </section>
  );
}
