import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { fillTemplate } from '@shared/template';
import { formatLongDate } from '@shared/texas-time';
import { clock } from '../fixtures';
import { checkState } from './support/axe';
import { VIEWPORTS, eventually, openContext, skipBrowser, useBrowser, type ViewportName } from './support/browser';
import { DESK, addOwner, openDesk, signIn } from './support/desk';

const OWNER = { username: `phone-owner-${Date.now()}`, password: 'a-call-from-the-ranch-2026' };
const RUN = Date.now().toString(36);
const PHONE = DESK.phoneBooking;

/** Presses Tab until a button whose text is `text` has focus (inside the list row naming `row`, when given). */
async function tabTo(page: Page, text: string, row = ''): Promise<void> {
  for (let step = 0; step < 80; step += 1) {
    await page.keyboard.press('Tab');
    const found = await page.evaluate(
      ({ text, row }) => {
        const element = document.activeElement;
        return element?.textContent === text && (!row || !!element.closest('li')?.textContent?.includes(row));
      },
      { text, row },
    );
    if (found) return;
  }
  throw new Error(`no focus stop for "${text}" within 80 presses`);
}

/** Presses Tab until the form control named `name` has focus (a date field's segments take Tabs of their own). */
async function tabToField(page: Page, name: string): Promise<void> {
  for (let step = 0; step < 10; step += 1) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((name) => document.activeElement?.getAttribute('name') === name, name)) return;
  }
  throw new Error(`no focus stop for the field "${name}"`);
}

/** The date typed into a focused date field, as Chromium's en-US segments take it (month, day, year). */
const typed = (date: string) => `${date.slice(5, 7)}${date.slice(8, 10)}${date.slice(0, 4)}`;

/**
 * What an open toast covers: the view bar (when fixed at the bottom) and every button the owner can see (clipped to
 * the scrolling views), by their boxes. Fails when no toast is open.
 */
function coveredByToast(page: Page): Promise<string[]> {
  return page.evaluate((navLabel) => {
    const section = document.querySelector('section[aria-label^="Notifications"]')!;
    const card = section.firstElementChild!.getBoundingClientRect();
    if (card.height === 0) throw new Error('no toast is open');
    const main = document.querySelector('main')!.getBoundingClientRect();
    const overlaps = (box: DOMRect, clip?: DOMRect) => {
      const top = Math.max(box.top, clip?.top ?? -Infinity);
      const bottom = Math.min(box.bottom, clip?.bottom ?? Infinity);
      return box.width > 0 && bottom > top && bottom > card.top && top < card.bottom && box.right > card.left && box.left < card.right;
    };
    const nav = document.querySelector(`nav[aria-label="${navLabel}"]`)!;
    const covered = overlaps(nav.getBoundingClientRect()) ? ['the view bar'] : [];
    for (const button of Array.from(document.querySelectorAll('button'))) {
      if (section.contains(button)) continue;
      if (overlaps(button.getBoundingClientRect(), main)) covered.push(`button ${button.textContent?.trim()}`);
    }
    return covered;
  }, DESK.navLabel);
}

describe.skipIf(skipBrowser)("the owner's desk: a client who called", () => {
  const browser = useBrowser();

  beforeAll(async () => {
    expect(await addOwner(OWNER.username, OWNER.password)).toContain(`Created the owner "${OWNER.username}"`);
  });

  test.each(['phone', 'desktop'] as ViewportName[])(
    'at the %s width, books a caller and moves the booking by keyboard alone; the toast covers no button; axe 0',
    { timeout: 240_000 },
    async (viewportName) => {
      const date = clock.day(viewportName === 'phone' ? 171 : 181);
      const to = clock.day(viewportName === 'phone' ? 172 : 182);
      const clientName = `Caller ${viewportName} ${RUN}`;
      const context = await openContext(browser(), { viewportName });
      try {
        const page = await context.newPage();
        await openDesk(page, '#bookings');
        await signIn(page, OWNER.username, OWNER.password);
        await page.getByRole('heading', { level: 2, name: DESK.views.bookings }).waitFor();
        await page.getByText(DESK.loading).waitFor({ state: 'detached' });

        await tabTo(page, PHONE.newBooking);
        await page.keyboard.press('Enter');
        const form = page.getByRole('form', { name: PHONE.formHeading });
        await eventually(() => form.getByLabel(PHONE.labels.date).evaluate((input) => input === document.activeElement)).toBe(true);
        await page.keyboard.type(typed(date));
        const fields = { timeSlot: 'Evening', clientName, clientEmail: `caller-${viewportName}-${RUN}@example.com`, eventType: 'Wedding', guestCount: '80' };
        for (const [name, keys] of Object.entries(fields)) {
          await tabToField(page, name);
          await page.keyboard.type(keys);
        }
        await checkState(page, `phone-booking-form-${viewportName}`);
        await page.keyboard.press('Enter');
        const row = page.locator('main li').filter({ hasText: clientName });
        await row.getByText(formatLongDate(date)).waitFor();
        await page.getByRole('status').getByText(PHONE.booked.title).waitFor();
        if (viewportName === 'phone') expect(await coveredByToast(page)).toEqual([]);

        await tabTo(page, PHONE.move, clientName);
        await page.keyboard.press('Enter');
        const move = page.getByRole('form', { name: fillTemplate(PHONE.moveHeading, { name: clientName }) });
        await move.waitFor();
        await page.keyboard.type(typed(to));
        await tabToField(page, 'timeSlot');
        await page.keyboard.type('Morning');
        await checkState(page, `phone-booking-move-${viewportName}`);
        await tabTo(page, PHONE.moveSubmit);
        await page.keyboard.press('Enter');
        await eventually(() => move.count()).toBe(0);
        await row.getByText(formatLongDate(to)).waitFor();
        await page.getByRole('status').getByText(PHONE.moved.title).waitFor();
        if (viewportName === 'phone') {
          expect(page.viewportSize()).toEqual(VIEWPORTS.phone);
          expect(await coveredByToast(page)).toEqual([]);
        }
        await checkState(page, `phone-booking-moved-${viewportName}`);
      } finally {
        await context.close();
      }
    },
  );
});
