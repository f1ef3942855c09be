import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import cancelJson from '@content/cancel.json' with { type: 'json' };
import { createCancelToken } from '../../netlify/lib/bookings/cancel-links';
import { withKeptConnection } from '../../scripts/lib/shared-harness/kept-connection';
import { CHANGE_POLICY, lastChangeDay } from '@shared/change-policy';
import { fillTemplate } from '@shared/template';
import { formatLongDate } from '@shared/texas-time';
import { PHONE_HREF, clock, site, uniqueEmail } from '../fixtures';
import { axeViolations } from './support/axe';
import { VIEWPORTS, baseURL, eventually, openContext, skipBrowser, useBrowser, waitForIsland, type ViewportName } from './support/browser';
import { workerSite } from './support/context';

const copy = cancelJson.cancel.booking;
const words = copy.policy;

/**
 * A client's held afternoon on `date`, moved `clientMoves` times, stored directly with a link made here (as the
 * confirmation's): answers the link.
 */
async function linkedBooking(date: string, clientMoves: number): Promise<string> {
  const token = await withKeptConnection(workerSite().database, async (db) => {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO bookings (date, time_slot, is_available, client_name, client_email, event_type, client_moves)
       VALUES ($1, 'afternoon', false, 'Peggy Hill', $2, 'birthday', $3) RETURNING id`,
      [date, uniqueEmail('policy'), clientMoves],
    );
    return createCancelToken(db, { id: rows[0]!.id, date, timeSlot: 'afternoon' });
  });
  return `${baseURL}/cancel#token=${token}`;
}

/** Axe finds nothing at this width; with DESK_SCREENSHOTS=<dir> the page is saved as <dir>/<state>-<width>.png. */
async function look(page: Page, state: string): Promise<void> {
  const width = page.viewportSize()!.width;
  expect(await axeViolations(page), `${state} at ${width} px`).toEqual([]);
  const dir = process.env.DESK_SCREENSHOTS;
  if (dir) {
    mkdirSync(dir, { recursive: true });
    await page.screenshot({ path: join(dir, `${state}-${width}.png`), fullPage: true });
  }
}

/** What has the keyboard's focus: its tag, its words and where a link goes. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement!;
    return { tag: element.tagName, text: (element.textContent ?? '').trim(), href: element.getAttribute('href') };
  });

/** Presses Tab `count` times from the booking's heading; answers what took the focus, in order. */
async function tabFromHeading(page: Page, count: number) {
  await page.getByRole('heading', { level: 2, name: copy.heading }).focus();
  const order = [];
  for (let press = 0; press < count; press += 1) {
    await page.keyboard.press('Tab');
    order.push(await focused(page));
  }
  return order;
}

describe.skipIf(skipBrowser)('the change policy on the event page', () => {
  const browser = useBrowser();

  test.each<[ViewportName, number]>([
    ['phone', 0],
    ['desktop', 1],
  ])('at %s width, keyboard only, axe 0: inside the window the policy and the phone replace the buttons; outside, the deadline and the moves left come before them', { timeout: 180_000 }, async (viewportName, offset) => {
    const inside = clock.day(9 - offset);
    const outside = clock.day(57 + offset);
    const [closedLink, openLink] = [await linkedBooking(inside, 0), await linkedBooking(outside, 1)];
    const context = await openContext(browser(), { viewportName });
    try {
      const page = await context.newPage();
      expect(page.viewportSize()).toEqual(VIEWPORTS[viewportName]);

      // Ten days out: online changes closed; the policy says whom to call, and no move or cancel button is there.
      await page.goto(closedLink);
      await waitForIsland(page, 'CancelBooking');
      const actions = page.getByRole('region', { name: copy.actions });
      const closed = fillTemplate(words.closed, { date: formatLongDate(lastChangeDay(inside)), days: CHANGE_POLICY.changeWindowDays, phone: site.phone });
      await actions.getByText(closed).waitFor();
      await actions.getByText(CHANGE_POLICY.retainerTerms).waitFor();
      expect(await actions.getByRole('button').count()).toBe(0);
      expect(await page.getByRole('button', { name: copy.change.open }).count()).toBe(0);
      expect(await page.getByRole('button', { name: copy.submit }).count()).toBe(0);
      const [first] = await tabFromHeading(page, 1);
      expect(first).toEqual({ tag: 'A', text: site.phone, href: PHONE_HREF });
      await look(page, 'change-policy-closed');

      // Fifty-seven days out, moved once: the deadline, the moves left and the terms, then the move, then the cancel.
      await page.goto(openLink);
      await eventually(() => page.url()).toBe(`${baseURL}/cancel`);
      const deadline = fillTemplate(words.deadline, { date: formatLongDate(lastChangeDay(outside)), phone: site.phone });
      await actions.getByText(deadline).waitFor();
      await actions.getByText(fillTemplate(words.movesLeft, { left: CHANGE_POLICY.maxMoves - 1, max: CHANGE_POLICY.maxMoves })).waitFor();
      const order = await tabFromHeading(page, 3);
      expect(order).toEqual([
        { tag: 'A', text: site.phone, href: PHONE_HREF },
        { tag: 'BUTTON', text: copy.change.open, href: null },
        { tag: 'BUTTON', text: copy.submit, href: null },
      ]);
      await look(page, 'change-policy-open');
      // The move is still the keyboard's: Enter on it opens the picker with its heading focused.
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Enter');
      await eventually(() => focused(page).then((element) => element.text)).toBe(copy.move.heading);
    } finally {
      await context.close();
    }
  });
});
