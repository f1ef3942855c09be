import { useEffect, useRef, useState, type MouseEvent, type SyntheticEvent } from 'react';

/** One question and its answer. */
export interface FaqItem {
  id: string;
  question: string;
  answer: string;
}

/** A titled group of questions. */
export interface FaqGroup {
  id: string;
  title: string;
  items: FaqItem[];
}

interface Props {
  groups: FaqGroup[];
}

/**
 * FAQ groups as an accordion in which at most one answer is open; choosing the open question closes it.
 * Built on <details>/<summary> (sharing one `name`), so every answer is in the HTML and it works before hydration.
 */
export default function FaqAccordion({ groups }: Props) {
  const [openId, setOpenId] = useState<string | null>(null);
  const root = useRef<HTMLDivElement>(null);

  // An answer opened before hydration (slow phone, or JS late) is open in the DOM but not in state: adopt it, or the
  // next click on it would "open" it again instead of closing it.
  useEffect(() => {
    const opened = root.current?.querySelector<HTMLDetailsElement>('details[open]');
    if (opened?.dataset.itemId) setOpenId(opened.dataset.itemId);
  }, []);

  const toggle = (id: string) => (event: MouseEvent<HTMLElement>) => {
    event.preventDefault();
    setOpenId((current) => (current === id ? null : id));
  };

  // Keeps state in step when the browser opens or closes an item itself (e.g. find-in-page).
  const sync = (id: string) => (event: SyntheticEvent<HTMLDetailsElement>) => {
    const isOpen = event.currentTarget.open;
    setOpenId((current) => {
      if (isOpen) return id;
      return current === id ? null : current;
    });
  };

  return (
    <div className="faq-accordion" ref={root}>
      {groups.map((group) => (
        <section key={group.id} className="faq-group" aria-labelledby={`faq-group-${group.id}`}>
          <h2 id={`faq-group-${group.id}`}>{group.title}</h2>
          {group.items.map((item) => (
            <details
              key={item.id}
              id={`faq-${item.id}`}
              data-item-id={item.id}
              className="faq-item"
              name="faq"
              open={openId === item.id}
              onToggle={sync(item.id)}
            >
              <summary onClick={toggle(item.id)}>
                <span>{item.question}</span>
                <svg className="icon faq-item__chevron" width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
                  <path d="M6 9l6 6 6-6" />
                </svg>
              </summary>
              <div className="faq-item__answer">
                <p>{item.answer}</p>
              </div>
            </details>
          ))}
        </section>
      ))}
    </div>
  );
}
