import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { AVAILABILITY_MESSAGES, BOOKING_LABELS, SLOT_LABELS, bookingEventLabel } from '../../fixtures';
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

/** Reserves the evening of `date` on /availability as a visitor, with the required fields only. */
export async function reserveEvening(browser: Browser, date: string, clientName: string, clientEmail: string): Promise<void> {
  const context = await openContext(browser);
  try {
    const page = await context.newPage();
    await page.goto('/availability');
    await page.locator('main input[type="date"]:enabled').fill(date);
    await page.getByRole('radio', { name: SLOT_LABELS[2] }).check();
    await page.getByLabel(BOOKING_LABELS.clientName).fill(clientName);
    await page.getByLabel(BOOKING_LABELS.clientEmail).fill(clientEmail);
    await page.getByLabel(BOOKING_LABELS.eventType).selectOption({ label: bookingEventLabel('birthday') });
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/bookings'));
    await page.locator('main form button[type="submit"]').click();
    expect((await answer).status()).toBe(201);
  } finally {
    await context.close();
  }
}
