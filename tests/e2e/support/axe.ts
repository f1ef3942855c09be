import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { VIEWPORTS } from './browser';

/** The WCAG levels every screen and state must pass. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** What a page's `window` holds once axe's source has run in it. */
type WithAxe = { axe?: typeof axe };

/**
 * Runs axe-core in the page as it is now; returns one readable line per failing element (empty when clean). axe's
 * source (about 0.5 MB) goes into each document once and serves every later check of it, and only violations are
 * collected. @axe-core/playwright, used here before, parsed the source again and listed every passing rule on every
 * check: 0.6–1.0 s a check, against 0.06–0.25 s once the source is in (0.5 s for the first check of a document).
 * CDP's evaluate is not bound by the page's Content-Security-Policy, so the site's own policy stays as it ships.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const loaded = await page.evaluate(() => typeof (window as WithAxe).axe?.run === 'function');
  if (!loaded) await page.evaluate(axe.source);
  const lines = await page.evaluate(async (tags) => {
    const options = { runOnly: { type: 'tag' as const, values: tags }, resultTypes: ['violations' as const] };
    const { violations } = await (window as WithAxe).axe!.run(document, options);
    return violations.flatMap(({ id, impact, nodes }) =>
      nodes.map(({ target, failureSummary = '' }) => `${id} (${impact}) at ${target.join(' ')}: ${failureSummary}`),
    );
  }, WCAG_TAGS);
  return lines.map((line) => line.replace(/\s+/g, ' '));
}

/**
 * Checks one state of a page at the phone and the desktop width: axe finds nothing at either. With
 * DESK_SCREENSHOTS=<dir> set, each width is also saved as <dir>/<state>-<width>.png for a person to look at.
 */
export async function checkState(page: Page, state: string): Promise<void> {
  const original = page.viewportSize();
  for (const size of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
    await page.setViewportSize(size);
    expect(await axeViolations(page), `${state} at ${size.width} px`).toEqual([]);
    const dir = process.env.DESK_SCREENSHOTS;
    if (dir) {
      mkdirSync(dir, { recursive: true });
      await page.screenshot({ path: join(dir, `${state}-${size.width}.png`), fullPage: true });
    }
  }
  if (original) await page.setViewportSize(original);
}
