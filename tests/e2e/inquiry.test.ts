import type { Browser, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { openPage, skipBrowser, useBrowser, type ViewportName } from './support/browser';
import { queryRows } from './support/db';
import { utcDate } from './support/site';

const FIELDS = {
  'First Name': 'Dolly',
  'Last Name': 'Rancher',
  'Phone Number': '(512) 555-0199',
  'Guest Count': '120',
  'Event Location': 'Austin, TX',
  'Tell us about your event': 'A Hill Country wedding with a sunset toast.',
} as const;

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** The form's submit button, whatever it currently says. */
const submitButton = (page: Page) => page.locator('main form button[type="submit"]');

/** Opens /contact and waits until the form can be sent (its button is disabled until the island hydrates). */
async function openContact(browser: Browser, viewportName: ViewportName) {
  const opened = await openPage(browser, '/contact', { viewportName });
  await opened.page.getByRole('button', { name: 'Send My Request' }).and(opened.page.locator(':enabled')).waitFor();
  return { ...opened, email: `inquiry-${viewportName}-${Date.now()}@example.com` };
}

/** Fills every field of the inquiry with valid values. */
async function fillInquiry(page: Page, email: string, eventDate: string): Promise<void> {
  for (const [label, value] of Object.entries(FIELDS)) await field(page, label).fill(value);
  await field(page, 'Email Address').fill(email);
  await field(page, 'Event Type').selectOption({ label: 'Wedding' });
  await field(page, 'Event Date').fill(eventDate);
}

/** Everything the visitor has typed, by label. */
async function formValues(page: Page): Promise<Record<string, string>> {
  const values: Record<string, string> = {};
  for (const label of [...Object.keys(FIELDS), 'Email Address', 'Event Type', 'Event Date']) {
    values[label] = await field(page, label).inputValue();
  }
  return values;
}

/** The visible toast's text (title and description), from its live region. */
async function toastText(page: Page, role: 'status' | 'alert'): Promise<string> {
  const region = page.getByRole(role).filter({ hasText: /\S/ }).last();
  await region.waitFor();
  return region.innerText();
}

describe.skipIf(skipBrowser)('inquiry form', () => {
  const browser = useBrowser();

  describe.each<ViewportName>(['phone', 'desktop'])('at %s width', (viewportName) => {
    test('sends the inquiry: "Sending..." while pending, then the thank-you toast, an empty form and a stored row', async () => {
      const { context, page, email } = await openContact(browser(), viewportName);
      try {
        const eventDate = utcDate(90);
        await fillInquiry(page, email, eventDate);

        // Hold the request so the pending state can be seen.
        let release: () => void = () => {};
        const held = new Promise<void>((resolve) => (release = resolve));
        await page.route('**/api/contact', async (route) => {
          await held;
          await route.continue();
        });
        const answer = page.waitForResponse('**/api/contact');
        await submitButton(page).click();
        await page.getByRole('button', { name: 'Sending...' }).waitFor();
        expect(await submitButton(page).isDisabled()).toBe(true);
        release();
        expect((await answer).status()).toBe(201);

        const toast = await toastText(page, 'status');
        expect(toast).toContain('Thank you for your inquiry!');
        expect(toast).toContain("We'll get back to you within 24 hours.");
        expect(await submitButton(page).innerText()).toBe('Send My Request');
        for (const [label, value] of Object.entries(await formValues(page))) expect(value, label).toBe('');

        const rows = await queryRows(
          'SELECT first_name, last_name, phone, event_type, guest_count, event_date, event_location, message FROM contact_inquiries WHERE email = $1',
          [email],
        );
        expect(rows).toEqual([
          {
            first_name: 'Dolly',
            last_name: 'Rancher',
            phone: FIELDS['Phone Number'],
            event_type: 'wedding',
            guest_count: '120',
            event_date: eventDate,
            event_location: 'Austin, TX',
            message: FIELDS['Tell us about your event'],
          },
        ]);
      } finally {
        await context.close();
      }
    });

    test('a server failure shows the error toast and keeps everything typed; sending again then works', async () => {
      const { context, page, email } = await openContact(browser(), viewportName);
      try {
        await fillInquiry(page, email, utcDate(120));
        const typed = await formValues(page);

        // The server answers this one request with a 500.
        await page.route(
          '**/api/contact',
          (route) => route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal Server Error' }),
          { times: 1 },
        );
        await submitButton(page).click();
        const failure = await toastText(page, 'alert');
        expect(failure).toContain('Error');
        expect(failure).toContain('500: Internal Server Error');
        expect(await formValues(page)).toEqual(typed);
        expect(await submitButton(page).innerText()).toBe('Send My Request');

        // The network drops: the generic message, input still kept.
        await page.route('**/api/contact', (route) => route.abort('connectionreset'), { times: 1 });
        await submitButton(page).click();
        await page.getByText('Failed to submit inquiry. Please try again.').waitFor();
        expect(await formValues(page)).toEqual(typed);
        expect(await queryRows('SELECT id FROM contact_inquiries WHERE email = $1', [email])).toEqual([]);

        // Nothing to retype: the next try reaches the server and succeeds.
        await submitButton(page).click();
        await page.getByText('Thank you for your inquiry!').waitFor();
        expect(await queryRows('SELECT id FROM contact_inquiries WHERE email = $1', [email])).toHaveLength(1);
      } finally {
        await context.close();
      }
    });
  });

  test('an incomplete form shows each field’s message, focuses the first and sends nothing', async () => {
    const { context, page } = await openContact(browser(), 'phone');
    try {
      let requests = 0;
      page.on('request', (request) => {
        if (request.url().endsWith('/api/contact')) requests += 1;
      });
      await field(page, 'Last Name').fill('Rancher');
      await submitButton(page).click();

      const invalid = page.locator('main form [aria-invalid="true"]');
      await invalid.first().waitFor();
      const invalidNames = await invalid.evaluateAll((elements) => elements.map((element) => element.getAttribute('name')));
      expect(invalidNames).toEqual(
        expect.arrayContaining(['firstName', 'email', 'phone', 'eventType', 'guestCount', 'eventDate', 'eventLocation']),
      );
      expect(invalidNames).not.toContain('lastName');
      expect(invalidNames).not.toContain('message');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('firstName');
      // Each message is tied to its field, so it is read out with it.
      const describedBy = await field(page, 'First Name').getAttribute('aria-describedby');
      expect(await page.locator(`#${describedBy}`).innerText()).toMatch(/\S/);
      expect(requests).toBe(0);

      // Fixing a field clears its message.
      await field(page, 'First Name').fill('Dolly');
      expect(await field(page, 'First Name').getAttribute('aria-invalid')).toBeNull();
    } finally {
      await context.close();
    }
  });
});
