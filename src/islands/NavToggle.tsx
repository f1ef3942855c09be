import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { CLOSE_ICON, MENU_ICON } from '../lib/icons';

interface Props {
  /** id of the collapsible panel holding the links (the toggle's aria-controls). */
  panelId: string;
  /** Visible text of the toggle, e.g. "Menu". */
  label: string;
  /** The navigation links, rendered as static HTML by the layout. */
  children?: ReactNode;
}

/**
 * Collapses the site navigation behind a toggle on small screens.
 * Before hydration (or with JavaScript off) the toggle is a plain link to the panel, which CSS opens with :target.
 */
export default function NavToggle({ panelId, label, children }: Props) {
  const [enhanced, setEnhanced] = useState(false);
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // Keep a panel the visitor opened through the no-JS link open once the real toggle takes over.
    if (window.location.hash === `#${panelId}`) {
      setOpen(true);
      history.replaceState(null, '', window.location.pathname + window.location.search);
    }
    setEnhanced(true);
  }, [panelId]);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node | null;
      if (target && (panelRef.current?.contains(target) || buttonRef.current?.contains(target))) return;
      setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);

  const closeOnLinkChoice = (event: MouseEvent<HTMLDivElement>) => {
    if ((event.target as Element).closest('a[href]')) setOpen(false);
  };

  const icon = (
    <svg className="icon" width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={open ? CLOSE_ICON : MENU_ICON} />
    </svg>
  );

  return (
    <>
      {enhanced ? (
        <button
          ref={buttonRef}
          type="button"
          className="nav-toggle"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((isOpen) => !isOpen)}
        >
          {icon}
          <span>{label}</span>
        </button>
      ) : (
        <a className="nav-toggle" href={`#${panelId}`}>
          {icon}
          <span>{label}</span>
        </a>
      )}
      <div
        ref={panelRef}
        id={panelId}
        className="nav-panel"
        data-enhanced={enhanced ? '' : undefined}
        data-open={open ? '' : undefined}
        onClick={closeOnLinkChoice}
      >
        {children}
      </div>
    </>
  );
}
