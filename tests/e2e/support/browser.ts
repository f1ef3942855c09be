import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page, type Response } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import type { Clock } from '../../fixtures';
import { workerSite } from './context';
import { queryRows } from './db';

/** The viewports every flow is checked at: a phone and a desktop. */
export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

/** Name of a viewport in VIEWPORTS. */
export type ViewportName = keyof typeof VIEWPORTS;

/** sessionStorage key and value the renovation notice sets once dismissed (see src/islands/RenovationNotice.tsx). */
export const NOTICE_SEEN = { key: 'renovationNoticeSeen', value: 'true' } as const;

const e2e = inject('e2e');

/** Origin of the server under test (this worker's). */
export const baseURL = workerSite().baseURL;

/** True when the browser suite cannot run here (no Chromium); the reason was printed by the global setup. */
export const skipBrowser = e2e.skipReason !== '';

/**
 * Connects this test file to the shared browser for its lifetime; call at the top of a describe block. Each file
 * starts with fresh per-client budgets: every visit of the suite reaches the functions from the loopback address (the
 * server takes it from the connection, as Netlify does), and the suite as a whole books more than one client's daily
 * holds.
 */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await chromium.connect(e2e.wsEndpoint);
    await queryRows('DELETE FROM client_throttle');
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('useBrowser(): the browser is not connected yet (use it inside a test)');
    return browser;
  };
}

/** Options of openContext. */
export interface ContextOptions extends BrowserContextOptions {
  viewportName?: ViewportName;
  /** Mark the renovation notice as seen before any page script runs (default true: only notice tests want it). */
  noticeSeen?: boolean;
  /** Fix the pages' clock (`Date`, not timers) at this clock's instant, for checks of what "today" is. */
  clock?: Clock;
}

/** A fresh, isolated browser context (own cookies and sessionStorage) at a named viewport. */
export async function openContext(browser: Browser, options: ContextOptions = {}): Promise<BrowserContext> {
  const { viewportName = 'desktop', noticeSeen = true, clock, ...rest } = options;
  const context = await browser.newContext({ baseURL, viewport: VIEWPORTS[viewportName], reducedMotion: 'reduce', ...rest });
  // Generous: npm test runs the other test groups beside the browser's on two cores.
  context.setDefaultTimeout(DEADLINE_MS);
  if (clock) await context.clock.setFixedTime(clock.now);
  if (noticeSeen) {
    await context.addInitScript(({ key, value }) => {
      try {
        window.sessionStorage.setItem(key, value);
      } catch {
        // about:blank and opaque origins have no storage
      }
    }, NOTICE_SEEN);
  }
  return context;
}

/** Opens `path` in a new page of a fresh context; the caller closes the context. */
export async function openPage(
  browser: Browser,
  path: string,
  options: ContextOptions = {},
): Promise<{ context: BrowserContext; page: Page; response: Response | null }> {
  const context = await openContext(browser, options);
  const page = await context.newPage();
  const response = await page.goto(path);
  return { context, page, response };
}

/** Waits until the island of this component (e.g. 'FaqAccordion') has hydrated: Astro drops `ssr` from it then. */
export async function waitForIsland(page: Page, component: string): Promise<void> {
  await page.locator(`astro-island[component-url*="/${component}."]:not([ssr])`).first().waitFor({ state: 'attached' });
}

/** How long a browser assertion keeps retrying before it fails: as long as a locator waits (see openContext). */
export const DEADLINE_MS = 30_000;

/** How often `eventually` reads again: each read is a round trip to Chromium, and two files poll at once. */
const POLL_MS = 100;

/**
 * Retries `read` until the matcher holds or DEADLINE_MS passes, for what the page settles into a moment later
 * (after a click, a fetch or a hydration): `await eventually(() => locator.count()).toBe(0)`.
 */
export function eventually<T>(read: () => T | Promise<T>, message?: string) {
  return expect.poll(read, { timeout: DEADLINE_MS, interval: POLL_MS, message });
}
