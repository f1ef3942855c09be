import { useState } from 'react';
import type { CancelBookingCopy } from '../../content-schemas/cancel';
import { signProposal } from '../../lib/portal';
import { SignRequestSchema, type ClientContract, type ClientProposal } from '@shared/schemas/proposal';
import Field, { FieldError, describedBy } from '../form/Field';
import fieldStyles from '../form/Field.module.css';
import formStyles from '../form/form.module.css';
import { useApiForm } from '../form/use-api-form';
import { linkRefusal, type Refusal } from '../cancel/refusal';
import partStyles from './Part.module.css';
import styles from './SignForm.module.css';

interface Props {
  copy: CancelBookingCopy['sign'];
  /** The ESIGN words: the disclosures, the consent's label and the statement of intent beside the button. */
  esign: ClientContract['esign'];
  token: string;
  proposalId: string;
  onSigned: (proposal: ClientProposal) => void;
  onRefused: (refusal: Refusal) => void;
}

/**
 * Signing the proposal online: the electronic-signature disclosures, the consent checkbox, the typed full name and,
 * right above the button, the statement of intent. Refused fields show the server's (the shared schema's) message
 * beside them; a proposal that can no longer be signed (409) says why in an alert.
 */
export default function SignForm({ copy, esign, token, proposalId, onSigned, onRefused }: Props) {
  const [consent, setConsent] = useState(false);
  const [name, setName] = useState('');
  const form = useApiForm({
    schema: SignRequestSchema,
    read: () => ({ token, proposalId, consent, signatureName: name }),
    send: signProposal,
    failure: copy.failure,
    failureToast: false,
    onSuccess: ({ proposal }) => onSigned(proposal),
    onFailure: (error) => {
      const refused = linkRefusal(error, true);
      if (refused) onRefused(refused);
    },
  });
  const fieldsRefused = Object.keys(form.errors).length > 0;

  return (
    <form noValidate aria-labelledby="sign-heading" aria-busy={form.pending} onSubmit={form.onSubmit} className={`${partStyles.part} ${styles.sign}`}>
      <h3 id="sign-heading">{copy.heading}</h3>
      <div className={styles.disclosures}>
        <h4>{copy.disclosures}</h4>
        <ul>
          {esign.disclosures.map((line, index) => (
            <li key={index}>{line}</li>
          ))}
        </ul>
      </div>
      <div className={fieldStyles.field}>
        <div className={`${fieldStyles.choice} ${styles.consent}`}>
          <input
            type="checkbox"
            id="sign-consent"
            name="consent"
            checked={consent}
            aria-invalid={form.errors.consent ? true : undefined}
            aria-describedby={describedBy('sign-consent', undefined, form.errors.consent)}
            onChange={(event) => {
              setConsent(event.target.checked);
              form.clearError('consent');
            }}
          />
          <label htmlFor="sign-consent">{esign.consent}</label>
        </div>
        <FieldError fieldId="sign-consent" message={form.errors.consent} />
      </div>
      <Field id="sign-name" label={copy.name} error={form.errors.signatureName}>
        {(control) => (
          <input
            {...control}
            name="signatureName"
            type="text"
            autoComplete="name"
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              form.clearError('signatureName');
            }}
          />
        )}
      </Field>
      {form.failure && !fieldsRefused && <p role="alert" className={styles.failure}>{form.failure}</p>}
      <div className={styles.intent}>
        <p id="sign-intent">{esign.intent}</p>
        <button type="submit" className={`btn btn--primary ${formStyles.submit}`} aria-describedby="sign-intent" disabled={form.pending}>
          {form.pending ? copy.pending : copy.submit}
        </button>
      </div>
    </form>
  );
}
