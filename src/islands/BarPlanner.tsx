import { useEffect, useRef, useState } from 'react';
import { mixOptions, parseWholeNumber, planBar, resultSummary, type CocktailChoice, type PlanInput, type PlannerRules } from '../lib/bar-planner';
import { useHydrated } from '../lib/use-hydrated';
import styles from './BarPlanner.module.css';
import Field from './form/Field';
import PlanResults from './planner/PlanResults';

interface Props {
  /** The ratios and copy (content/bar-planner.json). */
  rules: PlannerRules;
  /** The signature cocktails a host can serve as the whole menu. */
  cocktails: CocktailChoice[];
  /** The case shown first, and in the static HTML before (or without) JavaScript. */
  initial: PlanInput;
}

/** Wait after the last change before a refusal shows or the summary is announced: not one per keystroke. */
const SETTLE_MS = 600;

/**
 * The bar planner: guests, hours and the drink mix → the shopping list and the bartenders, updated as the inputs
 * change. A valid input shows at once; a refusal only once the visitor pauses, so typing "120" never flashes "1".
 */
export default function BarPlanner({ rules, cocktails, initial }: Props) {
  const hydrated = useHydrated();
  const [guests, setGuests] = useState(String(initial.guests));
  const [hours, setHours] = useState(String(initial.hours));
  const [mix, setMix] = useState(initial.mix);
  const result = planBar({ guests: parseWholeNumber(guests), hours: parseWholeNumber(hours), mix }, rules, cocktails);
  const [settled, setSettled] = useState(result);
  // Empty until the visitor changes something: the page's first plan is read, not announced.
  const [announcement, setAnnouncement] = useState('');
  const changed = useRef(false);
  const { copy, limits } = rules;

  useEffect(() => {
    if (!changed.current) {
      changed.current = true; // the first run is the mount, not a change
      return;
    }
    const timer = setTimeout(() => {
      setSettled(result);
      setAnnouncement(resultSummary(result, copy));
    }, SETTLE_MS);
    return () => clearTimeout(timer);
  }, [guests, hours, mix]);

  const shown = result.ok ? result : settled;
  // A refusal shows once settled, and goes as soon as the input is valid again.
  const problems = result.ok || settled.ok ? {} : settled.problems;
  const number = (value: string, set: (value: string) => void, limit: { min: number; max: number }) => ({
    type: 'number',
    inputMode: 'numeric' as const,
    min: limit.min,
    max: limit.max,
    step: 1,
    value,
    disabled: !hydrated,
    onChange: (event: { target: { value: string } }) => set(event.target.value),
  });

  return (
    <div className={styles.planner}>
      <form className={styles.inputs} onSubmit={(event) => event.preventDefault()}>
        <Field id="planner-guests" label={copy.labels.guests} error={problems.guests}>
          {(control) => <input {...control} {...number(guests, setGuests, limits.guests)} name="guests" />}
        </Field>
        <Field id="planner-hours" label={copy.labels.hours} error={problems.hours}>
          {(control) => <input {...control} {...number(hours, setHours, limits.hours)} name="hours" />}
        </Field>
        <Field id="planner-mix" label={copy.labels.mix} error={problems.mix}>
          {(control) => (
            <select {...control} name="mix" value={mix} disabled={!hydrated} onChange={(event) => setMix(event.target.value)}>
              {mixOptions(rules, cocktails).map((option) => (
                <option key={option.id} value={option.id}>
                  {option.label}
                </option>
              ))}
            </select>
          )}
        </Field>
      </form>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      {shown.ok && <PlanResults plan={shown.plan} copy={copy} />}
    </div>
  );
}
