import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { openContext, skipBrowser, useBrowser, type ViewportName } from './support/browser';
import { queryRows } from './support/db';
import { utcDate } from './support/site';

const SLOTS = ['Morning 9AM - 1PM', 'Afternoon 1PM - 6PM', 'Evening 6PM - 11PM'];

/** A gate for held requests: `hold` parks a route until `open()` is called. */
function gate() {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return {
    open,
    hold: async (route: Route) => {
      await opened;
      await route.continue();
    },
  };
}

/** A new visitor (own context) on /availability, once the checker can be used. */
async function visit(browser: Browser, viewportName: ViewportName = 'desktop'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await openContext(browser, { viewportName });
  const page = await context.newPage();
  await page.goto('/availability');
  await page.locator('main input[type="date"]:enabled').waitFor();
  return { context, page };
}

const dateInput = (page: Page) => page.locator('main input[type="date"]');

/** The labels of the slots offered right now. */
async function offeredSlots(page: Page): Promise<string[]> {
  return (await page.getByRole('radio').evaluateAll((radios) => radios.map((radio) => radio.closest('label')?.textContent?.trim() ?? ''))).sort();
}

/** Chooses a date and waits until its slots (or the no-slots message) are shown. */
async function chooseDate(page: Page, date: string): Promise<void> {
  await dateInput(page).fill(date);
  await page.getByRole('radio').first().or(page.getByText('No available time slots')).waitFor();
}

/** Fills the reservation form shown after picking a slot. */
async function fillReservation(page: Page, name: string, email: string, eventType = 'Birthday Party'): Promise<void> {
  await page.getByLabel('Your Name').fill(name);
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Event Type').selectOption({ label: eventType });
}

const reserveButton = (page: Page) => page.locator('main form button[type="submit"]');

/** Text of the toast in a live region ('status' for good news, 'alert' for failures). */
async function toastText(page: Page, role: 'status' | 'alert', text: string): Promise<string> {
  const region = page.getByRole(role).filter({ hasText: text });
  await region.waitFor();
  return region.innerText();
}

