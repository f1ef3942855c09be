import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { eventually, openContext, skipBrowser, useBrowser } from './support/browser';
import { DESK, addOwner, deskNav, openDesk, signIn } from './support/desk';
import { checkState } from './support/axe';

const OWNER = { username: `desk-feed-${Date.now()}`, password: 'calendar-feed-longhorn-trail' };
const TEXT = DESK.calendar;

/** Fetches `url` from the page, as a script of the site would (no cookie needed: the token is the key). */
function fetchFromPage(page: Page, url: string) {
  return page.evaluate(async (address) => {
    const response = await fetch(address, { credentials: 'omit' });
    const body = await response.text();
    return { status: response.status, type: response.headers.get('content-type'), cache: response.headers.get('cache-control'), start: body.slice(0, 15) };
  }, url);
}

describe.skipIf(skipBrowser)("the owner's calendar feed on the desk", () => {
  const browser = useBrowser();

  beforeAll(async () => {
    await addOwner(OWNER.username, OWNER.password);
  });

  test('creates, copies, rotates and turns off the subscription link, at 390 and 1280 px', { timeout: 240_000 }, async () => {
    const context = await openContext(browser(), { viewportName: 'phone' });
    try {
      const page = await context.newPage();
      await openDesk(page, '#calendar');
      await signIn(page, OWNER.username, OWNER.password);
      await eventually(() => deskNav(page).getByRole('link', { name: DESK.views.calendar }).getAttribute('aria-current')).toBe('page');
      await page.getByRole('heading', { name: DESK.views.calendar, level: 2 }).waitFor();

      // Off: the create button and how to add the calendar in Google and Apple Calendar.
      await page.getByText(TEXT.off).waitFor();
      await page.getByRole('heading', { name: TEXT.howToHeading }).waitFor();
      await page.getByRole('heading', { name: TEXT.google.heading }).waitFor();
      await page.getByRole('heading', { name: TEXT.apple.heading }).waitFor();
      await page.getByText(TEXT.google.note).waitFor();
      await checkState(page, 'calendar-off');

      // Create: the link appears once, with Copy, Rotate and Turn off; it answers text/calendar.
      await page.getByRole('button', { name: TEXT.create }).click();
      const field = page.getByLabel(TEXT.urlLabel);
      await field.waitFor();
      const first = await field.inputValue();
      expect(first).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
      await page.getByText(TEXT.shownOnce).waitFor();
      await page.getByRole('button', { name: TEXT.copy, exact: true }).waitFor();
      await page.getByRole('button', { name: TEXT.rotate }).waitFor();
      await page.getByRole('button', { name: TEXT.turnOff }).waitFor();
      const feed = await fetchFromPage(page, first);
      expect(feed).toMatchObject({ status: 200, type: 'text/calendar; charset=utf-8', start: 'BEGIN:VCALENDAR' });
      expect(feed.cache).toMatch(/^private/);
      await checkState(page, 'calendar-link');

      // Copy: to the clipboard (a toast), or where the page may not write it, the text is selected with a hint.
      await page.getByRole('button', { name: TEXT.copy, exact: true }).click();
      await page.getByText(TEXT.copied.title).or(page.getByText(TEXT.copySelected)).first().waitFor();

      // Rotate, after confirming: a new link; the old one answers 404.
      await page.getByRole('button', { name: TEXT.rotate }).click();
      const dialog = page.getByRole('dialog', { name: TEXT.rotateConfirm.title });
      await dialog.waitFor();
      await checkState(page, 'calendar-rotate-dialog');
      await dialog.getByRole('button', { name: TEXT.rotateConfirm.confirm }).click();
      await eventually(() => field.inputValue()).not.toBe(first);
      const second = await field.inputValue();
      expect((await fetchFromPage(page, first)).status).toBe(404);
      expect((await fetchFromPage(page, second)).status).toBe(200);

      // Reloaded, the desk knows a feed is on but cannot show its link again (only its hash is stored).
      await page.reload();
      await page.getByText(TEXT.activeSince.split('{date}')[0]!).waitFor();
      expect(await page.getByLabel(TEXT.urlLabel).count()).toBe(0);
      await checkState(page, 'calendar-active');

      // Turn off, after confirming: the link answers 404.
      await page.getByRole('button', { name: TEXT.turnOff }).click();
      await page.getByRole('dialog', { name: TEXT.turnOffConfirm.title }).getByRole('button', { name: TEXT.turnOffConfirm.confirm }).click();
      await page.getByText(TEXT.off).waitFor();
      expect((await fetchFromPage(page, second)).status).toBe(404);
    } finally {
      await context.close();
    }
  });
});
