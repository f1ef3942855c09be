import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { locateTexasZip } from '@shared/texas-zips';
import { BUSINESS_PHONE, PRICES } from '@shared/prices';
import { estimatePrice } from '@shared/pricing';
import { CHROME_FLAGS, findChrome } from '../../../scripts/lib/shared-harness/chrome';
import { mailConfig } from './config';
import { LOGO_CID, LOGO_SIZE, logoAttachment } from './logo';
import {
  bookingMessages,
  cancellationMessages,
  detailsReminderMessage,
  inquiryMessages,
  proposalCountersignedMessages,
  proposalExpiredMessages,
  proposalSentMessage,
  reminderMessage,
  rescheduleMessages,
  type BookingMail,
  type OutgoingMessage,
} from './messages';
import { proposalMail } from '../../../tests/fixtures';

const chromePath = findChrome();
const config = mailConfig({ SITE_URL: 'https://lonestar.example', OWNER_EMAIL: 'owner@lonestar.example' });
const booking: BookingMail = {
  id: '22222222-2222-4222-8222-222222222222',
  date: '2027-07-10',
  timeSlot: 'evening',
  clientName: 'Dolly Rivera',
  clientEmail: 'dolly.rivera.with.a.long.address@example.com',
  eventType: 'wedding',
  phone: '(512) 555-0199',
  guestCount: 120,
  eventLocation: 'Hill Country Ranch, 12345 Ranch Road 2222, Austin, TX',
};
// An estimate with long line labels (a per-guest add-on, the travel line), as an inquiry's two mails show it.
const priced = estimatePrice(
  { packageId: 'wedding', serviceLevel: 'premium', guests: 120, hours: 6, zip: '76701', addOns: ['champagne-toast'], date: '2027-04-17' },
  { prices: PRICES, phone: BUSINESS_PHONE, now: new Date('2026-12-01T18:00:00.000Z'), locate: locateTexasZip },
);
if (!priced.ok) throw new Error(`Not priced: ${priced.code}`);
// A countersigned proposal: its details hold the contract's 64-character fingerprint, which must wrap on a phone.
const proposal = proposalMail(
  {
    bookingId: booking.id,
    clientName: booking.clientName,
    clientEmail: booking.clientEmail,
    date: booking.date,
    timeSlot: booking.timeSlot,
    eventLocation: booking.eventLocation ?? null,
    totalCents: 1_234_500,
    schedule: [
      { label: 'Non-refundable retainer, due when the contract is signed', amountCents: 617_250, dueOn: '2026-12-05' },
      { label: 'Balance', amountCents: 617_250, dueOn: '2027-06-10' },
    ],
    documentSha256: 'c'.repeat(64),
  },
  'countersigned',
);

const messages: OutgoingMessage[] = [
  ...bookingMessages(booking, 'A'.repeat(43), config),
  ...cancellationMessages(booking, 'client', config),
  ...rescheduleMessages({ ...booking, sequence: 1 }, { date: '2027-07-03', timeSlot: 'afternoon' }, 'B'.repeat(43), config),
  reminderMessage(booking, 7, 'C'.repeat(43), config),
  detailsReminderMessage(booking, '2027-06-19', 'E'.repeat(43), config),
  proposalSentMessage(proposal, 'D'.repeat(43), config),
  ...proposalCountersignedMessages(proposal, new Uint8Array([37, 80, 68, 70]), config),
  ...proposalExpiredMessages(proposal, config),
  ...inquiryMessages(
    {
      id: '11111111-1111-4111-8111-111111111111',
      firstName: 'Dolly',
      lastName: 'Rivera',
      email: booking.clientEmail,
      phone: '(512) 555-0199',
      eventType: 'wedding',
      guestCount: '120',
      eventDate: '2027-04-17',
      eventLocation: 'Austin, TX',
      message: 'Ranch wedding,\noutdoor bar please. '.repeat(8),
      estimate: priced.value,
    },
    config,
  ),
];

