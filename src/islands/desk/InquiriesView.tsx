import { useEffect, useLayoutEffect, useRef, useState, type SubmitEvent } from 'react';
import type { DeskCopy } from '../../content-schemas/desk';
import { fetchInquiries, openInquiry } from '../../lib/desk-api';
import type { InquiryStatus, OwnerInquiry } from '@shared/schemas/owner/inquiries';
import InquiriesExport from './InquiriesExport';
import PaymentsExport from './PaymentsExport';
import InquiryStatusFilter from './InquiryStatusFilter';
import LoadState from './LoadState';
import InquiryItem from './InquiryItem';
import Template from './Template';
import styles from './desk.module.css';
import { useLinkedInquiry } from './use-linked-inquiry';
import { useLoad } from './use-load';

interface Props {
  copy: DeskCopy;
  onError: (error: unknown) => void;
}

/**
 * Inquiries, newest first: search by name, e-mail or phone ("Show all" ends a search; the term is POSTed, never put in
 * an address) and filter by status, alone or together; 50 at a time with "Load more", each one opens in place; the
 * CSV download holds what the list shows. A desk link (`#inquiries/<id>`) opens that inquiry, fetched when it is
 * not on the page.
 */
export default function InquiriesView({ copy, onError }: Props) {
  const text = copy.inquiries;
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<InquiryStatus>();
  const [more, setMore] = useState(false);
  const list = useRef<HTMLUListElement>(null);
  const search = useRef<HTMLInputElement>(null);
  const linkedId = useLinkedInquiry();
  const [linked, setLinked] = useState<string>();
  // After "Load more", the first new inquiry takes the focus, in the commit that shows it.
  const focusAfterCommit = useRef<number>(undefined);
  useLayoutEffect(() => {
    if (focusAfterCommit.current === undefined) return;
    list.current?.querySelectorAll<HTMLButtonElement>('[aria-expanded]')[focusAfterCommit.current]?.focus();
    focusAfterCommit.current = undefined;
  });
  const page = useLoad(() => fetchInquiries(q, status), `${status ?? ''}|${q}`, onError);
  const loaded = page.data !== undefined;

  /** Puts `inquiry` in the list in place of its old self, or first when it was not on the page. */
  const update = (inquiry: OwnerInquiry, addIfMissing = false) =>
    page.setData((current) => {
      const shown = current.inquiries.some((item) => item.id === inquiry.id);
      if (!shown && !addIfMissing) return current;
      const inquiries = shown ? current.inquiries.map((item) => (item.id === inquiry.id ? inquiry : item)) : [inquiry, ...current.inquiries];
      return { ...current, inquiries };
    });

  const open = async (id: string, addIfMissing = false) => {
    try {
      update(await openInquiry(id), addIfMissing);
      return true;
    } catch (error) {
      onError(error);
      return false;
    }
  };

  // Once the first page is in, the linked inquiry is opened (fetched by id, so it need not be on this page), once.
  const handled = useRef<string>(undefined);
  useEffect(() => {
    if (!linkedId || !loaded || handled.current === linkedId) return;
    handled.current = linkedId;
    void open(linkedId, true).then((found) => found && setLinked(linkedId));
  }, [linkedId, loaded]);

  // A new search or filter is a new list: the link's inquiry is no longer singled out.
  const filter = (next: { q: string; status: InquiryStatus | undefined }) => {
    setLinked(undefined);
    setQ(next.q);
    setStatus(next.status);
  };

  const onSearch = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    filter({ q: String(new FormData(event.currentTarget).get('q') ?? '').trim(), status });
  };

  const showAll = () => {
    if (search.current) search.current.value = '';
    filter({ q: '', status });
    search.current?.focus();
  };

  const loadMore = async () => {
    const shown = page.data?.inquiries.length ?? 0;
    setMore(true);
    try {
      const next = await fetchInquiries(q, status, page.data?.nextCursor);
      // Focus the first new inquiry, so keyboard users carry on where the list grew.
      focusAfterCommit.current = shown;
      page.setData((current) => ({ inquiries: [...current.inquiries, ...next.inquiries], nextCursor: next.nextCursor }));
    } catch (error) {
      onError(error);
    } finally {
      setMore(false);
    }
  };

  const statusName = status && text.statuses[status];
  const empty = q ? (statusName ? text.noMatchWithStatus : text.noMatch) : statusName ? text.noneWithStatus : text.empty;

  return (
    <>
      <p className={styles.lead}>{text.lead}</p>
      <div className={styles.toolbar}>
        <form role="search" className={styles.search} onSubmit={onSearch}>
          <label htmlFor="inquiry-search">{text.searchLabel}</label>
          <div className={styles.searchRow}>
            <input ref={search} id="inquiry-search" name="q" type="search" className={styles.input} maxLength={200} defaultValue={q} />
            <button type="submit" className="btn btn--primary">
              {text.search}
            </button>
            {q && (
              <button type="button" className="btn btn--secondary" onClick={showAll}>
                {text.clear}
              </button>
            )}
          </div>
        </form>
        <InquiryStatusFilter copy={text} status={status} onChange={(next) => filter({ q, status: next })} />
        <InquiriesExport copy={copy} q={q} status={status} onError={onError} />
        <PaymentsExport copy={copy.payments.export} onError={onError} />
      </div>
      {!page.data ? (
        <LoadState copy={copy} failed={page.failed} onRetry={page.reload} />
      ) : page.data.inquiries.length === 0 ? (
        <p className={styles.empty} role="status">
          <Template text={empty} values={{ q: <bdi>{q}</bdi>, status: statusName }} />
        </p>
      ) : (
        <>
          <ul ref={list} className={styles.list}>
            {page.data.inquiries.map((inquiry) => (
              <InquiryItem
                key={inquiry.id}
                copy={text}
                desk={copy}
                inquiry={inquiry}
                linked={inquiry.id === linked}
                onOpen={(id) => void open(id)}
                onChange={(changed) => update(changed)}
                onError={onError}
              />
            ))}
          </ul>
          {page.data.nextCursor && (
            <button type="button" className={`btn btn--secondary ${styles.more}`} onClick={loadMore} disabled={more} aria-busy={more}>
              {more ? copy.loading : text.loadMore}
            </button>
          )}
        </>
      )}
    </>
  );
}
