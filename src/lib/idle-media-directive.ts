import type { ClientDirective } from 'astro';

/**
 * The longest an island waits for idle time once the page has loaded and its media query matches: a browser that stays
 * busy (a slow phone, a heavy tab beside it) may never report idle time, and the menu must still open. One second, as
 * web-vitals caps its own idle wait.
 */
export const IDLE_TIMEOUT_MS = 1_000;

/**
 * Astro client directive: hydrates once the page has loaded, the media query matches and the browser is idle (or
 * IDLE_TIMEOUT_MS later at the latest; never before the load), so no island script competes with the first view's
 * fonts and images.
 */
const idleMediaDirective: ClientDirective = (load, options) => {
  const hydrate = async () => {
    const run = await load();
    await run();
  };
  const idle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(() => void hydrate(), { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(() => void hydrate(), 200);
  };
  // Astro's own client:idle may fire before `load` on a slow phone; waiting for it keeps every script after the load.
  const whenIdle = () => {
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
  };
  const query = typeof options.value === 'string' ? options.value : 'all';
  const media = window.matchMedia(query);
  if (media.matches) {
    whenIdle();
    return;
  }
  const onChange = (event: MediaQueryListEvent) => {
    if (!event.matches) return;
    media.removeEventListener('change', onChange);
    whenIdle();
  };
  media.addEventListener('change', onChange);
};

export default idleMediaDirective;
