import type { CancelBookingCopy } from '../../content-schemas/cancel';
import { parseWholeNumber, planMenu, type PlannerSetup } from '../../lib/bar-planner';
import { fillTemplate } from '@shared/template';
import PlanResults from '../planner/PlanResults';
import styles from './DetailsForm.module.css';

interface Props {
  copy: CancelBookingCopy['details']['shopping'];
  planner: PlannerSetup;
  /** The business's phone: the planner's "call us" sentence above its largest party names it. */
  phone: string;
  /** The form's values as typed: the adults who drink, the bar's hours (HH:MM) and the chosen cocktails. */
  adults: string;
  barStart: string;
  barEnd: string;
  cocktails: readonly string[];
}

const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** The bar's hours between two HH:MM times, rounded up to whole hours (the planner's unit); NaN unless the end is later. */
export function barHours(start: string, end: string): number {
  const [from, to] = [CLOCK.exec(start), CLOCK.exec(end)];
  if (!from || !to) return Number.NaN;
  const minutes = Number(to[1]) * 60 + Number(to[2]) - (Number(from[1]) * 60 + Number(from[2]));
  return minutes > 0 ? Math.ceil(minutes / 60) : Number.NaN;
}

/**
 * The shopping list of the final details: the bar planner's own plan (planMenu, its rules and its table) for the
 * chosen cocktails, the adults who drink and the bar's hours; until all three are given, what to fill in.
 */
export default function ShoppingList({ copy, planner, phone, adults, barStart, barEnd, cocktails }: Props) {
  const guests = parseWholeNumber(adults);
  const hours = barHours(barStart, barEnd);
  const given = Number.isInteger(guests) && guests > 0 && Number.isInteger(hours) && cocktails.length > 0;
  const result = given ? planMenu({ guests, hours, cocktails }, planner.rules, planner.cocktails, planner.prices, phone) : undefined;
  return (
    <div className={styles.shopping} aria-labelledby="details-shopping-heading" role="group">
      <h4 id="details-shopping-heading">{copy.heading}</h4>
      {!result ? (
        <p>{copy.empty}</p>
      ) : !result.ok ? (
        <p>{Object.values(result.problems).join(' ')}</p>
      ) : (
        <>
          <p>{fillTemplate(copy.lead, { adults: guests, hours })}</p>
          <PlanResults plan={result.plan} copy={planner.rules.copy} />
        </>
      )}
    </div>
  );
}
