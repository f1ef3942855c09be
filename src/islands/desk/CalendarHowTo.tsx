import type { DeskCopy } from '../../content-schemas/desk';
import styles from './calendar.module.css';

/** How to subscribe to the feed in Google Calendar and Apple Calendar (steps from the desk's copy). */
export default function CalendarHowTo({ copy }: { copy: DeskCopy['calendar'] }) {
  return (
    <section className={styles.howTo} aria-labelledby="calendar-how-to">
      <h3 id="calendar-how-to">{copy.howToHeading}</h3>
      <div className={styles.apps}>
        <div>
          <h4>{copy.google.heading}</h4>
          <ol>
            {copy.google.steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
          <p className={styles.note}>{copy.google.note}</p>
        </div>
        <div>
          <h4>{copy.apple.heading}</h4>
          <ol>
            {copy.apple.steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </div>
      </div>
    </section>
  );
}
