import { offeredAddOns, type BrowserPrices, type EstimateChoice } from '../../lib/estimate';
import type { PlannerRules } from '../../lib/bar-planner';
import { formatPrice } from '@shared/money';
import { PACKAGE_IDS, SERVICE_LEVELS } from '@shared/schemas/price-list';
import { fillTemplate } from '@shared/template';
import type { FieldErrors } from '@shared/schemas/api-error';
import Field from '../form/Field';
import ChoiceGroup from '../form/ChoiceGroup';
import fieldStyles from '../form/Field.module.css';
import styles from '../BarPlanner.module.css';

interface Props {
  choice: EstimateChoice;
  onChange: (choice: EstimateChoice) => void;
  prices: BrowserPrices;
  copy: PlannerRules['copy'];
  /** Messages by the estimate's field names (packageId, serviceLevel, zip, addOns, date). */
  errors: FieldErrors;
  disabled: boolean;
}

/** The estimate's own inputs beside the planner's: package, who supplies the alcohol, venue ZIP, date and add-ons. */
export default function EstimateFields({ choice, onChange, prices, copy, errors, disabled }: Props) {
  const set = (change: Partial<EstimateChoice>) => onChange({ ...choice, ...change });
  const offered = offeredAddOns(prices, choice.packageId);
  const toggle = (id: string, on: boolean) =>
    set({ addOns: on ? [...choice.addOns.filter((other) => other !== id), id] : choice.addOns.filter((other) => other !== id) });

  return (
    <>
      <Field id="planner-package" label={copy.labels.packageId} error={errors.packageId}>
        {(control) => (
          <select
            {...control}
            name="packageId"
            value={choice.packageId}
            disabled={disabled}
            onChange={(event) => set({ packageId: event.target.value as EstimateChoice['packageId'] })}
          >
            {PACKAGE_IDS.map((id) => (
              <option key={id} value={id}>
                {prices.packages[id].label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <ChoiceGroup id="planner-level" legend={copy.labels.serviceLevel} error={errors.serviceLevel}>
        {SERVICE_LEVELS.map((level) => (
          <div key={level} className={fieldStyles.choice}>
            <input
              type="radio"
              id={`planner-level-${level}`}
              name="serviceLevel"
              value={level}
              checked={choice.serviceLevel === level}
              disabled={disabled}
              aria-describedby={`planner-level-${level}-note`}
              onChange={() => set({ serviceLevel: level })}
            />
            <label htmlFor={`planner-level-${level}`}>{prices.serviceLevels[level].label}</label>
            <p id={`planner-level-${level}-note`} className={fieldStyles.choiceNote}>
              {prices.serviceLevels[level].description}
            </p>
          </div>
        ))}
      </ChoiceGroup>
      <div className={styles.pair}>
        <Field id="planner-zip" label={copy.labels.zip} hint={copy.hints.zip} error={errors.zip}>
          {(control) => (
            <input
              {...control}
              name="zip"
              type="text"
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={5}
              value={choice.zip}
              disabled={disabled}
              onChange={(event) => set({ zip: event.target.value })}
            />
          )}
        </Field>
        <Field
          id="planner-date"
          label={copy.labels.date}
          hint={fillTemplate(copy.hints.date, { days: prices.deposit.balanceDaysBefore })}
          error={errors.date}
        >
          {(control) => (
            <input {...control} name="date" type="date" value={choice.date} disabled={disabled} onChange={(event) => set({ date: event.target.value })} />
          )}
        </Field>
      </div>
      <ChoiceGroup id="planner-add-ons" legend={copy.labels.addOns} hint={copy.hints.addOns} error={errors.addOns}>
        {offered.map((addOn) => (
          <div key={addOn.id} className={fieldStyles.choice}>
            <input
              type="checkbox"
              id={`planner-add-on-${addOn.id}`}
              name="addOns"
              value={addOn.id}
              checked={choice.addOns.includes(addOn.id)}
              disabled={disabled}
              onChange={(event) => toggle(addOn.id, event.target.checked)}
            />
            <label htmlFor={`planner-add-on-${addOn.id}`}>
              {addOn.label} <span className={styles.addOnPrice}>({fillTemplate(copy.price.addOnPrice[addOn.unit], { price: formatPrice(addOn.priceCents) })})</span>
            </label>
          </div>
        ))}
      </ChoiceGroup>
    </>
  );
}
