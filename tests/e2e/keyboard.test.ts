import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { BOOKING_EVENT_TYPES, TIME_SLOTS } from '@shared/schemas/booking';
import { INQUIRY_EVENT_TYPES } from '@shared/schemas/inquiry';
import { BOOKING_BUTTONS, BOOKING_LABELS, BOOKING_TOASTS, INQUIRY_BUTTONS, INQUIRY_TOASTS, clock, uniqueEmail } from '../fixtures';
import { eventually, openContext, skipBrowser, useBrowser } from './support/browser';
import { queryRows } from './support/db';

interface Focused {
  /** e.g. input[name=firstName], a "Home", button "Send My Request" */
  description: string;
  name: string | null;
  type: string | null;
  /** How the focus is shown: "outline 3px solid ...", "box-shadow ...", or null when it is not. */
  indicator: string | null;
}

/** What has focus and how it is drawn (on the element, or on the label wrapping a radio or checkbox). */
function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return { description: 'body', name: null, type: null, indicator: null };
    const shown = (target: Element): string | null => {
      const css = getComputedStyle(target);
      if (css.outlineStyle !== 'none' && parseFloat(css.outlineWidth) > 0) return `outline ${css.outlineWidth} ${css.outlineStyle} ${css.outlineColor}`;
      if (css.boxShadow && css.boxShadow !== 'none') return `box-shadow ${css.boxShadow}`;
      return null;
    };
    const label = element.closest('label');
    const text = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    return {
      description: `${element.tagName.toLowerCase()}${element.getAttribute('name') ? `[name=${element.getAttribute('name')}]` : ''} "${text}"`,
      name: element.getAttribute('name'),
      type: element.getAttribute('type'),
      indicator: shown(element) ?? (label ? shown(label) : null),
    };
  });
}

/** Presses a key and asserts the element that then has focus shows it. */
async function press(page: Page, key: string): Promise<Focused> {
  await page.keyboard.press(key);
  const now = await focused(page);
  expect(now.indicator, `after ${key}, focus on ${now.description} is not visible`).not.toBeNull();
  return now;
}

/** Tabs forward until `done(focused)` holds, checking the focus is visible at every stop. */
async function tabUntil(page: Page, done: (now: Focused) => boolean, limit = 40): Promise<Focused> {
  for (let step = 0; step < limit; step += 1) {
    const now = await press(page, 'Tab');
    if (done(now)) return now;
  }
  throw new Error(`Tab did not reach the wanted control within ${limit} presses`);
}

/** Moves to the next field with Tab and types into it. */
async function tabAndType(page: Page, name: string, text: string): Promise<void> {
  const now = await press(page, 'Tab');
  expect(now.name).toBe(name);
  await page.keyboard.type(text);
}

/**
 * After a date is typed, Tab first stops on the date input's calendar button, which Chromium draws inside the input
 * (the page cannot style it, and the input itself then no longer matches :focus). That stop's ring is checked on
 * the pixels: the input looks different while the button has focus than once focus has moved on.
 */
async function tabPastDatePicker(page: Page): Promise<Focused> {
  await page.keyboard.press('Tab');
  const input = await page.evaluateHandle(() => document.activeElement as HTMLInputElement);
  expect(await input.evaluate((element) => element.type === 'date' && !element.matches(':focus'))).toBe(true);
  const withRing = await input.screenshot();
  const next = await press(page, 'Tab');
  expect(withRing.equals(await input.screenshot()), 'the calendar button shows no focus ring').toBe(false);
  return next;
}

/** Starts at the top of the page and jumps to the main content through the skip link. */
async function skipToMain(page: Page): Promise<void> {
  const skip = await press(page, 'Tab');
  expect(skip.description).toContain('Skip to main content');
  await page.keyboard.press('Enter');
}

