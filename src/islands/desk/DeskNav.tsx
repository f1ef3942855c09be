import type { DeskCopy } from '../../content.config';
import styles from './desk.module.css';
import Template from './Template';

/** The desk's views, in menu order. */
export const DESK_VIEWS = ['inquiries', 'bookings', 'blocks', 'mail', 'calendar'] as const;
/** One of the desk's views. */
export type DeskView = (typeof DESK_VIEWS)[number];

/** The view a location hash names ("#bookings", or "#inquiries/<id>" for one inquiry in its view), else the inquiries. */
export function viewFromHash(hash: string): DeskView {
  return DESK_VIEWS.find((view) => `#${view}` === hash || hash.startsWith(`#${view}/`)) ?? 'inquiries';
}

interface Props {
  copy: DeskCopy;
  view: DeskView;
  username: string;
  onSignOut: () => void;
}

/** The desk's bar: who is signed in, a link per view (the current one marked), and "Sign out". */
export default function DeskNav({ copy, view, username, onSignOut }: Props) {
  return (
    <div className={styles.bar}>
      <nav aria-label={copy.navLabel}>
        <ul className={styles.views}>
          {DESK_VIEWS.map((name) => (
            <li key={name}>
              <a href={`#${name}`} className={styles.viewLink} aria-current={name === view ? 'page' : undefined}>
                {copy.views[name]}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className={styles.account}>
        <span className={styles.who}>
          <Template text={copy.signedInAs} values={{ username: <bdi>{username}</bdi> }} />
        </span>
        <button type="button" className="btn btn--secondary" onClick={onSignOut}>
          {copy.signOut}
        </button>
      </div>
    </div>
  );
}
