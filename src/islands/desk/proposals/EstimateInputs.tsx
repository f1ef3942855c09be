import type { DeskCopy } from '../../../content-schemas/desk';
import { formatPrice } from '@shared/money';
import { PRICES } from '@shared/prices';
import type { FieldErrors } from '@shared/schemas/api-error';
import { PACKAGE_IDS, SERVICE_LEVELS } from '@shared/schemas/price-list';
import ChoiceGroup from '../../form/ChoiceGroup';
import Field from '../../form/Field';
import fieldStyles from '../../form/Field.module.css';
import type { ProposalDraft } from './proposal-draft';
import styles from './proposals.module.css';

interface Props {
  copy: DeskCopy['proposals']['form'];
  /** Prefix of the controls' ids (one form per inquiry or booking on the page). */
  idPrefix: string;
  draft: ProposalDraft;
  onChange: (change: Partial<ProposalDraft>) => void;
  errors: FieldErrors;
  disabled: boolean;
}

/** The estimate's inputs of a proposal, from the price list: package, who supplies the alcohol, guests, hours, ZIP, add-ons. */
export default function EstimateInputs({ copy, idPrefix, draft, onChange, errors, disabled }: Props) {
  const id = (name: string) => `${idPrefix}-${name}`;
  const offered = PRICES.addOns.filter((addOn) => (addOn.packages as readonly string[]).includes(draft.packageId));
  const toggle = (addOn: string, on: boolean) =>
    onChange({ addOns: on ? [...draft.addOns.filter((other) => other !== addOn), addOn] : draft.addOns.filter((other) => other !== addOn) });
  const number = (name: 'guests' | 'hours', min: number, max: number) => (
    <Field id={id(name)} label={copy.labels[name]} error={errors[name]}>
      {(control) => (
        <input
          {...control}
          name={name}
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          step={1}
          value={draft[name]}
          disabled={disabled}
          onChange={(event) => onChange({ [name]: event.currentTarget.value })}
        />
      )}
    </Field>
  );
  return (
    <>
      <Field id={id('package')} label={copy.labels.packageId} error={errors.packageId}>
        {(control) => (
          <select
            {...control}
            name="packageId"
            value={draft.packageId}
            disabled={disabled}
            onChange={(event) => onChange({ packageId: event.currentTarget.value as ProposalDraft['packageId'] })}
          >
            {PACKAGE_IDS.map((key) => (
              <option key={key} value={key}>
                {PRICES.packages[key].label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <ChoiceGroup id={id('level')} legend={copy.labels.serviceLevel} error={errors.serviceLevel}>
        {SERVICE_LEVELS.map((level) => (
          <div key={level} className={fieldStyles.choice}>
            <input
              type="radio"
              id={id(`level-${level}`)}
              name="serviceLevel"
              value={level}
              checked={draft.serviceLevel === level}
              disabled={disabled}
              onChange={() => onChange({ serviceLevel: level })}
            />
            <label htmlFor={id(`level-${level}`)}>{PRICES.serviceLevels[level].label}</label>
          </div>
        ))}
      </ChoiceGroup>
      <div className={styles.row}>
        {number('guests', PRICES.guests.min, PRICES.guests.max)}
        {number('hours', PRICES.hours.min, PRICES.hours.max)}
        <Field id={id('zip')} label={copy.labels.zip} error={errors.zip}>
          {(control) => (
            <input
              {...control}
              name="zip"
              type="text"
              inputMode="numeric"
              autoComplete="off"
              maxLength={5}
              value={draft.zip}
              disabled={disabled}
              onChange={(event) => onChange({ zip: event.currentTarget.value })}
            />
          )}
        </Field>
      </div>
      {offered.length > 0 && (
        <ChoiceGroup id={id('add-ons')} legend={copy.labels.addOns} error={errors.addOns}>
          {offered.map((addOn) => (
            <div key={addOn.id} className={fieldStyles.choice}>
              <input
                type="checkbox"
                id={id(`add-on-${addOn.id}`)}
                name="addOns"
                value={addOn.id}
                checked={draft.addOns.includes(addOn.id)}
                disabled={disabled}
                onChange={(event) => toggle(addOn.id, event.currentTarget.checked)}
              />
              <label htmlFor={id(`add-on-${addOn.id}`)}>
                {addOn.label} <span className={styles.price}>({formatPrice(addOn.priceCents)})</span>
              </label>
            </div>
          ))}
        </ChoiceGroup>
      )}
    </>
  );
}
