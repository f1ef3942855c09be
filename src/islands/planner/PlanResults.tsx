import { bartendersText, drinksText, quantityText, type Plan, type PlanLine, type PlannerRules } from '../../lib/bar-planner';
import styles from '../BarPlanner.module.css';

interface Props {
  plan: Plan;
  copy: PlannerRules['copy'];
}

const GROUPS = ['alcohol', 'supplies'] as const satisfies readonly PlanLine['group'][];

/** A worked plan: the drinks, a table per group of the shopping list and the bartenders. */
export default function PlanResults({ plan, copy }: Props) {
  return (
    <div className={styles.plan}>
      <p className={styles.drinks}>{drinksText(plan, copy)}</p>
      {GROUPS.map((group) => {
        const lines = plan.lines.filter((line) => line.group === group);
        if (lines.length === 0) return null;
        return (
          <table key={group} className={styles.table}>
            <caption>{copy.groups[group]}</caption>
            <thead>
              <tr>
                <th scope="col">{copy.itemHeader}</th>
                <th scope="col">{copy.quantityHeader}</th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line) => (
                <tr key={line.id}>
                  <th scope="row">{line.label}</th>
                  <td>{quantityText(line)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        );
      })}
      <p className={styles.staff}>
        <strong>{copy.bartendersLabel}:</strong> {bartendersText(plan.bartenders, copy)}
      </p>
    </div>
  );
}
