import type { KeyboardEvent } from 'react';
import type { DeskCopy } from '../../content-schemas/desk';
import { fillTemplate } from '@shared/template';
import styles from './desk.module.css';
import Template from './Template';

/** The desk's views, in bar order; the first is the default. A new view is one more name here. */
export const DESK_VIEWS = ['today', 'inquiries', 'bookings', 'blocks', 'mail', 'calendar'] as const;
/** One of the desk's views. */
export type DeskView = (typeof DESK_VIEWS)[number];

/** The view and what follows it in a location hash: "#inquiries/<id>" → inquiries and "<id>". */
function splitHash(hash: string): { name: string; detail: string } {
  const [name = '', ...rest] = hash.replace(/^#/, '').split('/');
  return { name, detail: rest.join('/') };
}

/** The view a location hash names ("#bookings", "#inquiries/<id>"), else the first view. */
export function viewFromHash(hash: string): DeskView {
  const { name } = splitHash(hash);
  return DESK_VIEWS.find((view) => view === name) ?? DESK_VIEWS[0];
}

/** What a hash names inside its view ("#inquiries/<id>" → "<id>"), decoded; "" when nothing or no known view. */
export function detailFromHash(hash: string): string {
  const { name, detail } = splitHash(hash);
  if (!DESK_VIEWS.some((view) => view === name)) return '';
  try {
    return decodeURIComponent(detail);
  } catch {
    return '';
  }
}

/** The heading of a view: its longer name when the copy has one, else its bar name. */
export function viewHeading(copy: DeskCopy, view: DeskView): string {
  return copy.viewHeadings[view] ?? copy.views[view];
}

interface Props {
  copy: DeskCopy;
  view: DeskView;
  username: string;
  onSignOut: () => void;
}

const HINT_ID = 'desk-nav-hint';

/**
 * Moves between the bar's links without Tab: arrows to the neighbour (wrapping), Home and End to the ends, and a
 * digit opens that view at once, so any view is at most a few key presses away.
 */
function onBarKey(event: KeyboardEvent<HTMLElement>): void {
  const links = [...event.currentTarget.querySelectorAll<HTMLAnchorElement>('a[href^="#"]')];
  const at = links.indexOf(document.activeElement as HTMLAnchorElement);
  if (at < 0 || event.altKey || event.ctrlKey || event.metaKey) return;
  const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
  let target: HTMLAnchorElement | undefined;
  if (step !== undefined) target = links[(at + step + links.length) % links.length];
  else if (event.key === 'Home') target = links[0];
  else if (event.key === 'End') target = links.at(-1);
  else if (/^[1-9]$/.test(event.key)) {
    const link = links[Number(event.key) - 1];
    if (link) {
      event.preventDefault();
      link.focus();
      link.click();
    }
    return;
  }
  if (!target) return;
  event.preventDefault();
  target.focus();
}

/** The desk's bar: a link per view (the current one marked), who is signed in, and "Sign out". */
export default function DeskNav({ copy, view, username, onSignOut }: Props) {
  return (
    <div className={styles.bar}>
      <nav aria-label={copy.navLabel} aria-describedby={HINT_ID} className={styles.nav} onKeyDown={onBarKey}>
        <ul className={styles.views}>
          {DESK_VIEWS.map((name, index) => (
            <li key={name}>
              <a
                href={`#${name}`}
                className={styles.viewLink}
                aria-current={name === view ? 'page' : undefined}
                aria-keyshortcuts={index < 9 ? String(index + 1) : undefined}
              >
                {copy.views[name]}
              </a>
            </li>
          ))}
        </ul>
        <span id={HINT_ID} hidden>
          {fillTemplate(copy.navHint, { count: Math.min(DESK_VIEWS.length, 9) })}
        </span>
      </nav>
      <div className={styles.account}>
        <span className={styles.who}>
          <Template text={copy.signedInAs} values={{ username: <bdi>{username}</bdi> }} />
        </span>
        <button type="button" className={`btn btn--secondary ${styles.signOut}`} onClick={onSignOut}>
          {copy.signOut}
        </button>
      </div>
    </div>
  );
}
