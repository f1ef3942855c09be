import type { RefObject } from 'react';
import type { DeskCopy } from '../../content-schemas/desk';
import { signIn } from '../../lib/desk-api';
import { SignInSchema, type OwnerSession } from '@shared/schemas/owner/session';
import Field from '../form/Field';
import formStyles from '../form/form.module.css';
import { useApiForm } from '../form/use-api-form';
import styles from './desk.module.css';

interface Props {
  copy: DeskCopy['signIn'];
  /** Why the owner is here again (the session ended), shown above the form. */
  notice?: string;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onSignedIn: (session: OwnerSession) => void;
}

/** The desk's sign-in form: username and password; any failure shows one generic message in the form. */
export default function SignInForm({ copy, notice, headingRef, onSignedIn }: Props) {
  const { pending, errors, failure, onSubmit, clearError } = useApiForm({
    schema: SignInSchema,
    send: signIn,
    failure: copy.failure,
    failureToast: false,
    onSuccess: onSignedIn,
  });
  return (
    <section className={`card ${styles.signIn}`} aria-labelledby="sign-in-heading">
      <h2 id="sign-in-heading" ref={headingRef} tabIndex={-1}>
        {copy.heading}
      </h2>
      <p className={styles.lead}>{copy.lead}</p>
      {notice && (
        <p className={styles.notice} role="status">
          {notice}
        </p>
      )}
      <form
        className={formStyles.form}
        noValidate
        aria-labelledby="sign-in-heading"
        aria-busy={pending}
        onSubmit={onSubmit}
        onInput={(event) => clearError((event.target as HTMLInputElement).name)}
      >
        <Field id="sign-in-username" label={copy.labels.username} error={errors.username}>
          {(control) => (
            <input {...control} name="username" type="text" autoComplete="username" autoCapitalize="none" spellCheck={false} required />
          )}
        </Field>
        <Field id="sign-in-password" label={copy.labels.password} error={errors.password}>
          {(control) => <input {...control} name="password" type="password" autoComplete="current-password" required />}
        </Field>
        {failure && (
          <p className={styles.error} role="alert">
            {failure}
          </p>
        )}
        <button type="submit" className={`btn btn--primary ${formStyles.submit}`} disabled={pending}>
          {pending ? copy.pending : copy.submit}
        </button>
      </form>
    </section>
  );
}
