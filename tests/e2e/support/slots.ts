import type { Page } from 'playwright-core';
import { AVAILABILITY_MESSAGES } from '../../fixtures';

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
