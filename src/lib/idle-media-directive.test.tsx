import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import idleMediaDirective, { IDLE_TIMEOUT_MS } from './idle-media-directive';

type Listener = (event: { matches: boolean }) => void;

/** A matchMedia stand-in whose answer the test can flip. */
function mediaQuery(initially: boolean) {
  const listeners = new Set<Listener>();
  const media = {
    matches: initially,
    addEventListener: (_: string, listener: Listener) => listeners.add(listener),
    removeEventListener: (_: string, listener: Listener) => listeners.delete(listener),
    change(matches: boolean) {
      media.matches = matches;
      for (const listener of [...listeners]) listener({ matches });
    },
  };
  return media;
}

function setReadyState(state: DocumentReadyState) {
  Object.defineProperty(document, 'readyState', { configurable: true, get: () => state });
}

async function directive(value: string) {
  const run = vi.fn();
  const load = vi.fn(async () => run);
  idleMediaDirective(load, { name: 'Island', value }, document.createElement('div'));
  return { load, run };
}

describe('client:idle-media', () => {
  let media: ReturnType<typeof mediaQuery>;
  beforeEach(() => {
    vi.useFakeTimers();
    media = mediaQuery(true);
    vi.stubGlobal('matchMedia', vi.fn(() => media));
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => setTimeout(callback, 50));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    setReadyState('complete');
  });

  test('waits for the load event before hydrating, then for idle time', async () => {
    setReadyState('loading');
    const { load, run } = await directive('all');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(load).not.toHaveBeenCalled();

    window.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(10);
    expect(load).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(50);
    expect(load).toHaveBeenCalledOnce();
    expect(run).toHaveBeenCalledOnce();
  });

  test('hydrates at the next idle time when the page has already loaded', async () => {
    setReadyState('complete');
    const { run } = await directive('all');
    await vi.advanceTimersByTimeAsync(60);
    expect(run).toHaveBeenCalledOnce();
  });

  test('hydrates IDLE_TIMEOUT_MS after the load when the browser never reports idle time', async () => {
    // A browser that stays busy: it calls back only when the timeout asked for runs out.
    vi.stubGlobal('requestIdleCallback', (callback: () => void, options?: IdleRequestOptions) => {
      if (options?.timeout !== undefined) setTimeout(callback, options.timeout);
    });
    setReadyState('complete');
    const { run } = await directive('all');
    await vi.advanceTimersByTimeAsync(IDLE_TIMEOUT_MS - 1);
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledOnce();
  });

  test('never hydrates while the media query does not match, and does once it starts matching', async () => {
    setReadyState('complete');
    media = mediaQuery(false);
    const { run } = await directive('(max-width: 900px)');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(run).not.toHaveBeenCalled();

    media.change(true);
    await vi.advanceTimersByTimeAsync(60);
    expect(run).toHaveBeenCalledOnce();
  });
});
