import { beforeAll, describe, expect, test } from 'vitest';
import { eventually, openContext, skipBrowser, useBrowser } from './support/browser';
import { queryRows } from './support/db';
import { DESK, addOwner, deskNav, openDesk, sendInquiry, signIn } from './support/desk';
import { checkState } from './support/axe';

const OWNER = { username: `pipeline-owner-${Date.now()}`, password: 'saddle-up-for-the-pipeline-run' };
const RUN = Date.now().toString(36);
const TEXT = DESK.inquiries;

describe.skipIf(skipBrowser)("the lead pipeline in the owner's desk", () => {
  const browser = useBrowser();

  beforeAll(async () => {
    expect(await addOwner(OWNER.username, OWNER.password)).toContain(`Created the owner "${OWNER.username}"`);
  });

  test('the e-mail link opens the inquiry; the owner marks it quoted and adds a note; axe 0 at 390 and 1280 px', { timeout: 300_000 }, async () => {
    const lastName = `Pipeline-${RUN}`;
    await sendInquiry(browser(), { lastName, message: 'Margaritas for 80, please.', email: `pipeline-${RUN}@example.com` });
    const unopenedName = `Unopened-${RUN}`;
    await sendInquiry(browser(), { lastName: unopenedName, message: 'Still new.', email: `unopened-${RUN}@example.com` });
    const [{ id }] = (await queryRows<{ id: string }>('SELECT id::text FROM contact_inquiries WHERE last_name = $1', [lastName])) as [
      { id: string },
    ];

    const context = await openContext(browser());
    try {
      const page = await context.newPage();
      // The link in the owner's notification: the desk asks to sign in, then opens that inquiry.
      await openDesk(page, `#inquiries/${id}`);
      await signIn(page, OWNER.username, OWNER.password);
      await eventually(() => deskNav(page).getByRole('link', { name: DESK.views.inquiries }).getAttribute('aria-current')).toBe('page');
      const item = page.getByRole('button', { name: new RegExp(`Dolly ${lastName}`) });
      await eventually(() => item.getAttribute('aria-expanded')).toBe('true');
      await eventually(() => item.evaluate((element) => element === document.activeElement)).toBe(true);
      // Opened through the link: the "New" mark is gone, here and in the database.
      await eventually(() => item.getByText(TEXT.unopened, { exact: true }).count()).toBe(0);
      await eventually(async () => (await queryRows('SELECT 1 FROM contact_inquiries WHERE id = $1 AND opened_at IS NOT NULL', [id])).length).toBe(1);
      await checkState(page, 'pipeline-linked');

      const details = page.locator(`#${await item.getAttribute('aria-controls')}`);
      await details.getByLabel(TEXT.statusLabel, { exact: true }).selectOption({ label: TEXT.statuses.quoted });
      await details.getByRole('status').filter({ hasText: 'Status saved: Quoted.' }).waitFor();
      await item.getByText('Status: Quoted').waitFor();

      const note = `Quote sent ${RUN}: $1,800 for 80 guests.\nFollow up Friday.`;
      await details.getByLabel(TEXT.noteLabel, { exact: true }).fill(note);
      await details.getByRole('button', { name: TEXT.addNote }).click();
      await details.getByRole('status').filter({ hasText: TEXT.noteAdded }).waitFor();
      const listed = details.getByRole('listitem').filter({ hasText: `Quote sent ${RUN}` });
      await listed.waitFor();
      expect(await listed.innerText()).toContain(OWNER.username);
      expect(await details.getByLabel(TEXT.noteLabel, { exact: true }).inputValue()).toBe('');
      await checkState(page, 'pipeline-quoted-note');

      // What the server kept: the status, the change in the audit log with who, from and to, the note with its author.
      expect(await queryRows('SELECT status FROM contact_inquiries WHERE id = $1', [id])).toEqual([{ status: 'quoted' }]);
      expect(
        await queryRows("SELECT actor, detail FROM audit_log WHERE action = 'inquiry_status_changed' AND target = $1", [id]),
      ).toEqual([{ actor: OWNER.username, detail: { from: 'new', to: 'quoted' } }]);
      expect(await queryRows('SELECT author, body FROM inquiry_notes WHERE inquiry_id = $1', [id])).toEqual([
        { author: OWNER.username, body: note },
      ]);

      // The filter beside the search: "Quoted" with the search finds it, "Booked" does not; "All" is the default.
      const filter = page.getByLabel(TEXT.statusFilterLabel, { exact: true });
      expect(await filter.inputValue()).toBe('');
      await page.getByLabel(TEXT.searchLabel).fill(lastName);
      await page.getByRole('button', { name: TEXT.search, exact: true }).click();
      await filter.selectOption({ label: TEXT.statuses.quoted });
      await item.waitFor();
      await checkState(page, 'pipeline-filtered');
      await filter.selectOption({ label: TEXT.statuses.booked });
      await item.waitFor({ state: 'detached' });
      await page.getByRole('status').filter({ hasText: 'No “Booked” inquiries match' }).waitFor();

      // Another inquiry, never opened, carries the "New" mark until the owner opens it.
      await filter.selectOption({ label: TEXT.allStatuses });
      await page.getByRole('button', { name: TEXT.clear }).click();
      const unopened = page.getByRole('button', { name: new RegExp(`Dolly ${unopenedName}`) });
      await unopened.getByText(TEXT.unopened, { exact: true }).waitFor();
      await checkState(page, 'pipeline-unopened');
      await unopened.click();
      await unopened.getByText(TEXT.unopened, { exact: true }).waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  });
});
