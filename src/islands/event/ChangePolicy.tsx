import type { CancelBookingCopy } from '../../content-schemas/cancel';
import type { ClientPolicy } from '@shared/change-policy';
import { telHref } from '@shared/phone';
import { fillTemplate } from '@shared/template';
import { formatLongDate } from '@shared/texas-time';
import Template from '../desk/Template';
import styles from './ChangePolicy.module.css';

interface CallUsProps {
  /** A sentence with a `{phone}` placeholder and maybe others, filled from `values`. */
  text: string;
  values: Record<string, string | number>;
  phone: string;
}

/** A sentence of the policy with its `{phone}` as a tel: link (kept on one line) and its other placeholders filled. */
export function CallUs({ text, values, phone }: CallUsProps) {
  const link = (
    <a className={styles.phone} href={telHref(phone)}>
      {phone}
    </a>
  );
  return <Template text={text} values={{ ...values, phone: link }} />;
}

interface Props {
  copy: CancelBookingCopy['policy'];
  policy: ClientPolicy;
  /** Whether the contract is signed: the link then only cancels (the move is by phone), so no moves are counted down. */
  signed: boolean;
}

/**
 * The change policy as it stands for this booking, shown before the move and the cancel: until when the link still
 * changes it (the last Texas day) and whom to call after, the moves left, and the retainer's terms. Once the window is
 * closed it says so and whom to call instead, and the page shows no move or cancel button.
 */
export default function ChangePolicy({ copy, policy, signed }: Props) {
  const date = formatLongDate(policy.lastChangeDay);
  const open = policy.canCancel;
  return (
    <div className={styles.policy} data-open={open}>
      <p className={styles.deadline}>
        {open ? (
          <CallUs text={signed ? copy.deadlineSigned : copy.deadline} values={{ date }} phone={policy.phone} />
        ) : (
          <CallUs text={copy.closed} values={{ date, days: policy.changeWindowDays }} phone={policy.phone} />
        )}
      </p>
      {open && !signed && <p>{fillTemplate(copy.movesLeft, { left: policy.movesLeft, max: policy.maxMoves })}</p>}
      <p>{policy.retainerTerms}</p>
    </div>
  );
}