describe.skipIf(skipBrowser)('keyboard only', () => {
  const browser = useBrowser();

  test('completes an inquiry with Tab, arrows, typing and Enter, focus always visible', async () => {
    const context = await openContext(browser(), { viewportName: 'desktop', locale: 'en-US' });
    try {
      const page = await context.newPage();
      await page.goto('/contact');
      await page.locator('main form button[type="submit"]:enabled').waitFor();
      const email = uniqueEmail('keyboard');

      await skipToMain(page);
      await tabUntil(page, (now) => now.name === 'firstName');
      await page.keyboard.type('Loretta');
      await tabAndType(page, 'lastName', 'Lynn');
      await tabAndType(page, 'email', email);
      await tabAndType(page, 'phone', '5125550123');
      expect((await press(page, 'Tab')).name).toBe('eventType');
      // From the placeholder, two steps down: the second event type.
      await press(page, 'ArrowDown');
      await press(page, 'ArrowDown');
      await tabAndType(page, 'guestCount', '75');
      const eventDate = clock.day(200);
      const [year, month, day] = eventDate.split('-');
      await tabAndType(page, 'eventDate', `${month}${day}${year}`);
      expect((await tabPastDatePicker(page)).name).toBe('eventLocation');
      await page.keyboard.type('Fort Worth, TX');
      await tabAndType(page, 'message', 'Keyboard only, start to finish.');
      const submit = await press(page, 'Tab');
      expect(submit.description).toContain(INQUIRY_BUTTONS.submit);
      await page.keyboard.press('Enter');

      await page.getByRole('status').filter({ hasText: INQUIRY_TOASTS.success.title }).waitFor();
      expect(
        await queryRows('SELECT first_name, event_type, guest_count, event_date, event_location FROM contact_inquiries WHERE email = $1', [email]),
      ).toEqual([
        { first_name: 'Loretta', event_type: INQUIRY_EVENT_TYPES[1].value, guest_count: '75', event_date: eventDate, event_location: 'Fort Worth, TX' },
      ]);
    } finally {
      await context.close();
    }
  });

  test('completes a booking with Tab, arrows, Space, typing and Enter, focus always visible', async () => {
    const context = await openContext(browser(), { viewportName: 'desktop', locale: 'en-US' });
    try {
      const page = await context.newPage();
      await page.goto('/availability');
      await page.locator('main input[type="date"]:enabled').waitFor();
      const date = clock.day(33);
      const email = uniqueEmail('keyboard-booking');

      await skipToMain(page);
      await tabUntil(page, (now) => now.type === 'date');
      const [year, month, day] = date.split('-');
      await page.keyboard.type(`${month}${day}${year}`);
      await page.getByRole('radio').first().waitFor();

      // Into the slot group: Space picks the first slot, arrows move to the one wanted.
      const firstSlot = await tabPastDatePicker(page);
      expect(firstSlot.type).toBe('radio');
      await press(page, 'Space');
      await press(page, 'ArrowDown');
      await page.getByLabel(BOOKING_LABELS.clientName).waitFor();
      await eventually(() => page.getByRole('radio', { checked: true }).evaluate((radio) => (radio as HTMLInputElement).value)).toBe(TIME_SLOTS[1].key);

      await tabAndType(page, 'clientName', 'Patsy Cline');
      await tabAndType(page, 'clientEmail', email);
      expect((await press(page, 'Tab')).name).toBe('eventType');
      await press(page, 'ArrowDown'); // from the placeholder to the first event type
      // The optional details follow the spec'd fields: two typed, the place left blank.
      await tabAndType(page, 'phone', '(512) 555-0142');
      await tabAndType(page, 'guestCount', '60');
      expect((await press(page, 'Tab')).name).toBe('eventLocation');
      const submit = await press(page, 'Tab');
      expect(submit.description).toContain(BOOKING_BUTTONS.submit);
      await page.keyboard.press('Enter');

      await page.getByRole('status').filter({ hasText: BOOKING_TOASTS.confirmed.title }).waitFor();
      // Focus lands on the confirmation panel's heading (not lost on <body>) after the form goes away.
      await eventually(() => page.evaluate(() => document.activeElement?.id)).toBe('confirmation-heading');
      expect(await queryRows('SELECT date, time_slot, event_type, phone, guest_count, event_location FROM bookings WHERE client_email = $1', [email])).toEqual([
        { date, time_slot: TIME_SLOTS[1].key, event_type: BOOKING_EVENT_TYPES[0].value, phone: '(512) 555-0142', guest_count: 60, event_location: null },
      ]);
    } finally {
      await context.close();
    }
  });
});
