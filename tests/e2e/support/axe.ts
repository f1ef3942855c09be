import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { VIEWPORTS } from './browser';

/** The WCAG levels every screen and state must pass. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Runs axe in the page as it is now; returns one readable line per failing element (empty when clean). In axe.run's
 * mode ("legacy" to @axe-core/playwright): the same rules in the page itself, where the default runs them frame by
 * frame and joins the parts in a new blank page, a renderer process per check, to reach cross-origin frames. The
 * site has no frames, and that page cost three times the CPU of the check.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode().analyze();
  return results.violations.flatMap((violation) =>
    violation.nodes.map(
      (node) => `${violation.id} (${violation.impact}) at ${node.target.join(' ')}: ${node.failureSummary?.replace(/\s+/g, ' ')}`,
    ),
  );
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
