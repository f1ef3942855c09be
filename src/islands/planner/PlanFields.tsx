import { mixOptions, type CocktailChoice, type PlannerPrices, type PlannerRules } from '../../lib/bar-planner';
import type { FieldErrors } from '@shared/schemas/api-error';
import Field from '../form/Field';
import styles from '../BarPlanner.module.css';

type Values = { guests: string; hours: string; mix: string };

interface Props {
  /** The fields' text as typed. */
  values: Values;
  set: { [K in keyof Values]: (value: string) => void };
  rules: PlannerRules;
  cocktails: readonly CocktailChoice[];
  /** The guest and hours ranges (the price list's). */
  prices: Pick<PlannerPrices, 'guests' | 'hours'>;
  errors: FieldErrors;
  disabled: boolean;
}

/** The inputs the shopping list and the price share: guests and hours (typed once), and what the host serves. */
export default function PlanFields({ values, set, rules, cocktails, prices, errors, disabled }: Props) {
  const { copy } = rules;
  const number = (name: 'guests' | 'hours') => ({
    name,
    type: 'number',
    inputMode: 'numeric' as const,
    min: prices[name].min,
    max: prices[name].max,
    step: 1,
    value: values[name],
    disabled,
    onChange: (event: { target: { value: string } }) => set[name](event.target.value),
  });
  return (
    <div className={styles.pair}>
      <Field id="planner-guests" label={copy.labels.guests} error={errors.guests}>
        {(control) => <input {...control} {...number('guests')} />}
      </Field>
      <Field id="planner-hours" label={copy.labels.hours} error={errors.hours}>
        {(control) => <input {...control} {...number('hours')} />}
      </Field>
      <Field id="planner-mix" label={copy.labels.mix} error={errors.mix} className={styles.wide}>
        {(control) => (
          <select {...control} name="mix" value={values.mix} disabled={disabled} onChange={(event) => set.mix(event.target.value)}>
            {mixOptions(rules, cocktails).map((option) => (
              <option key={option.id} value={option.id}>
                {option.label}
              </option>
            ))}
          </select>
        )}
      </Field>
    </div>
  );
}
