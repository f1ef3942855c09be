import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import formsJson from '@content/forms.json';
import pagesJson from '@content/pages.json';
import plannerJson from '@content/bar-planner.json';
import { estimatePrice } from '@shared/pricing';
import { locateTexasZip } from '@shared/texas-zips';
import { BUSINESS_PHONE, PRICES } from '@shared/prices';
import { formatCents, formatPrice } from '@shared/money';
import { fillTemplate } from '@shared/template';
import { startingPrices } from '../../src/lib/price-examples';
import { INQUIRY_BUTTONS, INQUIRY_LABELS, clock, inquiry, inquiryEventLabel, site, uniqueEmail } from '../fixtures';
import { checkState } from './support/axe';
import { eventually, openPage, skipBrowser, useBrowser, waitForIsland, type ViewportName } from './support/browser';
import { mailTo } from './support/mail';

const { copy } = plannerJson.planner;
const estimateCopy = formsJson.contact.form.estimate;
const section = (page: Page) => page.getByRole('region', { name: plannerJson.planner.heading });
const priceTable = (page: Page) => section(page).getByRole('table', { name: copy.price.heading });
const totalRow = (page: Page) => priceTable(page).getByRole('row', { name: new RegExp(`^${copy.price.total}`) });

/** What the estimate route answers for `input` (no date: the same whatever today is). */
function priceOf(input: Record<string, unknown>) {
  const priced = estimatePrice(input, { prices: PRICES, phone: BUSINESS_PHONE, now: clock.now, locate: locateTexasZip });
  if (!priced.ok) throw new Error(`no price for ${JSON.stringify(input)}`);
  return priced.value.estimate;
}

async function openPlanner(viewportName: ViewportName, browser: Parameters<typeof openPage>[0]) {
  const opened = await openPage(browser, '/services', { viewportName });
  await section(opened.page).scrollIntoViewIfNeeded();
  await waitForIsland(opened.page, 'BarPlanner');
  await section(opened.page).getByLabel(copy.labels.guests, { exact: true }).and(opened.page.locator(':enabled')).waitFor();
  return opened;
}

