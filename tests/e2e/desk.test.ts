import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { eventually, openContext, skipBrowser, useBrowser } from './support/browser';
import { queryRows } from './support/db';
import { offeredSlots, reserveEvening } from './support/slots';
import { formatLongDate } from '@shared/texas-time';
import { SIGN_IN_FAILED_MESSAGE } from '@shared/schemas/owner';
import { SLOT_LABELS, clock } from '../fixtures';
import { DESK, addOwner, deskNav, openDesk, sendInquiry, signIn, viewHeadingOf, type DeskViewName } from './support/desk';
import { checkState } from './support/axe';

const OWNER = { username: `desk-owner-${Date.now()}`, password: 'saddle-up-for-the-long-trail' };
const RUN = Date.now().toString(36);
/** The start of each "Lift" button's accessible name, before the slot and date. */
const LIFT = DESK.blocks.liftLabel.split('{when}')[0]!;

/** Opens a view from the desk's navigation and waits until its list has loaded. */
async function openView(page: Page, view: DeskViewName): Promise<void> {
  const name = DESK.views[view];
  await deskNav(page).getByRole('link', { name, exact: true }).click();
  await eventually(() => deskNav(page).getByRole('link', { name, exact: true }).getAttribute('aria-current')).toBe('page');
  await page.getByRole('heading', { level: 2, name: viewHeadingOf(view), exact: true }).waitFor();
  await page.getByText(DESK.loading).waitFor({ state: 'detached' });
}

const ALL_SLOTS = [...SLOT_LABELS].sort();
const [, , EVENING] = SLOT_LABELS as [string, string, string];

