import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import cancelJson from '@content/cancel.json' with { type: 'json' };
import { formatCents } from '@shared/money';
import { clock } from '../fixtures';
import { pdfText } from '../pdf-text';
import { checkState } from './support/axe';
import { eventually, openContext, skipBrowser, useBrowser } from './support/browser';
import { queryRows } from './support/db';
import { DESK, addOwner, deskNav, openDesk, sendInquiry, signIn } from './support/desk';
import { cancelLinkIn, mailTo } from './support/mail';

const OWNER = { username: `sale-owner-${Date.now()}`, password: 'saddle-up-for-the-sale-run' };
const RUN = Date.now().toString(36);
const PROPOSALS = DESK.proposals;
const PAGE = cancelJson.cancel.booking;

/** Presses a control with the keyboard, as someone without a mouse does. */
async function press(control: Locator, key = 'Enter'): Promise<void> {
  await control.focus();
  await control.press(key);
}

describe.skipIf(skipBrowser)('the sale: a proposal from an inquiry, signed by the client, countersigned by the owner', () => {
  const browser = useBrowser();

  beforeAll(async () => {
    expect(await addOwner(OWNER.username, OWNER.password)).toContain(`Created the owner "${OWNER.username}"`);
  });

  test('keyboard only, axe 0 at 390 and 1280 px: propose, read, consent, sign, download the PDF, countersign, confirmed on the agenda', { timeout: 300_000 }, async () => {
    const lastName = `Sale-${RUN}`;
    const email = `sale-${RUN}@example.com`;
    await sendInquiry(browser(), { lastName, message: 'A bar for our wedding, please.', email });
    const [{ id }] = (await queryRows<{ id: string }>('SELECT id::text FROM contact_inquiries WHERE last_name = $1', [lastName])) as [{ id: string }];
    // Within the agenda's weeks, so the owner sees its mark there; the balance is then due when the client signs.
    const date = clock.day(6);

    const owner = await openContext(browser(), { viewportName: 'desktop' });
    const client = await openContext(browser(), { viewportName: 'phone', acceptDownloads: true });
    try {
      const desk = await owner.newPage();
      await openDesk(desk, `#inquiries/${id}`);
      await signIn(desk, OWNER.username, OWNER.password);
      const item = desk.getByRole('button', { name: new RegExp(`Dolly ${lastName}`) });
      await eventually(() => item.getAttribute('aria-expanded')).toBe('true');
      const details = desk.locator(`#${await item.getAttribute('aria-controls')}`);
      await press(details.getByRole('button', { name: PROPOSALS.new }));
      const form = details.getByRole('form', { name: PROPOSALS.form.heading }).or(details.locator('form').filter({ hasText: PROPOSALS.form.submit }));
      const labels = PROPOSALS.form.labels;
      await form.getByLabel(labels.packageId, { exact: true }).selectOption({ label: 'Wedding bar' });
      await press(form.getByLabel('Bring your own alcohol (BYOB)', { exact: true }), 'Space');
      await form.getByLabel(labels.hours, { exact: true }).fill('4');
      await form.getByLabel(labels.zip, { exact: true }).fill('78701');
      await form.getByLabel(labels.date, { exact: true }).fill(date);
      await form.getByLabel(labels.timeSlot, { exact: true }).selectOption('evening');
      await checkState(desk, 'sale-proposal-form');
      await press(form.getByRole('button', { name: PROPOSALS.form.submit }));
      await desk.getByText(`Proposal sent to Dolly ${lastName}`).first().waitFor();
      await details.getByText(PROPOSALS.states.sent, { exact: true }).first().waitFor();
      const [proposal] = await queryRows<{ id: string; total_cents: number; booking_id: string }>(
        'SELECT id::text, total_cents, booking_id::text FROM proposals WHERE inquiry_id = $1',
        [id],
      );
      expect(await queryRows('SELECT status FROM contact_inquiries WHERE id = $1', [id])).toEqual([{ status: 'quoted' }]);

      // The client opens the mail's link on a phone, reads, consents, types the name and signs.
      const proposalMail = (await mailTo(email, 2)).find((mail) => /proposal/i.test(mail.subject));
      expect(proposalMail, 'the proposal mail').toBeDefined();
      const link = cancelLinkIn(proposalMail!);
      const page: Page = await client.newPage();
      await page.goto(link);
      await page.getByText(PAGE.stage.proposal_sent.label, { exact: true }).first().waitFor();
      const contract = page.getByRole('region', { name: /contract/i }).first();
      await contract.waitFor();
      await page.getByText(formatCents(proposal!.total_cents)).first().waitFor();
      await checkState(page, 'sale-event-page-open');
      await press(page.getByRole('checkbox'), 'Space');
      await page.getByLabel(PAGE.sign.name, { exact: true }).fill(`Dolly ${lastName}`);
      await press(page.getByRole('button', { name: PAGE.sign.submit }));
      await page.getByRole('heading', { name: PAGE.signed.heading }).waitFor();
      await page.getByText(PAGE.stage.signed.label, { exact: true }).first().waitFor();
      await checkState(page, 'sale-event-page-signed');
      const download = page.waitForEvent('download');
      await press(page.getByRole('button', { name: PAGE.signed.download }));
      const file = join(await mkdtemp(join(tmpdir(), 'sale-')), 'contract.pdf');
      await (await download).saveAs(file);
      const { words } = await pdfText(new Uint8Array(await readFile(file)));
      expect(words).toContain(`Dolly ${lastName}`);
      expect(words).toContain(formatCents(proposal!.total_cents));

      // The owner countersigns (on a phone now); the agenda marks the event confirmed.
      await desk.setViewportSize({ width: 390, height: 844 });
      await desk.reload();
      await eventually(() => item.getAttribute('aria-expanded')).toBe('true');
      await press(details.getByRole('button', { name: PROPOSALS.countersign }));
      await press(desk.getByRole('button', { name: PROPOSALS.countersignConfirm.confirm }));
      await details.getByText(PROPOSALS.states.countersigned, { exact: true }).first().waitFor();
      await press(deskNav(desk).getByRole('link', { name: DESK.views.today }));
      await desk.getByText(DESK.stageMarks.confirmed, { exact: true }).first().waitFor();
      await checkState(desk, 'sale-agenda-confirmed');
      expect(await queryRows('SELECT confirmed_at IS NOT NULL AS confirmed FROM bookings WHERE id = $1', [proposal!.booking_id])).toEqual([
        { confirmed: true },
      ]);
      // Both got the countersigned copy.
      await mailTo(email, 4);
    } finally {
      await owner.close();
      await client.close();
    }
  });
});
