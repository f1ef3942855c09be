import { useEffect, useMemo, useRef, useState } from 'react';
import { inquiryHref, parseWholeNumber, planBar, resultSummary, type CocktailChoice, type PlanInput, type PlannerRules } from '../lib/bar-planner';
import { estimateInput, estimateParams, estimateSchema, type BrowserPrices, type EstimateChoice } from '../lib/estimate';
import { useHydrated } from '../lib/use-hydrated';
import styles from './BarPlanner.module.css';
import PlanFields from './planner/PlanFields';
import EstimateFields from './planner/EstimateFields';
import PlanResults from './planner/PlanResults';
import PriceStatus from './planner/PriceStatus';
import { priceSummary, useEstimate, type Priced } from './planner/use-estimate';

interface Props {
  /** The ratios and copy (content/bar-planner.json). */
  rules: PlannerRules;
  /** The signature cocktails a host can serve as the whole menu. */
  cocktails: CocktailChoice[];
  /** The price list's ranges, choices and words (content/prices.json). */
  prices: BrowserPrices;
  /** The business's phone: the "call us" sentence above the largest party names it. */
  phone: string;
  /** The case shown first, and in the static HTML before (or without) JavaScript: the plan's and the estimate's inputs. */
  initial: PlanInput & Omit<EstimateChoice, 'date'>;
  /** The example's estimate, priced at build time by the function the server runs. */
  initialEstimate: Priced;
}

/** Wait after the last change before a refusal shows, the price is asked or the summary is announced. */
const SETTLE_MS = 600;

/**
 * Plan and price your bar: guests and hours typed once give the shopping list (worked out here, at once) and the
 * price (asked of the server once the visitor pauses: the ZIP table stays there). A refusal shows once settled; the
 * live region reads the plan and the total once both are settled.
 */
export default function BarPlanner({ rules, cocktails, prices, phone, initial, initialEstimate }: Props) {
  const hydrated = useHydrated();
  const [guests, setGuests] = useState(String(initial.guests));
  const [hours, setHours] = useState(String(initial.hours));
  const [mix, setMix] = useState(initial.mix);
  const [choice, setChoice] = useState<EstimateChoice>({ ...initial, date: '' });
  const { copy } = rules;
  const numbers = { guests: parseWholeNumber(guests), hours: parseWholeNumber(hours) };
  const result = planBar({ ...numbers, mix }, rules, cocktails, prices, phone);
  const input = estimateInput(choice, numbers.guests, numbers.hours, prices);
  const inputKey = JSON.stringify(input);
  const schema = useMemo(() => estimateSchema(prices, phone), [prices, phone]);
  const estimate = useEstimate(initialEstimate, schema);
  const [settled, setSettled] = useState(result);
  const [askedKey, setAskedKey] = useState(inputKey);
  // Empty until the visitor changes something: the page's first plan is read, not announced.
  const [announcement, setAnnouncement] = useState('');
  const changed = useRef(false);
  const asked = useRef(false);

  useEffect(() => {
    if (!changed.current) {
      changed.current = true; // the first run is the mount, not a change
      return;
    }
    const timer = setTimeout(() => {
      setSettled(result);
      setAskedKey(inputKey);
      asked.current = true;
      estimate.ask(input);
    }, SETTLE_MS);
    return () => clearTimeout(timer);
  }, [guests, hours, mix, inputKey]);

  useEffect(() => {
    if (!asked.current || estimate.state.kind === 'pending') return;
    setAnnouncement([resultSummary(settled, copy), priceSummary(estimate.state, copy.price)].filter(Boolean).join(' '));
  }, [estimate.state]);

  const shown = result.ok ? result : settled;
  // A refusal shows once settled, and goes as soon as the input is valid again (or, for the estimate's, is edited).
  const problems = result.ok || settled.ok ? {} : settled.problems;
  const dirty = inputKey !== askedKey;
  const refused = estimate.state.kind === 'refused' && !dirty ? estimate.state.fields : {};
  const priced = estimate.state.kind === 'priced' && !dirty ? estimate.state : undefined;
  const errors = { ...refused, ...problems };

  return (
    <div className={styles.planner}>
      <form className={styles.inputs} onSubmit={(event) => event.preventDefault()}>
        <PlanFields
          values={{ guests, hours, mix }}
          set={{ guests: setGuests, hours: setHours, mix: setMix }}
          rules={rules}
          cocktails={cocktails}
          prices={prices}
          errors={errors}
          disabled={!hydrated}
        />
        <EstimateFields choice={choice} onChange={setChoice} prices={prices} copy={copy} errors={errors} disabled={!hydrated} />
      </form>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      <div className={styles.results}>
        <PriceStatus estimate={estimate} waiting={dirty} prices={prices} copy={copy.price} />
        {shown.ok && <PlanResults plan={shown.plan} copy={copy} />}
        {shown.ok && (
          <a className="btn btn--primary" href={inquiryHref(shown.plan, copy, priced ? estimateParams(priced.request) : {})}>
            {priced ? copy.send : copy.sendPlan}
          </a>
        )}
      </div>
    </div>
  );
}
