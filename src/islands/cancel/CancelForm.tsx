import type { CancelBookingCopy } from '../../content-schemas/cancel';
import { cancelBooking } from '../../lib/cancel-link';
import { CancelRequestSchema, type CancelBookingView } from '@shared/schemas/cancel';
import formStyles from '../form/form.module.css';
import { useApiForm } from '../form/use-api-form';
import { linkRefusal, type Refusal } from './refusal';
import styles from './Steps.module.css';

interface Props {
  copy: CancelBookingCopy;
  token: string;
  onCancelled: (booking: CancelBookingView) => void;
  onRefused: (refusal: Refusal) => void;
}

/** The "Cancel my booking" question and button: one POST of the token, its failure shown in place. */
export default function CancelForm({ copy, token, onCancelled, onRefused }: Props) {
  const form = useApiForm({
    schema: CancelRequestSchema,
    read: () => ({ token }),
    send: cancelBooking,
    failure: copy.failure,
    failureToast: false,
    onSuccess: ({ booking }) => onCancelled(booking),
    onFailure: (error) => {
      const refused = linkRefusal(error);
      if (refused) onRefused(refused);
    },
  });

  return (
    <form noValidate aria-labelledby="cancel-question" aria-busy={form.pending} onSubmit={form.onSubmit} className={styles.choice}>
      <p id="cancel-question">{copy.question}</p>
      {form.failure && <p role="alert" className={styles.failure}>{form.failure}</p>}
      <button type="submit" className={`btn btn--primary ${formStyles.submit}`} disabled={form.pending}>
        {form.pending ? copy.pending : copy.submit}
      </button>
      <p className={styles.keep}>{copy.keep}</p>
    </form>
  );
}
