import { tmpdir } from 'node:os';
import { Readable, Writable } from 'node:stream';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import deskJson from '@content/desk.json';
import { expect } from 'vitest';
import { INQUIRY_LABELS, clock, inquiryEventLabel } from '../../fixtures';
import { openContext } from './browser';
import { ownerAdd } from '../../../scripts/owner-add';
import { workerSite } from './context';

/** The desk's copy as the owner writes it (content/desk.json): tests expect what it says. */
export const DESK = deskJson.desk;

/**
 * Creates an owner as `npm run owner:add -- <username>` does, the password as one line on standard input, against the
 * database the server under test uses: `ownerAdd`, the function that command's process runs, called here (a process of
 * its own costs seconds of tsx and zxcvbn's dictionaries; tests/api/admin-owner-add.test.ts runs the real command).
 * Resolves with what it printed.
 */
export async function addOwner(username: string, password: string): Promise<string> {
  const { url, wsProxy } = workerSite().database;
  let output = '';
  const printed = new Writable({
    write(chunk, _encoding, next) {
      output += String(chunk);
      next();
    },
  });
  const env = { DATABASE_URL: url, NEON_WS_PROXY: wsProxy };
  // With DATABASE_URL set the embedded database is never opened: this folder is never made.
  const dataDir = join(tmpdir(), 'lone-star-e2e-owner-add-unused');
  const code = await ownerAdd([username], { stdin: Readable.from([`${password}\n`]), stdout: printed, stderr: printed, env, dataDir });
  if (code !== 0) throw new Error(`owner:add exited ${code}: ${output}`);
  return output;
}

/** Opens /admin and waits for the island to decide: the sign-in form, or the desk. */
export async function openDesk(page: Page, hash = ''): Promise<void> {
  await page.goto(`/admin${hash}`);
  await page.getByRole('button', { name: 'Sign in' }).or(page.getByRole('button', { name: 'Sign out' })).waitFor();
}

/** Signs in through the form (mouse and keyboard alike: fills and clicks). */
export async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
}

/** A view of the desk, as the view bar names them (content/desk.json "views"). */
export type DeskViewName = keyof typeof DESK.views;

/** The heading a view opens with: its longer name when the copy gives one, else its name in the bar. */
export function viewHeadingOf(view: DeskViewName): string {
  return (DESK.viewHeadings as Partial<Record<DeskViewName, string>>)[view] ?? DESK.views[view];
}

/** The desk's navigation between its views. */
export const deskNav = (page: Page) => page.getByRole('navigation', { name: DESK.navLabel });

/** Sends an inquiry through /contact as a visitor; the message mixes markup and right-to-left text. */
export async function sendInquiry(browser: Browser, { lastName, message, email }: { lastName: string; message: string; email: string }): Promise<void> {
  const context = await openContext(browser);
  try {
    const page = await context.newPage();
    await page.goto('/contact');
    const send = page.locator('main form button[type="submit"]');
    await send.and(page.locator(':enabled')).waitFor();
    const fields: Partial<Record<keyof typeof INQUIRY_LABELS, string>> = {
      firstName: 'Dolly',
      lastName,
      email,
      phone: '(512) 555-0199',
      guestCount: '80',
      eventLocation: 'Austin, TX',
      message,
      eventDate: clock.day(120),
    };
    for (const [name, value] of Object.entries(fields)) await page.getByLabel(INQUIRY_LABELS[name as keyof typeof INQUIRY_LABELS], { exact: true }).fill(value);
    await page.getByLabel(INQUIRY_LABELS.eventType, { exact: true }).selectOption({ label: inquiryEventLabel('wedding') });
    const answer = page.waitForResponse('**/api/contact');
    await send.click();
    expect((await answer).status()).toBe(201);
  } finally {
    await context.close();
  }
}
