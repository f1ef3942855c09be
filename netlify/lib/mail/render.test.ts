import { describe, expect, test } from 'vitest';
import settings from '@content/settings.json' with { type: 'json' };
import { LOGO_CID, LOGO_SIZE } from './logo';
import { preheaderOf, renderBody, type Block } from './render';

const BLOCKS: Block[] = [
  { kind: 'heading', text: 'Your booking is cancelled' },
  { kind: 'paragraph', text: 'As you asked, we cancelled your booking.' },
  { kind: 'details', heading: 'The booking', rows: [['Date', 'Saturday, July 10, 2027']] },
  { kind: 'links', heading: 'Plans changed?', links: [{ label: 'Cancel my booking', url: 'https://bar.example/cancel#token=a&b' }] },
  { kind: 'signature', lines: ['Cheers,', 'Lone Star Mobile Bar'] },
  { kind: 'footer', text: 'You are getting this e-mail because of a request sent from https://bar.example.' },
];

/** What a mail list previews of the HTML part: the body's text from its start, tags dropped, entities read. */
function htmlPreview(html: string): string {
  const body = html.slice(html.indexOf('<body'));
  return body
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#(\d+);/g, (_match, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&zwnj;|&nbsp;|[\u2007\u034f\u200c\u00a0]/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

const flat = (text: string) => text.replace(/\s+/g, ' ').trim();

describe('preheaderOf', () => {
  test.each([
    ['a heading without a stop gets one', BLOCKS, 'Your booking is cancelled. As you asked, we cancelled your booking.'],
    [
      'a heading ending in ! stays as it is',
      [{ kind: 'heading', text: "You're booked, Dolly!" }, { kind: 'paragraph', text: 'We are holding it.' }],
      "You're booked, Dolly! We are holding it.",
    ],
    ['no paragraph: the heading alone', [{ kind: 'heading', text: 'New booking' }], 'New booking.'],
    ['no heading: the first paragraph', [{ kind: 'paragraph', text: 'Line one\nline two' }], 'Line one line two'],
    ['a long paragraph is cut with an ellipsis', [{ kind: 'paragraph', text: 'x'.repeat(300) }], `${'x'.repeat(199)}…`],
  ] as Array<[string, Block[], string]>)('%s', (_case, blocks, expected) => {
    expect(preheaderOf(blocks)).toBe(expected);
  });
});

describe('renderBody', () => {
  const { text, html } = renderBody('Cancelled: your booking', BLOCKS);

  test('both parts open with the preheader, and nothing opens with a ===== underline', () => {
    const preheader = preheaderOf(BLOCKS);
    expect(flat(text).startsWith(preheader)).toBe(true);
    expect(htmlPreview(html).startsWith(preheader)).toBe(true);
    expect(text.split('\n')[0]).toBe('Your booking is cancelled.');
    expect(text).not.toMatch(/={3,}/);
    // The preview text is hidden in the HTML: it sits in an element that is not displayed.
    expect(html).toMatch(/<body[^>]*>\n<div style="display:none;[^"]*">Your booking is cancelled\. As you asked/);
  });

  test('the plain text puts each link on its own line, holds no HTML entity, and ends with a signature-style footer', () => {
    expect(text).toContain('Plans changed?\nCancel my booking:\nhttps://bar.example/cancel#token=a&b\n');
    expect(text).not.toMatch(/&[a-z]+;|&#\d+;/);
    expect(text).toContain('\n\n-- \nYou are getting this e-mail');
  });

  test('the header holds the logo by Content-ID, sized and named, with the business name written beside it', () => {
    const images = [...html.matchAll(/<img\b[^>]*>/g)].map((match) => match[0]);
    expect(images).toHaveLength(1);
    expect(images[0]).toContain(`src="cid:${LOGO_CID}"`);
    expect(images[0]).toContain(`width="${LOGO_SIZE}" height="${LOGO_SIZE}"`);
    expect(images[0]).toContain(`alt="${settings.site.brandName}"`);
    expect(html).toMatch(new RegExp(`<td [^>]*>${settings.site.brandName}</td>`));
    expect(html).not.toMatch(/src\s*=\s*["']?\s*(https?:)?\/\//i);
    expect(html).not.toMatch(/url\(|<link\b|@import|<style\b/i);
  });

  test('links are buttons whose colour sits on a table cell, and the layout is a 600 px table', () => {
    expect(html).toMatch(/<td style="border-radius:6px;background:#a24f1c;mso-padding-alt:12px 20px"><a href="https:\/\/bar\.example\/cancel#token=a&amp;b" style="display:inline-block;padding:12px 20px;/);
    expect(html).toContain('width="600" style="width:100%;max-width:600px;');
  });

  test('a time range and a phone number never break inside on a phone, in paragraphs, details and the signature', () => {
    const range = '6:00 PM – 11:00 PM';
    const phone = '(512) 555-0142';
    const { html, text } = renderBody('Reminder', [
      { kind: 'paragraph', text: `We hold ${range} Central Time. Call <us> at ${phone}.` },
      { kind: 'details', heading: 'Your booking', rows: [['Time', `${range} Central Time`]] },
      { kind: 'signature', lines: ['Cheers,', `${phone} · howdy@example.com`] },
    ]);
    const kept = (run: string) => `<span style="white-space:nowrap">${run}</span>`;
    expect(html.split(kept(range))).toHaveLength(3);
    expect(html.split(kept(phone))).toHaveLength(3);
    expect(html).toContain(`Call &lt;us&gt; at ${kept(phone)}.`);
    expect(text).not.toContain('nowrap');
  });

  test('text of any origin renders as text in both parts: markup, quotes and emoji', () => {
    const hostile = `<script>alert("x")</script> O'Brien & "Co" 🤠🍹`;
    const rendered = renderBody(hostile, [
      { kind: 'heading', text: hostile },
      { kind: 'paragraph', text: hostile },
      { kind: 'details', heading: hostile, rows: [[hostile, hostile]] },
      { kind: 'links', heading: hostile, text: hostile, links: [{ label: hostile, url: `https://bar.example/?q="><script>` }] },
      { kind: 'signature', lines: [hostile] },
      { kind: 'footer', text: hostile },
    ]);
    expect(rendered.html).not.toMatch(/<script|O'Brien/);
    expect(rendered.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; O&#39;Brien &amp; &quot;Co&quot; 🤠🍹');
    expect(rendered.html).toContain('href="https://bar.example/?q=&quot;&gt;&lt;script&gt;"');
    expect(rendered.text.startsWith(`${hostile}.\n\n${hostile}\n\n${hostile}:\n${hostile}: ${hostile}\n`)).toBe(true);
    expect(rendered.text).not.toMatch(/&lt;|&amp;|&quot;|&#39;/);
  });
});
