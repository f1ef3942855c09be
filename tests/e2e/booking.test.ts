import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { BookingInput, TimeSlotKey } from '@shared/schemas/booking';
import {
  AVAILABILITY_MESSAGES,
  BOOKING_BUTTONS,
  BOOKING_LABELS,
  BOOKING_TOASTS,
  SLOT_LABELS,
  bookingEventLabel,
  clock,
  fixedClock,
  forms,
  slotLabel,
  uniqueEmail,
} from '../fixtures';
import { formatLongDate } from '@shared/texas-time';
import { slotWindow } from '@shared/time-slots';
import { fillTemplate } from '@shared/template';
import { HOLDS_PER_IP, HOLDS_PER_IP_PER_DAY } from '../../netlify/lib/bookings/reserve';
import { throttleClientKey, windowStart } from '../../netlify/lib/throttle';
import { TOO_MANY_HOLDS_MESSAGE } from '@shared/schemas/holds';
import { axeViolations } from './support/axe';
import { eventually, openContext, skipBrowser, useBrowser, type ViewportName } from './support/browser';
import { queryRows } from './support/db';
import { shownSlots } from './support/slots';

/** The slot labels the checker lists for these keys, sorted as shownSlots() returns them. */
const labelsOf = (...keys: TimeSlotKey[]) => keys.map(slotLabel).sort();

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

/** Chooses a date and waits until its slots (or the no-slots message) are shown. */
async function chooseDate(page: Page, date: string): Promise<void> {
  await dateInput(page).fill(date);
  await page.getByRole('radio').first().or(page.getByText(AVAILABILITY_MESSAGES.empty.title)).waitFor();
}

/** Fills the reservation form shown after picking a slot. */
async function fillReservation(page: Page, name: string, email: string, eventType: BookingInput['eventType'] = 'birthday'): Promise<void> {
  await page.getByLabel(BOOKING_LABELS.clientName).fill(name);
  await page.getByLabel(BOOKING_LABELS.clientEmail).fill(email);
  await page.getByLabel(BOOKING_LABELS.eventType).selectOption({ label: bookingEventLabel(eventType) });
}

const reserveButton = (page: Page) => page.locator('main form button[type="submit"]');

