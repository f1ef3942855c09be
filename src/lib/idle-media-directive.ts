import type { ClientDirective } from 'astro';

/** Astro client directive: hydrates once the media query matches and the browser is idle (never earlier). */
const idleMediaDirective: ClientDirective = (load, options) => {
  const hydrate = async () => {
    const run = await load();
    await run();
  };
  const whenIdle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(() => void hydrate());
    else setTimeout(() => void hydrate(), 200);
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
