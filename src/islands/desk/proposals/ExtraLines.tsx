import type { DeskCopy } from '../../../content-schemas/desk';
import type { FieldErrors } from '@shared/schemas/api-error';
import { fillTemplate } from '@shared/template';
import ChoiceGroup from '../../form/ChoiceGroup';
import Field from '../../form/Field';
import type { DraftLine } from './proposal-draft';
import styles from './proposals.module.css';

interface Props {
  copy: DeskCopy['proposals']['form'];
  idPrefix: string;
  lines: DraftLine[];
  onChange: (lines: DraftLine[]) => void;
  /** Messages by `extraLines.<n>.label` / `extraLines.<n>.amount`, and the list's own under `extraLines`. */
  errors: FieldErrors;
  disabled: boolean;
}

/** The very most extra lines one proposal takes (the server's bound). */
const MAX_LINES = 10;
let nextKey = 1;

/**
 * The owner's extra lines and discounts: words and an amount in dollars each (a negative one is a discount), added and
 * removed one by one. The amounts become integer cents only when the form is sent.
 */
export default function ExtraLines({ copy, idPrefix, lines, onChange, errors, disabled }: Props) {
  const set = (key: number, change: Partial<DraftLine>) => onChange(lines.map((line) => (line.key === key ? { ...line, ...change } : line)));
  return (
    <ChoiceGroup id={`${idPrefix}-lines`} legend={copy.labels.extraLines} hint={copy.hints.extraLines} error={errors.extraLines}>
      {lines.map((line, index) => {
        const n = { n: String(index + 1) };
        const name = `extraLines.${index}`;
        return (
          <div key={line.key} className={styles.line}>
            <Field id={`${idPrefix}-line-${line.key}-label`} label={fillTemplate(copy.labels.lineLabel, n)} error={errors[`${name}.label`]}>
              {(control) => (
                <input
                  {...control}
                  name={`${name}.label`}
                  type="text"
                  maxLength={80}
                  autoComplete="off"
                  value={line.label}
                  disabled={disabled}
                  onChange={(event) => set(line.key, { label: event.currentTarget.value })}
                />
              )}
            </Field>
            <Field id={`${idPrefix}-line-${line.key}-amount`} label={fillTemplate(copy.labels.lineAmount, n)} error={errors[`${name}.amount`]}>
              {(control) => (
                <input
                  {...control}
                  name={`${name}.amount`}
                  type="text"
                  inputMode="decimal"
                  autoComplete="off"
                  value={line.amount}
                  disabled={disabled}
                  onChange={(event) => set(line.key, { amount: event.currentTarget.value })}
                />
              )}
            </Field>
            <button
              type="button"
              className={`btn btn--secondary ${styles.remove}`}
              disabled={disabled}
              onClick={() => onChange(lines.filter((other) => other.key !== line.key))}
            >
              {fillTemplate(copy.removeLine, n)}
            </button>
          </div>
        );
      })}
      {lines.length < MAX_LINES && (
        <button
          type="button"
          className="btn btn--secondary"
          disabled={disabled}
          onClick={() => onChange([...lines, { key: nextKey++, label: '', amount: '' }])}
        >
          {copy.addLine}
        </button>
      )}
    </ChoiceGroup>
  );
}
