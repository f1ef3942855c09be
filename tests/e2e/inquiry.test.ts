import type { Browser, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { InquiryInput } from '@shared/schemas/inquiry';
import {
  INQUIRY_BUTTONS,
  INQUIRY_LABELS,
  INQUIRY_TOASTS,
  clock,
  inquiry,
  inquiryEventLabel,
  storedInquiry,
  uniqueEmail,
} from '../fixtures';
import { eventually, openPage, skipBrowser, useBrowser, type ViewportName } from './support/browser';
import { queryRows } from './support/db';

/** The fields a visitor types into (the event type is chosen from a list). */
const TYPED = ['firstName', 'lastName', 'email', 'phone', 'guestCount', 'eventDate', 'eventLocation', 'message'] as const;

const field = (page: Page, name: keyof typeof INQUIRY_LABELS) => page.getByLabel(INQUIRY_LABELS[name], { exact: true });

/** The form's submit button, whatever it currently says. */
const submitButton = (page: Page) => page.locator('main form button[type="submit"]');

/** Opens /contact and waits until the form can be sent (its button is disabled until the island hydrates). */
async function openContact(browser: Browser, viewportName: ViewportName) {
  const opened = await openPage(browser, '/contact', { viewportName });
  await opened.page.getByRole('button', { name: INQUIRY_BUTTONS.submit }).and(opened.page.locator(':enabled')).waitFor();
  return { ...opened, email: uniqueEmail(`inquiry-${viewportName}`) };
}

/** Fills every field of the form with `sent`. */
async function fillInquiry(page: Page, sent: InquiryInput): Promise<void> {
  for (const name of TYPED) await field(page, name).fill(String(sent[name] ?? ''));
  await field(page, 'eventType').selectOption({ label: inquiryEventLabel(sent.eventType) });
}

/** Everything the visitor has typed or chosen, by field. */
async function formValues(page: Page): Promise<Record<string, string>> {
  const values: Record<string, string> = {};
  for (const name of [...TYPED, 'eventType'] as const) values[name] = await field(page, name).inputValue();
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
        const sent = inquiry({ email, eventDate: clock.day(90), message: 'A Hill Country wedding with a sunset toast.' });
        await fillInquiry(page, sent);

        // Hold the request so the pending state can be seen.
        let release: () => void = () => {};
        const held = new Promise<void>((resolve) => (release = resolve));
        await page.route('**/api/contact', async (route) => {
          await held;
          await route.continue();
        });
        const answer = page.waitForResponse('**/api/contact');
        await submitButton(page).click();
        await page.getByRole('button', { name: INQUIRY_BUTTONS.pending }).waitFor();
        await submitButton(page).and(page.locator(':disabled')).waitFor();
        release();
        expect((await answer).status()).toBe(201);

        const toast = await toastText(page, 'status');
        expect(toast).toContain(INQUIRY_TOASTS.success.title);
        expect(toast).toContain(INQUIRY_TOASTS.success.description);
        await eventually(() => submitButton(page).innerText()).toBe(INQUIRY_BUTTONS.submit);
        await eventually(() => formValues(page)).toEqual(Object.fromEntries([...TYPED, 'eventType'].map((name) => [name, ''])));

        const rows = await queryRows(
          'SELECT first_name, last_name, email, phone, event_type, guest_count, event_date, event_location, message, estimate_request, estimate FROM contact_inquiries WHERE email = $1',
          [email],
        );
        expect(rows).toEqual([storedInquiry(sent)]);
      } finally {
        await context.close();
      }
    });

    test('a server failure shows the error toast and keeps everything typed; sending again then works', async () => {
      const { context, page, email } = await openContact(browser(), viewportName);
      try {
        await fillInquiry(page, inquiry({ email, eventDate: clock.day(120) }));
        const typed = await formValues(page);

        // The server answers this one request with a 503 and its own message: the toast shows that message.
        const unavailable = { error: { code: 'service_unavailable', message: 'We are briefly unavailable. Please try again.' } };
        await page.route('**/api/contact', (route) => route.fulfill({ status: 503, json: unavailable }), { times: 1 });
        await submitButton(page).click();
        const failure = await toastText(page, 'alert');
        expect(failure).toContain(INQUIRY_TOASTS.failureTitle);
        expect(failure).toContain(unavailable.error.message);
        expect(await formValues(page)).toEqual(typed);
        await eventually(() => submitButton(page).innerText()).toBe(INQUIRY_BUTTONS.submit);

        // A proxy in front of the functions answers 500 with a plain body of its own: SPEC §8's "<status>: <body>".
        await page.route('**/api/contact', (route) => route.fulfill({ status: 500, contentType: 'text/plain', body: 'boom' }), { times: 1 });
        await submitButton(page).click();
        await eventually(() => toastText(page, 'alert')).toContain('500: boom');
        expect(await toastText(page, 'alert')).toContain(INQUIRY_TOASTS.failureTitle);
        expect(await formValues(page)).toEqual(typed);
        await eventually(() => submitButton(page).innerText()).toBe(INQUIRY_BUTTONS.submit);

        // The network drops: the generic message, input still kept.
        await page.route('**/api/contact', (route) => route.abort('connectionreset'), { times: 1 });
        await submitButton(page).click();
        await page.getByText(INQUIRY_TOASTS.failureFallback).waitFor();
        expect(await formValues(page)).toEqual(typed);
        expect(await queryRows('SELECT id FROM contact_inquiries WHERE email = $1', [email])).toEqual([]);

        // Nothing to retype: the next try reaches the server and succeeds.
        await submitButton(page).click();
        await page.getByText(INQUIRY_TOASTS.success.title).waitFor();
        await eventually(async () => (await queryRows('SELECT id FROM contact_inquiries WHERE email = $1', [email])).length).toBe(1);
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
      await field(page, 'lastName').fill('Rancher');
      await submitButton(page).click();

      const invalid = page.locator('main form [aria-invalid="true"]');
      await invalid.first().waitFor();
      const invalidNames = await invalid.evaluateAll((elements) => elements.map((element) => element.getAttribute('name')));
      expect(invalidNames).toEqual(
        expect.arrayContaining(['firstName', 'email', 'phone', 'eventType', 'guestCount', 'eventDate', 'eventLocation']),
      );
      expect(invalidNames).not.toContain('lastName');
      expect(invalidNames).not.toContain('message');
      await eventually(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('firstName');
      // Each message is tied to its field, so it is read out with it.
      const describedBy = await field(page, 'firstName').getAttribute('aria-describedby');
      expect(await page.locator(`#${describedBy}`).innerText()).toMatch(/\S/);
      expect(requests).toBe(0);

      // Fixing a field clears its message.
      await field(page, 'firstName').fill('Dolly');
      await eventually(() => field(page, 'firstName').getAttribute('aria-invalid')).toBeNull();
    } finally {
      await context.close();
    }
  });
});
