import type { Browser, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { SLOT_LABELS, clock } from '../fixtures';
import { axeViolations } from './support/axe';
import { DEADLINE_MS, eventually, openContext, skipBrowser, useBrowser } from './support/browser';
import { offeredSlotsOn } from './support/slots';
import { ROUTES, settings } from './support/site';

/** Opens `path` at `width` × 900 px; the caller closes the context. */
async function openAt(browser: Browser, path: string, width: number) {
  const context = await openContext(browser, { viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.goto(path);
  // Layout is final once the faces that will be used are settled (`optional`: used now or not at all on this view).
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  return { context, page };
}

/** A row of a card grid: how many cards share it, or 'full' for one card as wide as the grid (one column, or a span). */
type Row = number | 'full';

/**
 * For each card grid matching `selector` in the page, its rows top to bottom (cards grouped by their top edge), e.g.
 * [[3], [3, 3]] for a grid of three and one of six, or [[2, 'full']] when the third card spans both columns.
 */
function cardRows(page: Page, selector = 'main .grid-3'): Promise<Row[][]> {
  return page.locator(selector).evaluateAll((grids) =>
    grids.map((grid) => {
      const width = grid.getBoundingClientRect().width;
      const rows = new Map<number, DOMRect[]>();
      for (const card of grid.children) {
        const box = card.getBoundingClientRect();
        const top = Math.round(box.top);
        rows.set(top, [...(rows.get(top) ?? []), box]);
      }
      return [...rows.entries()]
        .sort(([a], [b]) => a - b)
        .map(([, boxes]): Row => (boxes.length === 1 && boxes[0]!.width >= width - 1 ? 'full' : boxes.length));
    }),
  );
}

/** Whether a row of the grid holds one card that is narrower than the grid: a lone card beside an empty space. */
const hasLoneCard = (rows: Row[]) => rows.includes(1);

/**
 * How many line boxes an element's text takes: an inline element broken over lines has one client rect per line;
 * for a block, its height over its line height.
 */
function lineCount(page: Page, selector: string): Promise<number[]> {
  return page.locator(selector).evaluateAll((elements) =>
    elements.map((element) => {
      const style = getComputedStyle(element);
      if (style.display === 'inline') return element.getClientRects().length;
      return Math.round(element.getBoundingClientRect().height / parseFloat(style.lineHeight));
    }),
  );
}

describe.skipIf(skipBrowser)('layout at every width', () => {
  const browser = useBrowser();

  describe('card rows', () => {
    // Each page loads once and is laid out at every width in turn (grids and the footer are CSS: a resize lays them
    // out as a load at that width does).
    test.each(['/', '/about', '/services', '/menu', '/availability'])('no lone card on %s nor in its footer at 390, 600, 768, 1024 and 1280 px; three in a row at 768', async (path) => {
      const { context, page } = await openAt(browser(), path, 390);
      try {
        await page.locator('main .grid-3').first().waitFor();
        for (const width of [390, 600, 768, 1024, 1280]) {
          await page.setViewportSize({ width, height: 900 });
          await eventually(async () => (await cardRows(page)).filter(hasLoneCard), `${path} at ${width} px`).toEqual([]);
          // The footer's three sections too (brand, links, contact).
          await eventually(async () => (await cardRows(page, 'footer .site-footer__grid')).filter(hasLoneCard), `footer at ${width} px`).toEqual([]);
          // At 768 px three cards (the content's count today) sit in one row, or two and one spanning both (the
          // packages).
          if (width === 768) {
            for (const grid of await cardRows(page)) {
              if (grid.reduce<number>((sum, row) => sum + (row === 'full' ? 1 : row), 0) === 3) {
                expect([[3], [2, 'full']], path).toContainEqual(grid);
              }
            }
          }
        }
      } finally {
        await context.close();
      }
    });
  });

  describe('slot labels', () => {
    test('at 1280, 768, 600 and 390 px each time range of the checker sits on one line, and no slot card is alone in a row', async () => {
      const { context, page } = await openAt(browser(), '/availability', 1280);
      try {
        // A date no other file books, so all three slots are offered.
        expect(await offeredSlotsOn(page, clock.day(411))).toEqual([...SLOT_LABELS].sort());
        const ranges = page.locator('main label:has(input[name="timeSlot"]) > span > span');
        await eventually(() => ranges.count()).toBe(SLOT_LABELS.length);
        const texts = await ranges.allTextContents();
        for (const text of texts) expect(SLOT_LABELS.some((label) => label.endsWith(` ${text}`))).toBe(true);
        // The slots listed once, laid out at each width in turn.
        for (const width of [1280, 768, 600, 390]) {
          await page.setViewportSize({ width, height: 900 });
          await eventually(() => lineCount(page, 'main label:has(input[name="timeSlot"]) > span > span'), `${width} px`).toEqual(SLOT_LABELS.map(() => 1));
          await eventually(async () => (await cardRows(page, 'main fieldset > div:has(> label)')).filter(hasLoneCard), `${width} px`).toEqual([]);
        }
      } finally {
        await context.close();
      }
    });
  });

  describe('header brand', () => {
    /** The brand names the header shows (a visually hidden one has a 1 px box), their line counts and where they end. */
    const brandLayout = (page: Page) =>
      page.getByRole('banner').locator('a.brand').evaluate((link) => {
        const shown = [...link.querySelectorAll('.brand__name')].filter((name) => name.getBoundingClientRect().width > 1);
        const controls = [...document.querySelectorAll('header nav button, header nav a')].filter((el) => el.getClientRects().length);
        return {
          names: shown.map((name) => name.textContent),
          // A flex item is a block: its lines are its height over its line height.
          lines: shown.map((name) => Math.round(name.getBoundingClientRect().height / parseFloat(getComputedStyle(name).lineHeight))),
          right: Math.max(...shown.map((name) => name.getBoundingClientRect().right)),
          navLeft: Math.min(...controls.map((el) => el.getBoundingClientRect().left)),
          pageWidth: document.documentElement.scrollWidth,
        };
      });

    test.each([320, 360, 390, 1280])('at %i px the brand name is one line beside the menu, and the link still says the full name', async (width) => {
      const { context, page } = await openAt(browser(), '/', width);
      try {
        await page.getByRole('banner').getByRole('link', { name: settings.brandName, exact: true }).waitFor();
        await eventually(async () => (await brandLayout(page)).lines).toEqual([1]);
        const layout = await brandLayout(page);
        expect([settings.brandName, settings.shortName]).toContain(layout.names[0]);
        expect(layout.right).toBeLessThan(layout.navLeft);
        expect(layout.pageWidth).toBe(width);
        if (width > 390) expect(layout.names).toEqual([settings.brandName]);
        else expect(await axeViolations(page)).toEqual([]);
      } finally {
        await context.close();
      }
    });
  });

  describe('display face', () => {
    test('every page preloads exactly the one WOFF2 file its @font-face uses, `optional`, and that file is served', async () => {
      const context = await openContext(browser());
      try {
        const page = await context.newPage();
        const files = new Set<string>();
        for (const route of ROUTES) {
          await page.goto(route.path);
          const preloads = page.locator('head link[rel="preload"][as="font"]');
          await eventually(() => preloads.count(), route.path).toBe(1);
          expect(await preloads.getAttribute('type')).toBe('font/woff2');
          expect(await preloads.getAttribute('crossorigin')).not.toBeNull();
          const href = (await preloads.getAttribute('href'))!;
          // The preloaded file is the display face's own source, drawn `optional` (no late swap, no shift).
          const faces = await page.evaluate(() =>
            [...document.styleSheets].flatMap((sheet) =>
              [...sheet.cssRules].filter((rule) => rule instanceof CSSFontFaceRule).map((rule) => (rule as CSSFontFaceRule).style.cssText),
            ),
          );
          const face = faces.find((text) => text.includes(href));
          expect(face, route.path).toMatch(/font-display: optional/);
          files.add(href);
        }
        expect(files.size).toBe(1);
        const [href] = files;
        const answer = await context.request.get(href!, { timeout: DEADLINE_MS });
        expect(answer.status()).toBe(200);
        expect(answer.headers()['content-type']).toMatch(/^font\/woff2/);
        expect((await answer.body()).toString('latin1', 0, 4)).toBe('wOF2');
      } finally {
        await context.close();
      }
    });
  });
});
