import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import deskJson from '@content/desk.json';
import { expect } from 'vitest';
import { INQUIRY_LABELS, clock, inquiryEventLabel } from '../../fixtures';
import { axeViolations } from './axe';
import { VIEWPORTS, openContext } from './browser';
import { workerSite } from './context';

/** The desk's copy as the owner writes it (content/desk.json): tests expect what it says. */
export const DESK = deskJson.desk;

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * Checks one state of the desk at the phone and the desktop width: axe finds nothing at either. With
 * DESK_SCREENSHOTS=<dir> set, each width is also saved as <dir>/<state>-<width>.png for a person to look at.
 */
export async function checkState(page: Page, state: string): Promise<void> {
  const original = page.viewportSize();
  for (const size of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
    await page.setViewportSize(size);
    expect(await axeViolations(page), `${state} at ${size.width} px`).toEqual([]);
    const dir = process.env.DESK_SCREENSHOTS;
    if (dir) {
      mkdirSync(dir, { recursive: true });
      await page.screenshot({ path: join(dir, `${state}-${size.width}.png`), fullPage: true });
    }
  }
  if (original) await page.setViewportSize(original);
}

/**
 * Creates an owner the way a person does: `npm run owner:add -- <username>`, the password typed as one line on
 * standard input, against the database the server under test uses. Resolves with what the command printed.
 */
export function addOwner(username: string, password: string): Promise<string> {
  const { url, wsProxy } = workerSite().database;
  return new Promise((done, fail) => {
    const child = spawn('npm', ['run', '--silent', 'owner:add', '--', username], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: url, NEON_WS_PROXY: wsProxy },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', fail);
    child.on('close', (code) => (code === 0 ? done(output) : fail(new Error(`owner:add exited ${code}: ${output}`))));
    child.stdin.end(`${password}\n`);
  });
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