type Layout = {
  scrollWidth: number;
  cardWidth: number;
  nameLines: number;
  preheaderShown: boolean;
  logo: { natural: number; shown: number };
  /** Every text element whose contrast with its background is under 4.5:1: text, colour, background, ratio. */
  lowContrast: string[];
  /** Amounts of an estimate (cells kept on one line) that a narrow column broke over lines anyway. */
  brokenAmounts: string[];
};

/** Measures a rendered message in the page: overflow, widths, the header's line count, and text contrast. */
function measure(): Layout {
  const rgb = (value: string) => (value.match(/[\d.]+/g) ?? []).map(Number);
  const luminance = ([r, g, b]: number[]) =>
    [r!, g!, b!]
      .map((channel) => channel / 255)
      .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
      .reduce((sum, c, index) => sum + c * [0.2126, 0.7152, 0.0722][index]!, 0);
  const background = (element: Element | null): number[] => {
    for (let node = element; node; node = node.parentElement) {
      const color = rgb(getComputedStyle(node).backgroundColor);
      if (color.length === 3 || (color.length === 4 && color[3]! > 0)) return color;
    }
    return [255, 255, 255];
  };
  const lowContrast: string[] = [];
  for (const element of document.body.querySelectorAll('h1, h2, p, th, td, a')) {
    if (![...element.childNodes].some((node) => node.nodeType === 3 && node.textContent!.trim())) continue;
    if ((element as HTMLElement).offsetParent === null) continue;
    const [a, b] = [luminance(rgb(getComputedStyle(element).color)), luminance(background(element))];
    const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    if (ratio < 4.5) lowContrast.push(`${element.textContent!.slice(0, 30)} ${getComputedStyle(element).color} ${ratio.toFixed(2)}`);
  }
  const name = [...document.querySelectorAll('td')].find((cell) => cell.children.length === 0 && cell.textContent === 'Lone Star Mobile Bar')!;
  const logo = document.querySelector('img')!;
  const range = document.createRange();
  range.selectNodeContents(name.firstChild!);
  const brokenAmounts = [...document.querySelectorAll('td')]
    .filter((cell) => getComputedStyle(cell).whiteSpace === 'nowrap' && cell.firstChild)
    .filter((cell) => {
      const text = document.createRange();
      text.selectNodeContents(cell);
      return new Set([...text.getClientRects()].map((rect) => Math.round(rect.top))).size > 1;
    })
    .map((cell) => cell.textContent!);
  return {
    scrollWidth: document.documentElement.scrollWidth,
    cardWidth: document.querySelector('table[width="600"]')!.getBoundingClientRect().width,
    nameLines: new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size,
    preheaderShown: (document.body.firstElementChild as HTMLElement).offsetHeight > 0,
    logo: { natural: logo.naturalWidth, shown: logo.getBoundingClientRect().width },
    lowContrast,
    brokenAmounts,
  };
}

describe.skipIf(!chromePath)('the branded mails in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: chromePath!, args: [...CHROME_FLAGS] });
  });
  afterAll(async () => {
    await browser?.close();
  });
  const logo = `data:image/png;base64,${logoAttachment().content.toString('base64')}`;

  test.each([390, 1280])('at %i px every message fits, the name stays on one line, the logo is crisp and text contrast is AA', async (width) => {
    const page = await browser.newPage({ viewport: { width, height: 800 }, deviceScaleFactor: 2 });
    try {
      for (const message of messages) {
        // The cid: reference only resolves inside a mail client: a data URL stands in for it here.
        await page.setContent(message.html.replace(`cid:${LOGO_CID}`, logo));
        await page.locator('img').evaluate((image: HTMLImageElement) => image.decode());
        const layout = await page.evaluate(measure);
        expect(layout.scrollWidth, message.kind).toBeLessThanOrEqual(width);
        expect(layout.cardWidth, message.kind).toBe(Math.min(600, width - 16));
        expect(layout.nameLines, message.kind).toBe(1);
        expect(layout.preheaderShown, message.kind).toBe(false);
        expect(layout.logo, message.kind).toEqual({ natural: 2 * LOGO_SIZE, shown: LOGO_SIZE });
        expect(layout.lowContrast, message.kind).toEqual([]);
        expect(layout.brokenAmounts, message.kind).toEqual([]);
      }
    } finally {
      await page.close();
    }
  });
});
