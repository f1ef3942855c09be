import type { Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { texasToday } from '@shared/texas-time';
import { slotLabel } from '@shared/time-slots';
import { addDaysUtc } from '@shared/schemas/dates';
import { VIEWPORTS, eventually, openContext, skipBrowser, useBrowser } from './support/browser';
import { queryRows } from './support/db';
import { DESK, addOwner, deskNav, openDesk, signIn, viewHeadingOf, type DeskViewName } from './support/desk';
import { checkState } from './support/axe';

const OWNER = { username: `desk-agenda-${Date.now()}`, password: 'first-light-over-the-pecos' };
const RUN = Date.now().toString(36);
/** The bar's views in order, as the copy names them (the island's DESK_VIEWS order: today first). */
const VIEWS = Object.keys(DESK.views) as DeskViewName[];
/** The most key presses any view may take from the view bar. */
const MAX_PRESSES = 3;

/** Which view the bar marks as current. */
const currentView = (page: Page) => deskNav(page).locator('a[aria-current="page"]').innerText();

/**
 * Opens `view` from the focused link of the bar the shortest way: arrows the short way round (wrapping) then Enter, or
 * its digit when that is fewer presses. Answers the presses.
 */
async function keyTo(page: Page, from: DeskViewName, view: DeskViewName): Promise<number> {
  const steps = (VIEWS.indexOf(view) - VIEWS.indexOf(from) + VIEWS.length) % VIEWS.length;
  const [key, count] = steps <= VIEWS.length - steps ? ['ArrowRight', steps] : ['ArrowLeft', VIEWS.length - steps];
  if (count + 1 > MAX_PRESSES) {
    await page.keyboard.press(String(VIEWS.indexOf(view) + 1));
    return 1;
  }
  for (let press = 0; press < count; press += 1) await page.keyboard.press(key);
  await page.keyboard.press('Enter');
  return count + 1;
}

/** Waits until `view` is open: marked current in the bar, its heading shown, its list loaded. */
async function waitForView(page: Page, view: DeskViewName): Promise<void> {
  await eventually(() => currentView(page)).toBe(DESK.views[view]);
  await page.getByRole('heading', { level: 2, name: viewHeadingOf(view), exact: true }).waitFor();
  await page.getByText(DESK.loading).waitFor({ state: 'detached' });
}

describe.skipIf(skipBrowser)("the owner's desk: its own shell and Today & upcoming", () => {
  const browser = useBrowser();
  const today = texasToday(new Date());
  const client = `Agenda Client ${RUN}`;

  beforeAll(async () => {
    await addOwner(OWNER.username, OWNER.password);
    // A reservation this morning (Texas time) with every detail, and a block three days on with its note: straight
    // into the database, as no visitor may book today. No other test holds these slots.
    await queryRows(
      `INSERT INTO bookings (date, time_slot, is_available, kind, client_name, client_email, event_type, phone, guest_count, event_location)
       VALUES ($1, 'morning', false, 'reservation', $2, $3, 'wedding', '(512) 555-0142', 120, 'Gruene Hall, TX')`,
      [today, client, `agenda-${RUN}@example.com`],
    );
    await queryRows(
      `INSERT INTO bookings (date, time_slot, is_available, kind, block_id, block_note)
       SELECT $1, slot, false, 'block', $2::uuid, $3 FROM unnest(ARRAY['morning', 'afternoon', 'evening']) AS slot`,
      [addDaysUtc(today, 3), crypto.randomUUID(), `Truck service ${RUN}`],
    );
    await queryRows(
      `INSERT INTO contact_inquiries (first_name, last_name, email, phone, event_type, guest_count, event_date, event_location, message)
       VALUES ('Agnes', $1, 'agnes@example.com', '(512) 555-0143', 'wedding', '60', $2, 'Austin, TX', 'Hello')`,
      [RUN, addDaysUtc(today, 90)],
    );
  });

  test('on a phone the owner signs in and the first screen is the agenda: no public header or footer', { timeout: 120_000 }, async () => {
    const context = await openContext(browser(), { viewportName: 'phone' });
    try {
      const page = await context.newPage();
      await openDesk(page);
      expect(await page.locator('footer').count()).toBe(0);
      expect(await page.getByRole('link', { name: DESK.backToSite }).getAttribute('href')).toBe('/');
      await checkState(page, 'agenda-sign-in');
      await signIn(page, OWNER.username, OWNER.password);
      await waitForView(page, 'today');

      const day = page.getByRole('region', { name: DESK.agenda.today });
      const entry = day.locator('li').filter({ hasText: client });
      await entry.waitFor();
      expect(await entry.innerText()).toContain(slotLabel('morning'));
      expect(await entry.innerText()).toContain('120 guests');
      expect(await entry.innerText()).toContain('Gruene Hall, TX');
      expect(await entry.getByRole('link', { name: '(512) 555-0142' }).getAttribute('href')).toBe('tel:+15125550142');
      expect(await entry.getByRole('link', { name: `agenda-${RUN}@example.com` }).getAttribute('href')).toBe(`mailto:agenda-${RUN}@example.com`);
      await page.getByText(`Truck service ${RUN}`).waitFor();
      const inquiries = page.getByRole('link', { name: /new inquir/ });
      expect(await inquiries.getAttribute('href')).toBe('#inquiries');

      // The first screen (above the view bar) shows the new inquiries and today's first reservation: its slot and
      // client (other test files' inquiries may make the waiting box taller on this shared database).
      const bar = await deskNav(page).boundingBox();
      expect(bar!.y + bar!.height).toBeCloseTo(VIEWPORTS.phone.height, 0);
      for (const shown of [inquiries, entry.getByText(slotLabel('morning')), entry.getByText(client)]) {
        const box = await shown.boundingBox();
        expect(box!.y + box!.height).toBeLessThanOrEqual(bar!.y);
      }
      await checkState(page, 'agenda');
      const shots = process.env.DESK_SCREENSHOTS;
      if (shots) {
        mkdirSync(shots, { recursive: true });
        await page.setViewportSize({ width: 768, height: 1024 });
        await page.screenshot({ path: join(shots, 'agenda-768.png'), fullPage: true });
        await page.setViewportSize(VIEWPORTS.phone);
        await page.screenshot({ path: join(shots, 'agenda-first-screen-390.png') });
      }

      // "N new inquiries" opens the inquiries.
      await inquiries.click();
      await waitForView(page, 'inquiries');
    } finally {
      await context.close();
    }
  });

  test.each(['phone', 'desktop'] as const)(
    'at %s width every view is at most 3 key presses from the view bar, and axe finds nothing in any view',
    { timeout: 240_000 },
    async (viewportName) => {
      const context = await openContext(browser(), { viewportName });
      try {
        const page = await context.newPage();
        await openDesk(page);
        await signIn(page, OWNER.username, OWNER.password);
        await waitForView(page, 'today');
        await deskNav(page).getByRole('link', { name: DESK.views.today }).focus();

        // Every pair of views, the long way round included: arrows along the bar then Enter, or a digit for the far ones.
        let from: DeskViewName = 'today';
        const route: DeskViewName[] = ['mail', 'bookings', 'today', 'blocks', 'inquiries', 'calendar', 'mail', 'today', 'bookings', 'calendar', 'blocks', 'today'];
        const presses: Record<string, number> = {};
        for (const view of route) {
          presses[`${from}→${view}`] = await keyTo(page, from, view);
          await waitForView(page, view);
          // Nothing in any view makes the page wider than the screen.
          expect(await page.evaluate(() => document.documentElement.scrollWidth), view).toBeLessThanOrEqual(VIEWPORTS[viewportName].width);
          if (viewportName === 'phone' && !(view in checked)) {
            checked[view] = true;
            await checkState(page, `view-${view}`);
          }
          // The view's links stay where they were: focus back on the current one, as after pressing Enter on it.
          await deskNav(page).getByRole('link', { name: DESK.views[view], exact: true }).focus();
          from = view;
        }
        expect(Math.max(...Object.values(presses)), JSON.stringify(presses)).toBeLessThanOrEqual(MAX_PRESSES);

        // A digit opens its view at once; Home and End reach the ends.
        await page.keyboard.press(String(VIEWS.indexOf('blocks') + 1));
        await waitForView(page, 'blocks');
        await deskNav(page).getByRole('link', { name: DESK.views.blocks, exact: true }).focus();
        await page.keyboard.press('End');
        await page.keyboard.press('Enter');
        await waitForView(page, VIEWS.at(-1)!);
      } finally {
        await context.close();
      }
    },
  );
});

/** Views whose axe check ran already (each view once, at both widths, by checkState). */
const checked: Partial<Record<DeskViewName, true>> = {};
