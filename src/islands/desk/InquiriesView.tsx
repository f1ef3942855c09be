import { useLayoutEffect, useRef, useState, type SubmitEvent } from 'react';
import type { DeskCopy } from '../../content.config';
import { fetchInquiries } from '../../lib/desk-api';
import InquiriesExport from './InquiriesExport';
import LoadState from './LoadState';
import InquiryItem from './InquiryItem';
import Template from './Template';
import styles from './desk.module.css';
import { useLoad } from './use-load';

interface Props {
  copy: DeskCopy;
  onError: (error: unknown) => void;
}

/**
 * Inquiries, newest first: search by name, e-mail or phone ("Show all" ends a search; the term is POSTed, never put in
 * an address), 50 at a time with "Load more", each one opens in place; the CSV download holds what the list shows.
 */
export default function InquiriesView({ copy, onError }: Props) {
  const text = copy.inquiries;
  const [q, setQ] = useState('');
  const [more, setMore] = useState(false);
  const list = useRef<HTMLUListElement>(null);
  const search = useRef<HTMLInputElement>(null);
  // After "Load more", the first new inquiry takes the focus, in the commit that shows it.
  const focusAfterCommit = useRef<number>(undefined);
  useLayoutEffect(() => {
    if (focusAfterCommit.current === undefined) return;
    list.current?.querySelectorAll<HTMLButtonElement>('[aria-expanded]')[focusAfterCommit.current]?.focus();
    focusAfterCommit.current = undefined;
  });
  const page = useLoad(() => fetchInquiries(q), q, onError);

  const onSearch = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setQ(String(new FormData(event.currentTarget).get('q') ?? '').trim());
  };

  const showAll = () => {
    if (search.current) search.current.value = '';
    setQ('');
    search.current?.focus();
  };

  const loadMore = async () => {
    const shown = page.data?.inquiries.length ?? 0;
    setMore(true);
    try {
      const next = await fetchInquiries(q, page.data?.nextCursor);
      // Focus the first new inquiry, so keyboard users carry on where the list grew.
      focusAfterCommit.current = shown;
      page.setData((current) => ({ inquiries: [...current.inquiries, ...next.inquiries], nextCursor: next.nextCursor }));
    } catch (error) {
      onError(error);
    } finally {
      setMore(false);
    }
  };

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
        <InquiriesExport copy={copy} q={q} onError={onError} />
      </div>
      {!page.data ? (
        <LoadState copy={copy} failed={page.failed} onRetry={page.reload} />
      ) : page.data.inquiries.length === 0 ? (
        <p className={styles.empty} role="status">
          {q ? <Template text={text.noMatch} values={{ q: <bdi>{q}</bdi> }} /> : text.empty}
        </p>
      ) : (
        <>
          <ul ref={list} className={styles.list}>
            {page.data.inquiries.map((inquiry) => (
              <InquiryItem key={inquiry.id} copy={text} inquiry={inquiry} />
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
