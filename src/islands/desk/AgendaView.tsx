import type { DeskCopy } from '../../content-schemas/desk';
import { formatLongDate, formatTexasMoment } from '@shared/texas-time';
import { fetchAgenda } from '../../lib/desk-api';
import { fillTemplate } from '@shared/template';
import { addDaysUtc } from '@shared/schemas/dates';
import type { OwnerAgenda } from '@shared/schemas/owner/agenda';
import AgendaEntry from './AgendaEntry';
import AgendaPaymentsDue from './AgendaPaymentsDue';
import { agendaDays } from './agenda-days';
import LoadState from './LoadState';
import styles from './desk.module.css';
import { useLoad } from './use-load';

interface Props {
  copy: DeskCopy;
  onError: (error: unknown) => void;
}

const count = (forms: { one: string; other: string }, n: number) =>
  n === 1 ? forms.one : fillTemplate(forms.other, { count: n.toLocaleString('en-US') });

/** New inquiries (linking to the inquiries view, the newest named) and failed e-mails (linking to the mail view). */
function Waiting({ copy, agenda }: { copy: DeskCopy['agenda']; agenda: OwnerAgenda }) {
  const { newInquiries, failedMails } = agenda;
  return (
    <div className={styles.waiting}>
      {newInquiries.count === 0 ? (
        <p className={styles.meta}>{copy.noNewInquiries}</p>
      ) : (
        <div>
          <a href="#inquiries" className={styles.waitingLink}>
            {newInquiries.more
              ? fillTemplate(copy.newInquiries.many, { count: newInquiries.count.toLocaleString('en-US') })
              : count(copy.newInquiries, newInquiries.count)}
          </a>
          <ul className={styles.waitingList}>
            {newInquiries.newest.map((inquiry) => (
              <li key={inquiry.id}>
                <bdi className={styles.name}>
                  {inquiry.firstName} {inquiry.lastName}
                </bdi>{' '}
                <span className={styles.meta}>{fillTemplate(copy.received, { date: formatTexasMoment(inquiry.createdAt) })}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {failedMails > 0 && (
        <a href="#mail" className={`${styles.waitingLink} ${styles.waitingAlert}`}>
          {count(copy.failedMails, failedMails)}
        </a>
      )}
    </div>
  );
}

/**
 * "Today & upcoming": what waits for the owner, the money due this week, then the next 30 days by day, each
 * reservation and block.
 */
export default function AgendaView({ copy, onError }: Props) {
  const text = copy.agenda;
  const agenda = useLoad(fetchAgenda, 'agenda', onError);
  if (!agenda.data) return <LoadState copy={copy} failed={agenda.failed} onRetry={agenda.reload} />;
  const days = agendaDays(agenda.data);
  const tomorrow = addDaysUtc(agenda.data.from, 1);
  const dayName = (date: string) => (date === agenda.data!.from ? text.today : date === tomorrow ? text.tomorrow : formatLongDate(date));
  return (
    <>
      <p className={styles.agendaLead}>{text.lead}</p>
      <Waiting copy={text} agenda={agenda.data} />
      <AgendaPaymentsDue copy={text.paymentsDue} due={agenda.data.paymentsDue} />
      {days.length === 0 ? (
        <p className={styles.empty}>{text.empty}</p>
      ) : (
        days.map((day) => (
          <section key={day.date} className={styles.agendaDay} aria-labelledby={`agenda-${day.date}`}>
            <h3 id={`agenda-${day.date}`} className={styles.agendaDate}>
              {dayName(day.date)}
            </h3>
            <ul className={styles.list}>
              {day.entries.map((entry) => (
                <AgendaEntry key={entry.key} copy={text} marks={copy.stageMarks} wholeDay={copy.blocks.wholeDay} entry={entry} />
              ))}
            </ul>
          </section>
        ))
      )}
    </>
  );
}