const CONFIRMATION = forms.availability.checker.confirmation;
const confirmationPanel = (page: Page) => page.getByRole('region', { name: CONFIRMATION.heading });
const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id);
/** Whether the confirmation panel comes before the date picker in the page. */
const panelAbovePicker = (page: Page) =>
  page.evaluate(() => {
    const panel = document.querySelector('main [aria-labelledby="confirmation-heading"]');
    const input = document.querySelector('main input[type="date"]');
    return Boolean(panel && input && panel.compareDocumentPosition(input) & Node.DOCUMENT_POSITION_FOLLOWING);
  });

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
    test('date, spinner, slots, Missing Information, reservation, confirmation panel over the kept date and its refetched slots, book another time', async () => {
      const date = clock.day(daysAhead);
      const email = uniqueEmail(`booking-${viewportName}`);
      const { context, page } = await visit(browser(), viewportName);
      try {
        // No date yet: no slot list (the checker is hydrated: visit() waited for its date input).
        await eventually(() => page.getByRole('radio').count()).toBe(0);

        // The availability request is held so the spinner can be seen.
        const availability = gate();
        await page.route(`**/api/availability/${date}`, availability.hold, { times: 1 });
        await dateInput(page).fill(date);
        const loading = page.getByText(AVAILABILITY_MESSAGES.loading);
        await loading.waitFor();
        await page.locator('main [class*="spinner"]').waitFor({ state: 'visible' });
        availability.open();
        await page.getByRole('radio').first().waitFor();
        await loading.waitFor({ state: 'detached' });
        expect(await shownSlots(page)).toEqual([...SLOT_LABELS].sort());

        // Picking a slot reveals the reservation form.
        await eventually(() => reserveButton(page).count()).toBe(0);
        await page.getByRole('radio', { name: slotLabel('evening') }).check();
        await reserveButton(page).waitFor();

        // Missing fields: the message of src/lib/messages.ts, nothing sent.
        let posts = 0;
        page.on('request', (request) => {
          if (request.method() === 'POST' && request.url().endsWith('/api/bookings')) posts += 1;
        });
        await page.getByLabel(BOOKING_LABELS.clientName).fill('Hank Hill');
        await reserveButton(page).click();
        const missing = await toastText(page, 'alert', BOOKING_TOASTS.missing.title);
        expect(missing).toContain(BOOKING_TOASTS.missing.description);
        expect(posts).toBe(0);

        // Complete it and reserve; the request is held to see the pending state.
        await fillReservation(page, 'Hank Hill', email);
        const booking = gate();
        await page.route('**/api/bookings', booking.hold, { times: 1 });
        const answer = page.waitForResponse((response) => response.url().endsWith('/api/bookings'));
        await reserveButton(page).click();
        await page.getByRole('button', { name: BOOKING_BUTTONS.pending }).waitFor();
        await reserveButton(page).and(page.locator(':disabled')).waitFor();
        booking.open();
        expect((await answer).status()).toBe(201);

        const confirmed = await toastText(page, 'status', BOOKING_TOASTS.confirmed.title);
        expect(confirmed).toContain(BOOKING_TOASTS.confirmed.description);

        // The confirmation panel comes first, focus on its heading.
        const panel = confirmationPanel(page);
        await panel.waitFor();
        await eventually(() => focusedId(page)).toBe('confirmation-heading');
        const slotText = fillTemplate(CONFIRMATION.when, { slot: CONFIRMATION.slotNames.evening, start: '6 PM', end: '11 PM' });
        await eventually(async () => (await panel.innerText()).replace(/\u00a0/g, ' ')).toContain(`${formatLongDate(date)}\n${slotText}`);
        expect(await panel.innerText()).toContain(fillTemplate(CONFIRMATION.emailed, { email }));
        for (const label of [CONFIRMATION.googleLabel, CONFIRMATION.outlookLabel]) {
          const link = panel.getByRole('link', { name: `${label} ${CONFIRMATION.newTab}` });
          expect(await link.getAttribute('target')).toBe('_blank');
          expect(await link.getAttribute('rel')).toContain('noopener');
        }
        const google = new URL((await panel.getByRole('link', { name: new RegExp(`^${CONFIRMATION.googleLabel}`) }).getAttribute('href'))!);
        const evening = slotWindow(date, 'evening');
        const compact = (instant: Date) => instant.toISOString().replace(/[-:]|\.\d{3}/g, '');
        expect(google.searchParams.get('dates')).toBe(`${compact(evening.start)}/${compact(evening.end)}`);
        // Slot, name, e-mail and event type are cleared (the form goes with the slot).
        await page.getByLabel(BOOKING_LABELS.clientName).waitFor({ state: 'detached' });
        // SPEC §4: under the panel the picker keeps the date, and the date's refetched slots no longer offer the booked one.
        await dateInput(page).waitFor();
        expect(await panelAbovePicker(page)).toBe(true);
        expect(await dateInput(page).inputValue()).toBe(date);
        await eventually(() => shownSlots(page)).toEqual(labelsOf('morning', 'afternoon'));
        await eventually(() => page.getByRole('radio', { checked: true }).count()).toBe(0);
        expect(await focusedId(page)).toBe('confirmation-heading');
        expect(await axeViolations(page), 'confirmation panel').toEqual([]);

        // Book another time: the panel closes, the picker keeps its date and slots, focus on the slot heading.
        await panel.getByRole('button', { name: CONFIRMATION.again }).click();
        await panel.waitFor({ state: 'detached' });
        await eventually(() => focusedId(page)).toBe('slots-heading');
        expect(await dateInput(page).inputValue()).toBe(date);
        expect(await shownSlots(page)).toEqual(labelsOf('morning', 'afternoon'));
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
        expect(await shownSlots(second.page)).toEqual(labelsOf('morning', 'afternoon'));
      } finally {
        await second.context.close();
      }
    });
  });

  test('two visitors race for the same slot: one is confirmed, the other sees Booking Failed and the slot vanish', async () => {
    const date = clock.day(21);
    const [alice, bob] = await Promise.all([visit(browser(), 'desktop'), visit(browser(), 'phone')]);
    try {
      for (const [visitor, name] of [
        [alice, 'Alice Racer'],
        [bob, 'Bob Racer'],
      ] as const) {
        await chooseDate(visitor.page, date);
        await visitor.page.getByRole('radio', { name: slotLabel('morning') }).check();
        await fillReservation(visitor.page, name, uniqueEmail(name.split(' ')[0]!.toLowerCase()), 'anniversary');
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
      await toastText(winner.page, 'status', BOOKING_TOASTS.confirmed.title);
      const failed = await toastText(loser.page, 'alert', BOOKING_TOASTS.failed.title);
      // The toast carries the server's 409 message (netlify/functions/bookings.ts).
      expect(failed).toContain('Sorry, that time slot was just booked. Please pick another.');
      // The loser's list is refetched: the taken slot is no longer offered.
      await eventually(() => shownSlots(loser.page)).toEqual(labelsOf('afternoon', 'evening'));

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

  test('a connection past its daily holds sees Booking Failed with the message to call; the slot stays offered', async () => {
    // This machine's whole budget for today already used, from either loopback address the browser may come from.
    const start = windowStart(new Date(), HOLDS_PER_IP.windowSeconds);
    for (const ip of ['127.0.0.1', '::1']) {
      await queryRows(
        `INSERT INTO client_throttle (scope, client_key, window_start, window_end, used)
         VALUES ('holds_per_ip', $1, $2, $3, $4)
         ON CONFLICT (scope, client_key, window_start) DO UPDATE SET used = EXCLUDED.used`,
        [
          throttleClientKey('holds_per_ip', ip),
          start,
          new Date(start.getTime() + HOLDS_PER_IP.windowSeconds * 1000),
          HOLDS_PER_IP_PER_DAY,
        ],
      );
    }

    const date = clock.day(25);
    const email = uniqueEmail('too-many');
    const { context, page } = await visit(browser(), 'phone');
    try {
      await chooseDate(page, date);
      await page.getByRole('radio', { name: slotLabel('afternoon') }).check();
      await fillReservation(page, 'Peggy Hill', email);
      const answer = page.waitForResponse((response) => response.url().endsWith('/api/bookings'));
      await reserveButton(page).click();
      expect((await answer).status()).toBe(429);
      const failed = await toastText(page, 'alert', BOOKING_TOASTS.failed.title);
      expect(failed).toContain(TOO_MANY_HOLDS_MESSAGE);
      // Nothing was held: the slot is still offered and picked, the form still filled in.
      expect(await shownSlots(page)).toEqual([...SLOT_LABELS].sort());
      expect(await page.getByRole('radio', { name: slotLabel('afternoon') }).isChecked()).toBe(true);
      expect(await page.getByLabel(BOOKING_LABELS.clientEmail).inputValue()).toBe(email);
      expect(await queryRows('SELECT id FROM bookings WHERE client_email = $1', [email])).toEqual([]);
    } finally {
      await context.close();
      await queryRows('DELETE FROM client_throttle');
    }
  });

  test('a date before today cannot be chosen, and nothing is fetched for it', async () => {
    // The page's clock is pinned to a day far from the wall clock: "today" must come from the clock, not a constant.
    const pinned = fixedClock(new Date('2030-06-15T12:00:00.000Z'));
    const context = await openContext(browser(), { viewportName: 'phone', clock: pinned });
    try {
      const page = await context.newPage();
      const fetched: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/availability/')) fetched.push(request.url());
      });
      await page.goto('/availability');
      await page.locator('main input[type="date"]:enabled').waitFor();
      await eventually(() => dateInput(page).getAttribute('min')).toBe(pinned.today);
      await dateInput(page).fill(pinned.day(-1));
      await eventually(() => dateInput(page).getAttribute('aria-invalid')).toBe('true');
      // The checker has judged the date: no slots are offered and no request went out for it.
      await eventually(() => page.getByRole('radio').count()).toBe(0);
      expect(fetched).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
