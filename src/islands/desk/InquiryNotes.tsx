import { useState } from 'react';
import type { DeskCopy } from '../../content-schemas/desk';
import { addInquiryNote } from '../../lib/desk-api';
import { formatTexasMoment } from '@shared/texas-time';
import { InquiryNoteSchema, MAX_NOTE_LENGTH, type OwnerInquiryNote } from '@shared/schemas/owner/inquiries';
import Field from '../form/Field';
import { useApiForm } from '../form/use-api-form';
import Template from './Template';
import styles from './desk.module.css';

interface Props {
  copy: DeskCopy['inquiries'];
  inquiryId: string;
  notes: readonly OwnerInquiryNote[];
  onAdded: (note: OwnerInquiryNote) => void;
  /** A failed send, after its message is shown (a 401 returns to sign-in). */
  onFailure: (error: unknown) => void;
}

/** The owner's private notes on one inquiry, oldest first, each with who and when, and a form to add one. */
export default function InquiryNotes({ copy, inquiryId, notes, onAdded, onFailure }: Props) {
  const [added, setAdded] = useState('');
  const { pending, errors, onSubmit, clearError } = useApiForm({
    schema: InquiryNoteSchema,
    send: (note) => addInquiryNote(inquiryId, note),
    failure: copy.noteFailure,
    onSuccess: (note, { form }) => {
      form.reset();
      onAdded(note);
      setAdded(copy.noteAdded);
    },
    onFailure,
  });
  const headingId = `notes-${inquiryId}`;
  return (
    <section className={styles.notes} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.messageHeading}>
        {copy.notesHeading}
      </h3>
      <p className={styles.meta}>{copy.notesLead}</p>
      {notes.length === 0 ? (
        <p className={styles.meta}>{copy.noNotes}</p>
      ) : (
        <ol className={styles.noteList}>
          {notes.map((note) => (
            <li key={note.id} className={styles.note}>
              <p className={styles.meta}>
                <Template text={copy.noteBy} values={{ author: <bdi>{note.author}</bdi>, date: formatTexasMoment(note.createdAt) }} />
              </p>
              <p className={styles.message} dir="auto">
                {note.body}
              </p>
            </li>
          ))}
        </ol>
      )}
      <form
        className={styles.noteForm}
        noValidate
        aria-busy={pending}
        onSubmit={(event) => {
          setAdded('');
          return onSubmit(event);
        }}
        onInput={() => clearError('text')}
      >
        <Field id={`note-${inquiryId}`} label={copy.noteLabel} error={errors.text}>
          {(control) => <textarea {...control} name="text" rows={3} maxLength={MAX_NOTE_LENGTH} required />}
        </Field>
        <button type="submit" className={`btn btn--secondary ${styles.noteSubmit}`} disabled={pending}>
          {pending ? copy.addingNote : copy.addNote}
        </button>
        <p className={styles.saved} role="status" aria-live="polite">
          {added}
        </p>
      </form>
    </section>
  );
}