describe.skipIf(skipBrowser)("the owner's desk", () => {
  const browser = useBrowser();

  beforeAll(async () => {
    expect(await addOwner(OWNER.username, OWNER.password)).toContain(`Created the owner "${OWNER.username}"`);
  });

  test('finds an inquiry, cancels a booking, blocks and lifts a day, signs out for good; axe 0 in every state', { timeout: 240_000 }, async () => {
    const lastName = `Rancher-${RUN}`;
    const message = 'Sunset toast for 80 <b>guests</b> & a fiddler.\nעברית: שלום';
    const reserved = clock.day(40);
    const blocked = clock.day(41);
    await sendInquiry(browser(), { lastName, message, email: `dolly-${RUN}@example.com` });
    await reserveEvening(browser(), reserved, `Hank Hill ${RUN}`, `hank-${RUN}@example.com`);

    const context = await openContext(browser());
    try {
      const page = await context.newPage();
      await openDesk(page);
      await checkState(page, 'sign-in');

      // A wrong password: one generic message, still signed out.
      await page.getByLabel('Username', { exact: true }).fill(OWNER.username);
      await page.getByLabel('Password', { exact: true }).fill('not-the-password-at-all');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await eventually(() => page.getByRole('alert').filter({ hasText: SIGN_IN_FAILED_MESSAGE }).count()).toBe(1);
      await checkState(page, 'sign-in-error');

      await signIn(page, OWNER.username, OWNER.password);
      // The wrong password above is told to the owner once signed in.
      await page.getByRole('status').filter({ hasText: DESK.failedSignIns.one }).waitFor();
      await page.getByText(DESK.loading).waitFor({ state: 'detached' });
      // The desk opens on "Today & upcoming" (its own tests: desk-agenda.test.ts); the inquiries are one step away.
      expect(await deskNav(page).getByRole('link', { name: DESK.views.today }).getAttribute('aria-current')).toBe('page');
      await openView(page, 'inquiries');
      await checkState(page, 'inquiries');

      // Search finds the visitor's inquiry; opened, it shows the whole message as text, e-mail and phone as links.
      // Every address the desk asks for is recorded: the search term must be in none of them (request logs keep them).
      const addresses: string[] = [];
      page.on('request', (request) => void addresses.push(request.url()));
      await page.getByLabel(DESK.inquiries.searchLabel).fill(lastName);
      await page.getByRole('button', { name: DESK.inquiries.search, exact: true }).click();
      const item = page.getByRole('button', { name: new RegExp(`Dolly ${lastName}`) });
      await item.waitFor();
      await eventually(() => page.locator('main [aria-expanded]').count()).toBe(1);
      await item.click();
      await eventually(() => item.getAttribute('aria-expanded')).toBe('true');
      const details = page.locator(`#${await item.getAttribute('aria-controls')}`);
      expect(await details.locator('p[dir="auto"]').innerText()).toBe(message);
      await eventually(() => details.locator('b').count()).toBe(0);
      expect(await details.getByRole('link', { name: `dolly-${RUN}@example.com` }).getAttribute('href')).toBe(`mailto:dolly-${RUN}@example.com`);
      expect(await details.getByRole('link', { name: '(512) 555-0199' }).getAttribute('href')).toBe('tel:+15125550199');
      // The CSV download follows the search: the signed-in session gets a file with only the matching inquiry.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: DESK.inquiries.exportMatches }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^inquiries-\d{4}-\d{2}-\d{2}\.csv$/);
      const chunks: Buffer[] = [];
      for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
      const csvRows = Buffer.concat(chunks).toString('utf8').trimEnd().split('\r\n');
      expect(csvRows).toHaveLength(2);
      expect(csvRows[1]).toContain(lastName);
      await checkState(page, 'inquiry-open');
      expect(addresses.some((address) => address.includes('/api/admin/inquiries/search'))).toBe(true);
      expect(addresses.filter((address) => address.includes(lastName))).toEqual([]);

      // Bookings: the reservation is held; cancelling asks first, then the row shows it cancelled.
      await openView(page, 'bookings');
      const row = page.locator('main li').filter({ hasText: `Hank Hill ${RUN}` });
      await row.getByText(DESK.bookings.states.held, { exact: true }).waitFor();
      await checkState(page, 'bookings');
      await row.getByRole('button', { name: DESK.bookings.cancel }).click();
      const dialog = page.getByRole('dialog', { name: DESK.bookings.confirm.title });
      await dialog.waitFor();
      expect(await dialog.innerText()).toContain(`Hank Hill ${RUN}`);
      await checkState(page, 'cancel-dialog');
      expect(await offeredSlots(browser(), reserved)).not.toContain(EVENING);
      await dialog.getByRole('button', { name: DESK.bookings.confirm.confirm }).click();
      await row.getByText(DESK.bookings.states.cancelled, { exact: true }).waitFor();
      await eventually(() => row.getByRole('button', { name: DESK.bookings.cancel }).count()).toBe(0);
      await eventually(() => dialog.count()).toBe(0);
      expect(await offeredSlots(browser(), reserved)).toEqual(ALL_SLOTS);
      // Past 12 months: history only, nothing to cancel.
      await page.getByRole('button', { name: DESK.bookings.range.past }).click();
      await eventually(() => page.getByRole('button', { name: DESK.bookings.range.past }).getAttribute('aria-pressed')).toBe('true');
      // Nothing can be booked in the past through the API, so this run's past year is empty.
      await page.getByText(DESK.bookings.past.empty).waitFor();
      await eventually(() => page.getByText(DESK.bookings.past.lead).count()).toBe(1);
      await eventually(() => page.getByRole('button', { name: DESK.bookings.cancel }).count()).toBe(0);
      await checkState(page, 'bookings-past');
      await page.getByRole('button', { name: DESK.bookings.range.upcoming }).click();

      // Blocked dates: the whole day goes from /availability as one block; lifting it offers the whole day again.
      await openView(page, 'blocks');
      await checkState(page, 'blocks');
      await page.getByLabel(DESK.blocks.labels.from, { exact: true }).fill(blocked);
      await page.getByLabel(DESK.blocks.labels.timeSlot).selectOption({ label: DESK.blocks.wholeDay });
      await page.getByRole('button', { name: DESK.blocks.submit, exact: true }).click();
      const lift = page.getByRole('button', { name: `${LIFT}${formatLongDate(blocked)}, ${DESK.blocks.wholeDay}`, exact: true });
      await eventually(() => lift.count()).toBe(1);
      await checkState(page, 'blocks-listed');
      expect(await offeredSlots(browser(), blocked)).toEqual([]);
      await lift.click();
      await eventually(() => lift.count()).toBe(0);
      expect(await offeredSlots(browser(), blocked)).toEqual(ALL_SLOTS);

      // Signing out: back to the sign-in form, also after a reload, and the API refuses the old cookie.
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
      await page.reload();
      await openDesk(page);
      await eventually(() => page.getByRole('button', { name: 'Sign out' }).count()).toBe(0);
      expect((await page.request.get('/api/admin/inquiries')).status()).toBe(401);
      await page.goBack();
      await openDesk(page);
      await eventually(() => page.getByRole('button', { name: 'Sign out' }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  test('a session that ends on the server returns the desk to the sign-in form with a notice', async () => {
    const context = await openContext(browser(), { viewportName: 'phone' });
    try {
      const page = await context.newPage();
      await openDesk(page);
      await signIn(page, OWNER.username, OWNER.password);
      // The first view's list loads right after sign-in: let it land first, so the ended session meets the click.
      await page.getByText(DESK.loading).waitFor({ state: 'detached' });
      await queryRows('DELETE FROM sessions');
      await deskNav(page).getByRole('link', { name: DESK.views.bookings }).click();
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
      await eventually(() => page.getByRole('status').filter({ hasText: DESK.expired }).count()).toBe(1);
      await checkState(page, 'session-ended');
    } finally {
      await context.close();
    }
  });

  test('a list that fails to load says so and offers "Try again", which loads it', async () => {
    const context = await openContext(browser());
    try {
      const page = await context.newPage();
      await openDesk(page, '#bookings');
      let failures = 1;
      await page.route('**/api/admin/bookings?*', (route) =>
        failures-- > 0 ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":{"code":"x","message":"down"}}' }) : route.continue(),
      );
      await signIn(page, OWNER.username, OWNER.password);
      const alert = page.getByRole('alert').filter({ hasText: DESK.loadFailed });
      await alert.waitFor();
      await checkState(page, 'load-failed');
      await alert.getByRole('button', { name: DESK.retry }).click();
      await alert.waitFor({ state: 'detached' });
      await page.getByText(DESK.loading).waitFor({ state: 'detached' });
      await eventually(() => page.locator('main ul li').count()).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  });

  test('lists an e-mail the outbox gave up on, and "Send again" puts it back in line; axe 0', async () => {
    const email = `mail-fail-${RUN}@example.com`;
    await sendInquiry(browser(), { lastName: 'Bounce', message: 'Two bars, please.', email });
    // The local inbox takes everything: once the client's acknowledgement went out, mark it as the outbox marks a
    // message after its last try. A sent row has lost its body; a failed acknowledgement keeps one (only a
    // confirmation, which holds a cancel link, loses it), so give it one back.
    const sentTo = () => queryRows<{ id: string }>(`SELECT id FROM outbox WHERE status = 'sent' AND to_addresses::text LIKE $1`, [`%${email}%`]);
    await eventually(async () => (await sentTo()).length).toBe(1);
    const [failed] = await queryRows<{ id: string; subject: string }>(
      `UPDATE outbox SET status = 'failed', sent_at = NULL, attempts = 10, last_error = 'EENVELOPE 550',
              text_body = 'We got your inquiry.', html_body = '<p>We got your inquiry.</p>'
        WHERE id = $1 RETURNING id, subject`,
      [(await sentTo())[0]!.id],
    );
    expect(failed).toBeDefined();
    const context = await openContext(browser());
    try {
      const page = await context.newPage();
      await openDesk(page, '#mail');
      await signIn(page, OWNER.username, OWNER.password);
      await page.getByRole('heading', { level: 2, name: viewHeadingOf('mail') }).waitFor();
      const retry = page.getByRole('button', { name: DESK.mail.retryLabel.replace('{subject}', failed!.subject) });
      await retry.waitFor();
      await eventually(() => page.getByText(email).count()).toBeGreaterThan(0);
      await checkState(page, 'mail-failed');
      await retry.click();
      await page.getByText(DESK.mail.retried.title).first().waitFor();
      await retry.waitFor({ state: 'detached' });
      await eventually(async () => (await queryRows<{ status: string }>('SELECT status FROM outbox WHERE id = $1', [failed!.id]))[0]?.status).toBe('pending');
    } finally {
      await context.close();
    }
  });

  test('a stored address holding ? & % is one encoded mailto: link, and a held-back acknowledgement is noted', async () => {
    // Written straight to the tables, as an inquiry from before the schema refused such addresses would be.
    const lastName = `Relay-${RUN}`;
    const email = `x?cc=attacker%40evil.example&subject=hi-${RUN}@example.com`;
    const [stored] = await queryRows<{ id: string }>(
      `INSERT INTO contact_inquiries (first_name, last_name, email, phone, event_type, guest_count, event_date, event_location)
       VALUES ('Dolly', $1, $2, '(512) 555-0199', 'wedding', '80', $3, 'Austin, TX') RETURNING id`,
      [lastName, email, clock.day(60)],
    );
    await queryRows(
      `INSERT INTO outbox (id, kind, inquiry_id, to_addresses, subject, text_body, html_body, message_id, status, recipient_mailbox)
       VALUES (gen_random_uuid(), 'inquiry_client', $1, '[{"name":"Dolly","address":"victim@example.org"}]', 's', '', '',
               '<' || gen_random_uuid() || '@lonestar.example>', 'held', 'victim@example.org')`,
      [stored!.id],
    );
    const context = await openContext(browser());
    try {
      const page = await context.newPage();
      await openDesk(page, '#inquiries');
      await signIn(page, OWNER.username, OWNER.password);
      await page.getByLabel(DESK.inquiries.searchLabel).fill(lastName);
      await page.getByRole('button', { name: DESK.inquiries.search, exact: true }).click();
      const item = page.getByRole('button', { name: new RegExp(`Dolly ${lastName}`) });
      await item.waitFor();
      await eventually(() => item.innerText()).toContain(DESK.inquiries.acknowledgementHeld);
      await item.click();
      const details = page.locator(`#${await item.getAttribute('aria-controls')}`);
      const href = await details.getByRole('link', { name: email }).getAttribute('href');
      expect(href).toBe(`mailto:x%3Fcc%3Dattacker%2540evil.example%26subject%3Dhi-${RUN}@example.com`);
      expect(new URL(href!).search).toBe('');
    } finally {
      await context.close();
    }
  });

  test('with JavaScript off the page says the desk needs it and shows no form', async () => {
    const context = await openContext(browser(), { javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto('/admin');
      expect(await page.locator('main').innerText()).toContain(DESK.noscript);
      await eventually(() => page.locator('main form').count()).toBe(0);
      expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    } finally {
      await context.close();
    }
  });
});
