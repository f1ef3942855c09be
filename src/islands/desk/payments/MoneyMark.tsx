import type { DeskCopy } from '../../../content-schemas/desk';
import { formatCents } from '@shared/money';
import type { BookingMoney } from '@shared/schemas/owner/bookings';
import { fillTemplate } from '@shared/template';
import styles from './payments.module.css';

/**
 * A signed reservation's money at a glance in the bookings list, beside its stage: "Outstanding $800.00" while money
 * is owed, "Paid in full" once the payments (not voided) reach the contract's total. The row's panel has the detail.
 */
export default function MoneyMark({ copy, money }: { copy: DeskCopy['payments']; money: BookingMoney }) {
  const owed = money.outstandingCents > 0;
  return (
    <span className={`${styles.mark} ${owed ? styles.owed : styles.settled}`}>
      {owed ? fillTemplate(copy.outstanding, { amount: formatCents(money.outstandingCents) }) : copy.paidInFull}
    </span>
  );
}
