import { Fragment, useEffect, useRef, useState, type ReactNode } from 'react';
import type { DeskCopy } from '../../content-schemas/desk';
import { formatTexasMoment } from '@shared/texas-time';
import { INQUIRY_FIELD_COPY, inquiryFieldText } from '@shared/inquiry-fields';
import { mailtoHref } from '../../lib/mailto';
import { telHref } from '@shared/phone';
import { INQUIRY_FIELDS, type InquiryField, type InquiryFieldKey } from '@shared/schemas/inquiry';
import type { OwnerInquiry } from '@shared/schemas/owner/inquiries';
import InquiryEstimate from './InquiryEstimate';
import InquiryNotes from './InquiryNotes';
import InquiryStatusSelect from './InquiryStatusSelect';
import ProposalsPanel from './proposals/ProposalsPanel';
import { prefillFromInquiry } from './proposals/proposal-draft';
import Template from './Template';
import styles from './desk.module.css';

interface Props {
  copy: DeskCopy['inquiries'];
  /** The desk's copy: with it, the opened inquiry shows its proposals (src/islands/desk/proposals/). */
  desk?: DeskCopy;
  inquiry: OwnerInquiry;
  /** The inquiry a desk link named: shown open, scrolled to and focused. */
  linked?: boolean;
  /** The first opening of a new inquiry (the server clears its mark). */
  onOpen: (id: string) => void;
  /** The inquiry changed (its status, its notes). */
  onChange: (inquiry: OwnerInquiry) => void;
  onError: (error: unknown) => void;
}

const { labels } = INQUIRY_FIELD_COPY;
const byKind = (kind: InquiryField['kind']) => INQUIRY_FIELDS.filter((field) => field.kind === kind);
const named = (key: InquiryFieldKey) => INQUIRY_FIELDS.find((field) => field.key === key)!;
// The names make the summary line; the messages get a heading of their own; every other field is a fact.
const FACTS = INQUIRY_FIELDS.filter((field) => field.kind !== 'name' && field.kind !== 'message');

function factValue(inquiry: OwnerInquiry, field: InquiryField): ReactNode {
  const text = inquiryFieldText(inquiry, field);
  if (text === null) return null;
  if (field.kind === 'email') return <a href={mailtoHref(text)}><bdi>{text}</bdi></a>;
  if (field.kind === 'phone') return <a href={telHref(text)}><bdi>{text}</bdi></a>;
  return field.kind === 'text' ? <bdi>{text}</bdi> : text;
}

/**
 * One inquiry in the list: who, what, when and where it stands ("New" until first opened); opens in place to show
 * every field, the whole message, the estimate sent with it (if any), its proposals, its status and the owner's
 * private notes.
 */
export default function InquiryItem({ copy, desk, inquiry, linked = false, onOpen, onChange, onError }: Props) {
  const [open, setOpen] = useState(linked);
  const summary = useRef<HTMLButtonElement>(null);
  const detailsId = `inquiry-${inquiry.id}`;
  const name = byKind('name').map((field) => inquiry[field.key]).join(' ');

  useEffect(() => {
    if (!linked) return;
    setOpen(true);
    summary.current?.scrollIntoView({ block: 'start' });
    summary.current?.focus({ preventScroll: true });
  }, [linked]);

  const toggle = () => {
    if (!open && inquiry.isNew) onOpen(inquiry.id);
    setOpen(!open);
  };

  return (
    <li className={inquiry.isNew ? `${styles.item} ${styles.unopened}` : styles.item}>
      <button ref={summary} type="button" className={styles.summary} aria-expanded={open} aria-controls={detailsId} onClick={toggle}>
        <span className={styles.name}>
          <bdi>{name}</bdi>
          {inquiry.isNew && (
            <>
              {' '}
              <span className={`${styles.badge} ${styles.badge_new}`}>{copy.unopened}</span>
            </>
          )}
        </span>
        <span className={styles.meta}>
          <Template text={copy.statusSummary} values={{ status: copy.statuses[inquiry.status] }} />
        </span>
        <span className={styles.meta}>
          {inquiryFieldText(inquiry, named('eventType'))} · {inquiryFieldText(inquiry, named('eventDate'))}
        </span>
        <span className={styles.meta}>
          <Template text={copy.received} values={{ date: formatTexasMoment(inquiry.createdAt) }} />
        </span>
        {inquiry.acknowledgementHeld && <span className={styles.meta}>{copy.acknowledgementHeld}</span>}
      </button>
      <div id={detailsId} hidden={!open} className={styles.details}>
        <InquiryStatusSelect copy={copy} inquiry={inquiry} onChange={onChange} onError={onError} />
        <dl className={styles.facts}>
          {FACTS.map((field) => (
            <Fragment key={field.key}>
              <dt>{labels[field.key]}</dt>
              <dd>{factValue(inquiry, field)}</dd>
            </Fragment>
          ))}
        </dl>
        {byKind('message').map((field) => {
          const text = inquiryFieldText(inquiry, field);
          return (
            <Fragment key={field.key}>
              <h3 className={styles.messageHeading}>{labels[field.key]}</h3>
              {text ? <p className={styles.message} dir="auto">{text}</p> : <p className={styles.meta}>{copy.noMessage}</p>}
            </Fragment>
          );
        })}
        {inquiry.estimate && <InquiryEstimate copy={copy.estimate} priced={inquiry.estimate} />}
        {desk && open && (
          <ProposalsPanel inquiryId={inquiry.id} desk={desk} clientName={name} prefill={prefillFromInquiry(inquiry)} onError={onError} />
        )}
        <InquiryNotes
          copy={copy}
          inquiryId={inquiry.id}
          notes={inquiry.notes}
          onAdded={(note) => onChange({ ...inquiry, isNew: false, notes: [...inquiry.notes, note] })}
          onFailure={onError}
        />
      </div>
    </li>
  );
}