describe.skipIf(skipBrowser)('availability and booking', () => {
  const browser = useBrowser();

  describe.each<[ViewportName, number]>([
    ['phone', 11],
    ['desktop', 12],
  ])('at %s width', (viewportName, daysAhead) => {
    test('date, spinner, slots, Missing Information, reservation, confirmation; the slot is gone afterwards', async () => {
      const date = utcDate(daysAhead);
      const email = `booking-${viewportName}-${Date.now()}@example.com`;
      const { context, page } = await visit(browser(), viewportName);
      try {
        // No date yet: no slot list.
        expect(await page.getByRole('radio').count()).toBe(0);

        // The availability request is held so the spinner can be seen.
        const availability = gate();
        await page.route(`**/api/availability/${date}`, availability.hold, { times: 1 });
        await dateInput(page).fill(date);
        const loading = page.getByText('Loading available time slots');
        await loading.waitFor();
        expect(await page.locator('main [class*="spinner"]').isVisible()).toBe(true);
        availability.open();
        await page.getByRole('radio').first().waitFor();
        expect(await loading.count()).toBe(0);
        expect(await offeredSlots(page)).toEqual([...SLOTS].sort());

        // Picking a slot reveals the reservation form.
        expect(await reserveButton(page).count()).toBe(0);
        await page.getByRole('radio', { name: 'Evening 6PM - 11PM' }).check();
        await reserveButton(page).waitFor();

        // Missing fields: the spec's message, nothing sent.
        let posts = 0;
        page.on('request', (request) => {
          if (request.method() === 'POST' && request.url().endsWith('/api/bookings')) posts += 1;
        });
        await page.getByLabel('Your Name').fill('Hank Hill');
        await reserveButton(page).click();
        const missing = await toastText(page, 'alert', 'Missing Information');
        expect(missing).toContain('Please fill in all required fields.');
        expect(posts).toBe(0);

        // Complete it and reserve; the request is held to see the pending state.
        await fillReservation(page, 'Hank Hill', email);
        const booking = gate();
        await page.route('**/api/bookings', booking.hold, { times: 1 });
        const answer = page.waitForResponse((response) => response.url().endsWith('/api/bookings'));
        await reserveButton(page).click();
        await page.getByRole('button', { name: 'Booking...' }).waitFor();
        expect(await reserveButton(page).isDisabled()).toBe(true);
        booking.open();
        expect((await answer).status()).toBe(201);

        const confirmed = await toastText(page, 'status', 'Booking Confirmed!');
        expect(confirmed).toContain("Your time slot has been reserved. We'll contact you soon to confirm details.");
        // Slot, name, e-mail and event type are cleared (the form goes with the slot); the date stays.
        expect(await dateInput(page).inputValue()).toBe(date);
        expect(await page.getByLabel('Your Name').count()).toBe(0);
        await page.waitForFunction(() => document.querySelectorAll('input[type="radio"]').length === 2);
        expect(await offeredSlots(page)).toEqual(['Afternoon 1PM - 6PM', 'Morning 9AM - 1PM']);
        expect(await page.getByRole('radio', { checked: true }).count()).toBe(0);

        expect(
          await queryRows('SELECT date, time_slot, is_available, client_name, event_type FROM bookings WHERE client_email = $1', [email]),
        ).toEqual([{ date, time_slot: 'evening', is_available: false, client_name: 'Hank Hill', event_type: 'birthday' }]);
      } finally {
        await context.close();
      }

      // A second visitor on the same date no longer sees the reserved slot.
      const second = await visit(browser(), viewportName);
      try {
        await chooseDate(second.page, date);
        expect(await offeredSlots(second.page)).toEqual(['Afternoon 1PM - 6PM', 'Morning 9AM - 1PM']);
      } finally {
        await second.context.close();
      }
    });
  });

  test('two visitors race for the same slot: one is confirmed, the other sees Booking Failed and the slot vanish', async () => {
    const date = utcDate(21);
    const [alice, bob] = await Promise.all([visit(browser(), 'desktop'), visit(browser(), 'phone')]);
    try {
      for (const [visitor, name] of [
        [alice, 'Alice Racer'],
        [bob, 'Bob Racer'],
      ] as const) {
        await chooseDate(visitor.page, date);
        await visitor.page.getByRole('radio', { name: 'Morning 9AM - 1PM' }).check();
        await fillReservation(visitor.page, name, `${name.split(' ')[0]!.toLowerCase()}-${Date.now()}@example.com`, 'Anniversary');
      }

      // Both requests are held until both are in flight, then reach the server together.
      const start = gate();
      let inFlight = 0;
      const bothSent = new Promise<void>((resolve) => {
        for (const visitor of [alice, bob]) {
          void visitor.page.route(
            '**/api/bookings',
            async (route) => {
              inFlight += 1;
              if (inFlight === 2) resolve();
              await start.hold(route);
            },
            { times: 1 },
          );
        }
      });
      const answers = [alice, bob].map(({ page }) => page.waitForResponse((response) => response.url().endsWith('/api/bookings')));
      await Promise.all([reserveButton(alice.page).click(), reserveButton(bob.page).click()]);
      await bothSent;
      start.open();
      const [aliceStatus, bobStatus] = await Promise.all(answers.map(async (answer) => (await answer).status()));
      expect([aliceStatus, bobStatus].sort()).toEqual([201, 409]);

      const [winner, loser] = aliceStatus === 201 ? [alice, bob] : [bob, alice];
      await toastText(winner.page, 'status', 'Booking Confirmed!');
      const failed = await toastText(loser.page, 'alert', 'Booking Failed');
      expect(failed).toContain('There was an error booking your time slot. Please try again.');
      // The loser's list is refetched: the taken slot is no longer offered.
      await loser.page.waitForFunction(
        () => ![...document.querySelectorAll('main label')].some((label) => label.textContent?.includes('Morning 9AM - 1PM')),
      );
      expect(await offeredSlots(loser.page)).toEqual(['Afternoon 1PM - 6PM', 'Evening 6PM - 11PM']);

      const holds = await queryRows<{ client_name: string }>(
        "SELECT client_name FROM bookings WHERE date = $1 AND time_slot = 'morning' AND NOT is_available",
        [date],
      );
      expect(holds).toHaveLength(1);
      expect(holds[0]!.client_name).toBe(winner === alice ? 'Alice Racer' : 'Bob Racer');
    } finally {
      await alice.context.close();
      await bob.context.close();
    }
  });

  test('a date before today cannot be chosen', async () => {
    const { context, page } = await visit(browser(), 'phone');
    try {
      expect(await dateInput(page).getAttribute('min')).toBe(utcDate(0));
      await dateInput(page).fill(utcDate(-1));
      // No slots are fetched or offered for a past date.
      await page.waitForTimeout(300);
      expect(await page.getByRole('radio').count()).toBe(0);
      expect(await dateInput(page).getAttribute('aria-invalid')).toBe('true');
    } finally {
      await context.close();
    }
  });
});
