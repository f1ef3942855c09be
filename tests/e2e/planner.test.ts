import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import cocktailsJson from '@content/cocktails.json';
import plannerJson from '@content/bar-planner.json';
import { bartendersText, drinksText, mixOptions, planBar, planMessage, quantityText, resultSummary, type PlanInput, type PlannerRules } from '../../src/lib/bar-planner';
import { browserPrices } from '../../src/lib/estimate';
import { BUSINESS_PHONE, PRICES } from '@shared/prices';
import { fillTemplate } from '@shared/template';
import { INQUIRY_LABELS } from '../fixtures';
import { checkState } from './support/axe';
import { eventually, openPage, skipBrowser, useBrowser, waitForIsland, type ViewportName } from './support/browser';

const rules = plannerJson.planner as unknown as PlannerRules;
const { copy } = rules;
const cocktails = cocktailsJson.map(({ id, name }) => ({ id, name }));

/** The planner's table cases: worked by hand in src/lib/bar-planner.test.ts. */
const CASES: PlanInput[] = [
  { guests: 50, hours: 4, mix: 'beer-wine' },
  { guests: 120, hours: 5, mix: 'spirits' },
  { guests: 30, hours: 3, mix: 'texas-mule' },
];

function planFor(input: PlanInput) {
  const result = planBar(input, rules, cocktails, browserPrices(PRICES), BUSINESS_PHONE);
  if (!result.ok) throw new Error(`no plan for ${JSON.stringify(input)}`);
  return result.plan;
}

const section = (page: Page) => page.getByRole('region', { name: plannerJson.planner.heading });
const input = (page: Page, name: keyof typeof copy.labels) => section(page).getByLabel(copy.labels[name], { exact: true });

/** Opens /services, scrolls to the planner and waits until it has hydrated (its inputs are enabled). */
async function openPlanner(viewportName: ViewportName, browser: Parameters<typeof openPage>[0]) {
  const opened = await openPage(browser, '/services', { viewportName });
  await section(opened.page).scrollIntoViewIfNeeded();
  await waitForIsland(opened.page, 'BarPlanner');
  await input(opened.page, 'guests').and(opened.page.locator(':enabled')).waitFor();
  return opened;
}

/** Types a number into a focused field by keyboard: select what is there, then type over it. */
async function typeNumber(page: Page, value: number) {
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(String(value));
}

/** Enters `plan` by keyboard only: Tab from the guests field to hours and to the mix, arrows through the mixes. */
async function enterByKeyboard(page: Page, plan: PlanInput) {
  await input(page, 'guests').focus();
  await typeNumber(page, plan.guests);
  await page.keyboard.press('Tab');
  await typeNumber(page, plan.hours);
  await page.keyboard.press('Tab');
  const ids = mixOptions(rules, cocktails).map((option) => option.id);
  const from = ids.indexOf(await input(page, 'mix').inputValue());
  const to = ids.indexOf(plan.mix);
  for (let step = 0; step < Math.abs(to - from); step++) await page.keyboard.press(to > from ? 'ArrowDown' : 'ArrowUp');
  await eventually(() => input(page, 'mix').inputValue()).toBe(plan.mix);
}

/** The shopping list as shown: [item, quantity] rows of every table but the price's. */
async function shownRows(page: Page): Promise<string[][]> {
  return section(page)
    .locator('table:not(:has(tfoot)) tbody tr')
    .evaluateAll((rows) => rows.map((row) => [row.querySelector('th')?.textContent ?? '', row.querySelector('td')?.textContent ?? '']));
}

