import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import forms from '@content/forms.json';
import { bookingEventLabel, clock, slotLabel } from '../fixtures';
import { eventually, openContext, skipBrowser, useBrowser, type ViewportName } from './support/browser';
import { queryRows } from './support/db';
import { DESK, addOwner, deskNav, openDesk, signIn } from './support/desk';
import { checkState } from './support/axe';

const OWNER = { username: `details-owner-${Date.now()}`, password: 'saddle-up-for-the-long-trail' };
const RUN = Date.now().toString(36);
const LABELS = forms.availability.checker.reservation.labels;
const EVENING = slotLabel('evening');

/** The reservation form's field labelled `label` (exact: "Event Type" is not "Event Location (optional)"). */
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

describe.skipIf(skipBrowser)('the client’s phone, guests and place on a booking', () => {
  const browser = useBrowser();

  beforeAll(async () => {
    expect(await addOwner(OWNER.username, OWNER.password)).toContain(`Created the owner "${OWNER.username}"`);
  });

  // At the phone's width; each checked state is also checked at the desktop's (checkState), so a second run of the
  // same booking at 1280 px would prove nothing more.
  describe.each<[ViewportName, number]>([['phone', 53]])('at %s width', (viewportName, daysAhead) => {
    test('a visitor books with details; the desk shows them with the phone as a tel: link; axe 0', { timeout: 180_000 }, async () => {
      const date = clock.day(daysAhead);
      const name = `Dolly ${viewportName} ${RUN}`;
      const visitor = await openContext(browser(), { viewportName });
      try {
        const page = await visitor.newPage();
        await page.goto('/availability');
        await page.locator('main input[type="date"]:enabled').fill(date);
        await page.getByRole('radio', { name: EVENING }).check();
        await field(page, LABELS.clientName).fill(name);
        await field(page, LABELS.clientEmail).fill(`dolly-${viewportName}-${RUN}@example.com`);
        await field(page, LABELS.eventType).selectOption({ label: bookingEventLabel('wedding') });
        await field(page, LABELS.phone).fill('(512) 555-0199');
        await field(page, LABELS.guestCount).fill('300');
        await field(page, LABELS.eventLocation).fill('Fort Worth Stockyards');
        expect(await field(page, LABELS.phone).getAttribute('type')).toBe('tel');
        expect(await field(page, LABELS.guestCount).getAttribute('inputmode')).toBe('numeric');
        await checkState(page, `details-form-${viewportName}`);

        const answer = page.waitForResponse((response) => response.url().endsWith('/api/bookings'));
        await page.locator('main form button[type="submit"]').click();
        expect((await answer).status()).toBe(201);
        await page.getByRole('status').filter({ hasText: forms.availability.checker.reservation.confirmed.title }).waitFor();
      } finally {
        await visitor.close();
      }

      const stored = await queryRows<{ phone: string; guest_count: number; event_location: string }>(
        'SELECT phone, guest_count, event_location FROM bookings WHERE client_name = $1',
        [name],
      );
      expect(stored).toEqual([{ phone: '(512) 555-0199', guest_count: 300, event_location: 'Fort Worth Stockyards' }]);

      const owner = await openContext(browser(), { viewportName });
      try {
        const page = await owner.newPage();
        await openDesk(page);
        await signIn(page, OWNER.username, OWNER.password);
        await deskNav(page).getByRole('link', { name: DESK.views.bookings }).click();
        await eventually(() => deskNav(page).getByRole('link', { name: DESK.views.bookings }).getAttribute('aria-current')).toBe('page');
        const row = page.locator('main li').filter({ hasText: name });
        await row.waitFor();
        expect(await row.getByRole('link', { name: '(512) 555-0199' }).getAttribute('href')).toBe('tel:+15125550199');
        await row.getByText(DESK.bookings.guests.other.replace('{count}', '300'), { exact: true }).waitFor();
        await row.getByText('Fort Worth Stockyards', { exact: true }).waitFor();
        await row.scrollIntoViewIfNeeded();
        await checkState(page, `details-desk-${viewportName}`);
      } finally {
        await owner.close();
      }
    });
  });
});
