import type { Page, Request } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { INQUIRY_BUTTONS, INQUIRY_LABELS, INQUIRY_TOASTS, clock, uniqueEmail } from '../fixtures';
import { openContext, skipBrowser, useBrowser } from './support/browser';
import { queryRows } from './support/db';

/**
 * Loses the answer to the first request to `path` after the server has handled (and stored) it, as a dropped
 * connection would; records the Idempotency-Key of every request to `path`.
 */
async function loseFirstAnswer(page: Page, path: string): Promise<{ keys: string[] }> {
  const keys: string[] = [];
  page.on('request', (request: Request) => {
    if (request.url().endsWith(path) && request.method() === 'POST') keys.push(request.headers()['idempotency-key'] ?? '');
  });
  await page.route(
    `**${path}`,
    async (route) => {
      const answer = await route.fetch();
      expect(answer.status()).toBe(201);
      await route.abort('connectionreset');
    },
    { times: 1 },
  );
  return { keys };
}

describe.skipIf(skipBrowser)('a retry after a lost answer', () => {
  const browser = useBrowser();

  test('the inquiry form resends with the same Idempotency-Key and the server keeps one inquiry', async () => {
    const context = await openContext(browser());
    try {
      const page = await context.newPage();
      await page.goto('/contact');
      await page.getByRole('button', { name: INQUIRY_BUTTONS.submit }).and(page.locator(':enabled')).waitFor();
      const email = uniqueEmail('retry-inquiry');
      const values: Record<keyof typeof INQUIRY_LABELS, string> = {
        firstName: 'Dolly',
        lastName: 'Rancher',
        email,
        phone: '(512) 555-0199',
        eventType: '',
        guestCount: '80',
        eventDate: clock.day(200),
        eventLocation: 'Austin, TX',
        message: 'Retried after a dropped answer.',
      };
      for (const [name, value] of Object.entries(values)) {
        if (name !== 'eventType') await page.getByLabel(INQUIRY_LABELS[name as keyof typeof values], { exact: true }).fill(value);
      }
      await page.getByLabel(INQUIRY_LABELS.eventType, { exact: true }).selectOption('wedding');

      const { keys } = await loseFirstAnswer(page, '/api/contact');
      await page.getByRole('button', { name: INQUIRY_BUTTONS.submit }).click();
      await page.getByRole('alert').filter({ hasText: INQUIRY_TOASTS.failureFallback }).waitFor();
      expect(await queryRows('SELECT id FROM contact_inquiries WHERE email = $1', [email])).toHaveLength(1);

      const replayed = page.waitForResponse((response) => response.url().endsWith('/api/contact'));
      await page.getByRole('button', { name: INQUIRY_BUTTONS.submit }).click();
      expect((await replayed).headers()['idempotent-replayed']).toBe('true');
      await page.getByRole('status').filter({ hasText: INQUIRY_TOASTS.success.title }).waitFor();
      expect(keys).toHaveLength(2);
      expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
      expect(keys[1]).toBe(keys[0]);
      expect(await queryRows('SELECT id FROM contact_inquiries WHERE email = $1', [email])).toHaveLength(1);
    } finally {
      await context.close();
    }
  });

  // The reservation form retries through the same hook (src/islands/form/use-api-form.test.tsx), with the same key
  // (AvailabilityChecker.test.tsx), and a replayed booking is 201 with one row (tests/api/idempotency.test.ts).
});