/** Selects what a focused field holds and types over it. */
async function typeOver(page: Page, text: string) {
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

/** Guests, hours and the venue's ZIP typed by keyboard only: Tab from field to field (mix, package, level between). */
async function typePlan(page: Page, values: { guests: number; hours: number; zip: string }) {
  await section(page).getByLabel(copy.labels.guests, { exact: true }).focus();
  await typeOver(page, String(values.guests));
  await page.keyboard.press('Tab');
  await typeOver(page, String(values.hours));
  for (const name of ['mix', 'packageId', 'serviceLevel', 'zip'] as const) {
    await page.keyboard.press('Tab');
    if (name === 'zip') await eventually(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('zip');
  }
  await typeOver(page, values.zip);
}

describe.skipIf(skipBrowser)('the estimate on /services and /contact', () => {
  const browser = useBrowser();

  describe.each<ViewportName>(['phone', 'desktop'])('at %s width', (viewportName) => {
    test('typing guests, hours and ZIP by keyboard updates the price, line by line; announced; axe 0', async () => {
      const { context, page } = await openPlanner(viewportName, browser());
      try {
        const values = { guests: 140, hours: 6, zip: '78666' };
        await typePlan(page, values);
        const expected = priceOf({ packageId: 'wedding', serviceLevel: 'byob', addOns: [], ...values });
        await eventually(() => totalRow(page).innerText()).toContain(formatCents(expected.totalCents));
        const table = await priceTable(page).innerText();
        for (const line of expected.lines) expect(table).toContain(line.label);
        expect(table).toContain(`${expected.travel.miles} miles from ${expected.travel.from}`);
        await eventually(() => section(page).getByRole('status').textContent()).toContain(
          fillTemplate(copy.price.announce, { total: formatCents(expected.totalCents) }),
        );
        await checkState(page, `estimate-${viewportName}`);
      } finally {
        await context.close();
      }
    });

    test('"Send this estimate" attaches it to the inquiry, and the request to /api/contact carries it; axe 0', async () => {
      const { context, page } = await openPlanner(viewportName, browser());
      try {
        const values = { guests: 90, hours: 5, zip: '78701' };
        await typePlan(page, values);
        const expected = priceOf({ packageId: 'wedding', serviceLevel: 'byob', addOns: [], ...values });
        await eventually(() => totalRow(page).innerText()).toContain(formatCents(expected.totalCents));
        const link = section(page).getByRole('link', { name: copy.send });
        await eventually(() => link.getAttribute('href')).toContain('zip=78701');
        await link.focus();
        await page.keyboard.press('Enter');
        await page.waitForURL((url) => url.pathname === '/contact');
        await waitForIsland(page, 'InquiryForm');
        const attached = page.getByRole('region', { name: estimateCopy.heading });
        await eventually(() => attached.innerText()).toContain(fillTemplate(estimateCopy.total, { total: formatCents(expected.totalCents) }));
        await eventually(() => page.getByLabel(INQUIRY_LABELS.guestCount, { exact: true }).inputValue()).toBe('90');
        await eventually(() => new URL(page.url()).search).toBe('');
        await checkState(page, `estimate-attached-${viewportName}`);

        const sent = inquiry({ email: uniqueEmail(`estimate-${viewportName}`), guestCount: '95', eventDate: clock.day(100) });
        for (const name of ['firstName', 'lastName', 'email', 'phone', 'eventLocation'] as const) {
          await page.getByLabel(INQUIRY_LABELS[name], { exact: true }).fill(String(sent[name]));
        }
        await page.getByLabel(INQUIRY_LABELS.guestCount, { exact: true }).fill('95');
        await page.getByLabel(INQUIRY_LABELS.eventDate, { exact: true }).fill(clock.day(100));
        await page.getByLabel(INQUIRY_LABELS.eventType, { exact: true }).selectOption({ label: inquiryEventLabel(sent.eventType) });
        const request = page.waitForRequest('**/api/contact');
        const answer = page.waitForResponse('**/api/contact');
        await page.getByRole('button', { name: INQUIRY_BUTTONS.submit }).click();
        expect((await request).postDataJSON().estimate).toEqual({
          packageId: 'wedding',
          serviceLevel: 'byob',
          guests: 95,
          hours: 5,
          zip: '78701',
          addOns: [],
          date: clock.day(100),
        });
        expect((await answer).status()).toBe(201);
      } finally {
        await context.close();
      }
    });

    test('with JavaScript off, each package shows its starting price and the planner its worked example', async () => {
      const { context, page } = await openPage(browser(), '/services', { viewportName, javaScriptEnabled: false });
      try {
        const starting = startingPrices(PRICES, clock.now);
        for (const [id, estimate] of Object.entries(starting)) {
          const from = fillTemplate(pagesJson.services.packages.from, { price: formatPrice(estimate.totalCents) });
          const card = page.locator('article.package').nth(Object.keys(starting).indexOf(id));
          await eventually(() => card.innerText()).toContain(from);
        }
        const { mix: _mix, ...example } = plannerJson.planner.example;
        await eventually(() => totalRow(page).innerText()).toContain(formatCents(priceOf(example).totalCents));
      } finally {
        await context.close();
      }
    });
  });

  test('the owner\'s mail of an inquiry sent with an estimate shows its total', async () => {
    const { context, page } = await openPlanner('desktop', browser());
    try {
      const values = { guests: 60, hours: 4, zip: '78701' };
      await typePlan(page, values);
      const expected = priceOf({ packageId: 'wedding', serviceLevel: 'byob', addOns: [], ...values });
      await eventually(() => totalRow(page).innerText()).toContain(formatCents(expected.totalCents));
      await section(page).getByRole('link', { name: copy.send }).click();
      await page.getByRole('region', { name: estimateCopy.heading }).waitFor();
      const sent = inquiry({ email: uniqueEmail('estimate-mail'), guestCount: '60' });
      for (const name of ['firstName', 'lastName', 'email', 'phone', 'eventDate', 'eventLocation'] as const) {
        await page.getByLabel(INQUIRY_LABELS[name], { exact: true }).fill(String(sent[name]));
      }
      await page.getByLabel(INQUIRY_LABELS.eventType, { exact: true }).selectOption({ label: inquiryEventLabel(sent.eventType) });
      await page.getByRole('button', { name: INQUIRY_BUTTONS.submit }).click();
      // The owner's inbox holds other tests' inquiries too: wait for this one's, by its client's address.
      const total = formatCents(expected.totalCents);
      await expect
        .poll(async () => (await mailTo(site.email)).find((mail) => mail.text.includes(sent.email))?.text ?? '', { timeout: 30_000 })
        .toContain(`Total: ${total}`);
    } finally {
      await context.close();
    }
  });
});
