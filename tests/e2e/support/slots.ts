import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { BookingEventType, TimeSlotKey } from '@shared/schemas/booking';
import { AVAILABILITY_MESSAGES, BOOKING_LABELS, BOOKING_TOASTS, bookingEventLabel, slotLabel } from '../../fixtures';
import { openContext } from './browser';

/** The labels of the slots the availability checker on `page` lists right now, sorted. */
export async function shownSlots(page: Page): Promise<string[]> {
  const labels = await page.getByRole('radio').evaluateAll((radios) => radios.map((radio) => radio.closest('label')?.textContent?.trim() ?? ''));
  return labels.sort();
}

/**
 * Picks `date` in the availability checker on `page` (already on /availability) and resolves with the slots it
 * offers, sorted; empty when the day is full or blocked.
 */
export async function offeredSlotsOn(page: Page, date: string): Promise<string[]> {
  await page.locator('main input[type="date"]:enabled').fill(date);
  await page.getByRole('radio').first().or(page.getByText(AVAILABILITY_MESSAGES.empty.title)).waitFor();
  return shownSlots(page);
}

/** The slot labels /availability offers on `date` to a new visitor (empty when the day is full or blocked). */
export async function offeredSlots(browser: Browser, date: string): Promise<string[]> {
  const context = await openContext(browser);
  try {
    const page = await context.newPage();
    await page.goto('/availability');
    return await offeredSlotsOn(page, date);
  } finally {
    await context.close();
  }
}

/** What a visitor types to reserve a slot on /availability (the required fields only). */
export interface Reservation {
  date: string;
  slot: TimeSlotKey;
  clientName: string;
  clientEmail: string;
  eventType: BookingEventType;
}

/**
 * Resolves once the checker on `page` shows that its reservation went through: the confirmation toast of SPEC §8.
 * The one place that knows what success looks like on /availability (a confirmation panel may join the toast).
 */
export async function reservationConfirmed(page: Page): Promise<void> {
  await page.getByRole('status').filter({ hasText: BOOKING_TOASTS.confirmed.title }).waitFor();
}

/**
 * Reserves a slot through /availability as a visitor would: picks the date and slot, fills the required fields,
 * sends, expects 201 and waits for the success state. Given a Browser it opens (and closes) a fresh context; given a
 * Page it uses that page.
 */
export async function reserveThroughPage(target: Browser | Page, reservation: Reservation): Promise<void> {
  const context = 'newContext' in target ? await openContext(target) : undefined;
  try {
    const page = context ? await context.newPage() : (target as Page);
    await page.goto('/availability');
    await page.locator('main input[type="date"]:enabled').fill(reservation.date);
    await page.getByRole('radio', { name: slotLabel(reservation.slot) }).check();
    await page.getByLabel(BOOKING_LABELS.clientName).fill(reservation.clientName);
    await page.getByLabel(BOOKING_LABELS.clientEmail).fill(reservation.clientEmail);
    await page.getByLabel(BOOKING_LABELS.eventType).selectOption({ label: bookingEventLabel(reservation.eventType) });
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/bookings'));
    await page.locator('main form button[type="submit"]').click();
    expect((await answer).status()).toBe(201);
    await reservationConfirmed(page);
  } finally {
    await context?.close();
  }
}

/** Reserves the evening of `date` on /availability as a visitor, with the required fields only. */
export function reserveEvening(browser: Browser, date: string, clientName: string, clientEmail: string): Promise<void> {
  return reserveThroughPage(browser, { date, slot: 'evening', clientName, clientEmail, eventType: 'birthday' });
}