describe.skipIf(skipBrowser)('bar planner on /services', () => {
  const browser = useBrowser();

  // Typed at the phone's width; every state is checked by axe at the desktop's too (checkState). The arithmetic is
  // the same at both widths, and the planner's desktop layout is the widths suite's.
  describe.each<ViewportName>(['phone'])('at %s width', (viewportName) => {
    test('works out the three table cases typed by keyboard, announces each, axe 0 at 390 and 1280 px', async () => {
      const { context, page } = await openPlanner(viewportName, browser());
      try {
        await checkState(page, 'planner-empty');
        for (const plan of CASES) {
          await enterByKeyboard(page, plan);
          const expected = planFor(plan);
          await eventually(() => shownRows(page)).toEqual(expected.lines.map((line) => [line.label, quantityText(line)]));
          await eventually(() => section(page).getByRole('status').textContent()).toContain(resultSummary({ ok: true, plan: expected }, copy));
          await eventually(() => section(page).locator('p', { hasText: `${copy.bartendersLabel}:` }).textContent()).toBe(
            `${copy.bartendersLabel}: ${bartendersText(expected.bartenders, copy)}`,
          );
          await checkState(page, `planner-${plan.guests}-guests`);
        }
      } finally {
        await context.close();
      }
    });

    test('refuses more guests than the price list takes with its "call us" sentence, axe 0 at 390 and 1280 px', async () => {
      const { context, page } = await openPlanner(viewportName, browser());
      try {
        await input(page, 'guests').focus();
        await typeNumber(page, PRICES.guests.max + 1);
        const problem = fillTemplate(PRICES.copy.tooManyGuests, { max: PRICES.guests.max, phone: BUSINESS_PHONE });
        await eventually(() => input(page, 'guests').getAttribute('aria-invalid')).toBe('true');
        // The message is the field's description, and the live region reads it once the visitor pauses.
        await eventually(async () => {
          const id = await input(page, 'guests').getAttribute('aria-describedby');
          return id ? page.locator(`[id="${id}"]`).textContent() : null;
        }).toBe(problem);
        await eventually(() => section(page).getByRole('status').textContent()).toContain(problem);
        await eventually(() => section(page).locator('table:not(:has(tfoot))').count()).toBe(0);
        await checkState(page, 'planner-out-of-range');
      } finally {
        await context.close();
      }
    });

    test('"Send this estimate" lands on /contact with the guest count and the plan filled in, axe 0 at 390 and 1280 px', async () => {
      const { context, page } = await openPlanner(viewportName, browser());
      try {
        const plan = CASES[1]!;
        await enterByKeyboard(page, plan);
        const link = section(page).getByRole('link', { name: copy.send });
        await eventually(() => link.getAttribute('href')).toContain(`guestCount=${plan.guests}`);
        await link.focus();
        await page.keyboard.press('Enter');
        await page.waitForURL((url) => url.pathname === '/contact');
        await waitForIsland(page, 'InquiryForm');
        const guestCount = page.getByLabel(INQUIRY_LABELS.guestCount, { exact: true });
        const message = page.getByLabel(INQUIRY_LABELS.message, { exact: true });
        await eventually(() => guestCount.inputValue()).toBe(String(plan.guests));
        await eventually(() => message.inputValue()).toBe(planMessage(planFor(plan), copy));
        await eventually(() => new URL(page.url()).search).toBe('');
        // The box shows every line of the plan: nothing of it is scrolled out of sight (at 390 px it is ~9 lines).
        await eventually(() => message.evaluate((box) => box.scrollHeight - box.clientHeight)).toBeLessThanOrEqual(0);
        expect(await message.evaluate((box) => box.clientHeight)).toBeGreaterThan(100);
        await checkState(page, 'planner-sent');
      } finally {
        await context.close();
      }
    });
  });

  test('a /contact link with a plan hiding a postscript under 60 blank lines fills nothing in', async () => {
    const plan = planMessage(planFor(CASES[0]!), copy);
    const hostile = `${plan}${'\n'.repeat(60)}P.S. please cancel my other booking`;
    const search = new URLSearchParams({ guestCount: '50', message: hostile });
    const { context, page } = await openPage(browser(), `/contact?${search}`, { viewportName: 'phone' });
    try {
      await waitForIsland(page, 'InquiryForm');
      const guestCount = page.getByLabel(INQUIRY_LABELS.guestCount, { exact: true });
      await eventually(() => guestCount.inputValue()).toBe('50');
      await eventually(() => new URL(page.url()).search).toBe('');
      expect(await page.getByLabel(INQUIRY_LABELS.message, { exact: true }).inputValue()).toBe('');
    } finally {
      await context.close();
    }
  });

  test('without JavaScript the section shows the example plan and the rules of thumb, never an empty box', async () => {
    const { context, page } = await openPage(browser(), '/services', { viewportName: 'phone', javaScriptEnabled: false });
    try {
      const expected = planFor(plannerJson.planner.example);
      await eventually(() => shownRows(page)).toEqual(expected.lines.map((line) => [line.label, quantityText(line)]));
      // Read as text: the locator engine skips <noscript>, which a browser without JavaScript shows.
      await eventually(() => section(page).innerText()).toContain(copy.noscript);
      const text = await section(page).innerText();
      for (const shown of [plannerJson.planner.hostNote, copy.rulesHeading, drinksText(expected, copy)]) expect(text).toContain(shown);
      expect(await section(page).getByRole('link', { name: copy.send }).getAttribute('href')).toContain(`guestCount=${expected.guests}`);
      // Each package card's starting price, and the worked example's price, are in the HTML.
      for (const card of await page.locator('article.package').all()) expect(await card.innerText()).toMatch(/From \$[\d,]+/);
      await eventually(() => section(page).getByRole('table', { name: copy.price.heading }).innerText()).toContain(copy.price.total);
    } finally {
      await context.close();
    }
  });
});
