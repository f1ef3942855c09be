import type { DeskCopy } from '../../content-schemas/desk';
import { createBlock } from '../../lib/desk-api';
import { TIME_SLOTS } from '@shared/schemas/booking';
import { BlockSchema, MAX_BLOCK_NOTE_LENGTH } from '@shared/schemas/owner/blocks';
import Field, { Options } from '../form/Field';
import formStyles from '../form/form.module.css';
import { useApiForm } from '../form/use-api-form';
import styles from './desk.module.css';

interface Props {
  copy: DeskCopy['blocks'];
  /** The first date offered (today in Texas). */
  min: string;
  onBlocked: () => void;
  /** A failed send, after its message is shown (a 401 returns to sign-in). */
  onFailure: (error: unknown) => void;
}

/**
 * Blocks a range of days (the last day empty: one day), one slot of each or the whole day, with a note, as one block.
 * A range holding any booked or blocked slot is refused whole with the server's message naming them.
 */
export default function BlockForm({ copy, min, onBlocked, onFailure }: Props) {
  const slots = [...TIME_SLOTS.map((slot) => ({ value: slot.key, label: slot.label })), { value: 'all', label: copy.wholeDay }];
  const { pending, errors, onSubmit, clearError } = useApiForm({
    schema: BlockSchema,
    send: createBlock,
    failure: copy.failure,
    onSuccess: (_blocks, { form }) => {
      form.reset();
      onBlocked();
    },
    onFailure,
  });
  return (
    <form
      className={`card ${styles.blockForm}`}
      noValidate
      aria-labelledby="block-heading"
      aria-busy={pending}
      onSubmit={onSubmit}
      onInput={(event) => clearError((event.target as HTMLInputElement).name)}
    >
      <h3 id="block-heading">{copy.formHeading}</h3>
      <div className={formStyles.row}>
        <Field id="block-from" label={copy.labels.from} error={errors.from}>
          {(control) => <input {...control} name="from" type="date" min={min} required />}
        </Field>
        <Field id="block-to" label={copy.labels.to} error={errors.to}>
          {(control) => <input {...control} name="to" type="date" min={min} />}
        </Field>
        <Field id="block-slot" label={copy.labels.timeSlot} error={errors.timeSlot}>
          {(control) => (
            <select {...control} name="timeSlot" defaultValue="" required>
              <Options placeholder={copy.slotPlaceholder} options={slots} />
            </select>
          )}
        </Field>
      </div>
      <Field id="block-note" label={copy.labels.note} error={errors.note}>
        {(control) => <input {...control} name="note" type="text" maxLength={MAX_BLOCK_NOTE_LENGTH} autoComplete="off" />}
      </Field>
      <button type="submit" className={`btn btn--primary ${formStyles.submit}`} disabled={pending}>
        {pending ? copy.pending : copy.submit}
      </button>
    </form>
  );
}
