import settings from '@content/settings.json' with { type: 'json' };
import { LOGO_CID, LOGO_SIZE } from './logo';

/** The building blocks of a message, rendered once as plain text and once as phone-friendly inline-styled HTML. */
export type Block =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'details'; heading: string; rows: ReadonlyArray<readonly [label: string, value: string]> }
  | { kind: 'figures'; heading: string; rows: readonly Figure[] }
  | { kind: 'links'; heading?: string; text?: string; links: ReadonlyArray<{ label: string; url: string }> }
  | { kind: 'signature'; lines: readonly string[] }
  | { kind: 'footer'; text: string };

/** A row of figures: a label, its amount, and how it was reached (`detail`); `strong` for a total. */
export type Figure = { label: string; amount: string; detail?: string; strong?: boolean };

/** A rendered message body. */
export type RenderedBody = { text: string; html: string };

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** `text` safe inside HTML text or a double-quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!);
}

// Characters that must never reach a header line (CR, LF, other controls, format characters, line separators).
const UNSAFE_LINE_CHARACTERS = /[\p{Cc}\p{Cf}\u2028\u2029]+/gu;

/** `text` on one line: control and format characters become spaces, runs of spaces one, ends trimmed. */
export function oneLine(text: string, maxLength = 200): string {
  const flat = text.replace(UNSAFE_LINE_CHARACTERS, ' ').replace(/\s+/g, ' ').trim();
  return flat.length > maxLength ? `${flat.slice(0, maxLength - 1)}…` : flat;
}

/** Replaces each {name} in `template` with `values[name]`; a placeholder without a value stays as written. */
export function fill(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{([A-Za-z]+)\}/g, (match, name: string) =>
    Object.hasOwn(values, name) ? values[name]! : match,
  );
}

/** The {placeholders} a template uses. */
export function placeholders(template: string): string[] {
  return [...template.matchAll(/\{([A-Za-z]+)\}/g)].map((match) => match[1]!);
}

/** A heading as a plain-text label: "Your booking:", but "Plans changed?" stays as it is. */
function label(heading: string): string {
  return /[?!.:]$/.test(heading) ? heading : `${heading}:`;
}

/** A heading as the opening sentence of the plain text: "Your booking is cancelled.", "You're booked, Dolly!" as is. */
function sentence(heading: string): string {
  return /[?!.:…]$/.test(heading) ? heading : `${heading}.`;
}

/**
 * The preview a mail list shows under the subject: the first heading as a sentence and the first paragraph, on one
 * line. The plain text opens with the same words, so both parts preview alike.
 */
export function preheaderOf(blocks: readonly Block[]): string {
  const heading = blocks.find((block) => block.kind === 'heading');
  const paragraph = blocks.find((block) => block.kind === 'paragraph');
  return oneLine([heading ? sentence(heading.text) : '', paragraph?.text ?? ''].join(' '));
}

function textOf(blocks: readonly Block[]): string {
  const parts: string[] = [];
  for (const block of blocks) {
    switch (block.kind) {
      case 'heading':
        // No "=====" underline: the first line is what a mail list previews.
        parts.push(sentence(block.text));
        break;
      case 'paragraph':
        parts.push(block.text);
        break;
      case 'details':
        parts.push(
          [
            label(block.heading),
            ...block.rows.map(([label, value]) =>
              value.includes('\n') ? `${label}:\n  ${value.split('\n').join('\n  ')}` : `${label}: ${value}`,
            ),
          ].join('\n'),
        );
        break;
      case 'figures':
        parts.push(
          [
            label(block.heading),
            ...block.rows.map((row) => `${row.label}: ${row.amount}${row.detail ? ` (${row.detail})` : ''}`),
          ].join('\n'),
        );
        break;
      case 'links':
        parts.push(
          [
            ...(block.heading ? [label(block.heading)] : []),
            ...(block.text ? [block.text] : []),
            // Each address on a line of its own: long ones stay clickable where a client wraps the text.
            ...block.links.map((link) => `${label(link.label)}\n${link.url}`),
          ].join('\n'),
        );
        break;
      case 'signature':
        parts.push(block.lines.join('\n'));
        break;
      case 'footer':
        parts.push(`-- \n${block.text}`);
        break;
    }
  }
  return `${parts.join('\n\n')}\n`;
}

// The site's colours (src/styles/global.css) and font stacks, without web fonts. Contrast (WCAG AA, text ≥ 4.5:1):
// cream on leather 14.9, ink on cream 15.9, white on copper 5.7, copper-dark on cream 7.4, ink-soft on sand-cream 7.9.
const COLORS = {
  page: '#f8efe0',
  card: '#fffaf2',
  band: '#33200f',
  bandText: '#fffaf2',
  accent: '#a24f1c',
  text: '#2b1b11',
  heading: '#33200f',
  subheading: '#853f14',
  muted: '#5b4433',
  rule: '#e2c9a2',
} as const;
const SANS = "font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif";
const SERIF = "font-family:Georgia,'Iowan Old Style','Palatino Linotype','Times New Roman',serif";

// A time range ("6:00 PM – 11:00 PM") or a phone number ("(512) 555-0142"): text a phone's narrow column must never
// break inside. They hold no character that escaping changes, so they are found in the escaped text.
const UNBREAKABLE = /\d{1,2}:\d{2}\s[AP]M\s[–-]\s\d{1,2}:\d{2}\s[AP]M|\(\d{3}\)\s\d{3}-\d{4}/g;

/** `text` as HTML: escaped, its line breaks kept, time ranges and phone numbers each on one line. */
function multiline(text: string): string {
  return escapeHtml(text)
    .replace(UNBREAKABLE, (run) => `<span style="white-space:nowrap">${run}</span>`)
    .replace(/\r\n|\r|\n/g, '<br>');
}

function subheading(text: string): string {
  return `<h2 style="margin:28px 0 10px;${SERIF};font-size:19px;line-height:1.3;font-weight:bold;color:${COLORS.subheading}">${escapeHtml(text)}</h2>`;
}

/**
 * A link as a button that survives clients: a table cell carries the colour (Outlook ignores an anchor's padding),
 * the anchor the padding; with styles stripped it is a plain underlined link.
 */
function button(link: { label: string; url: string }): string {
  return (
    `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 10px;border-collapse:separate">` +
    `<tr><td style="border-radius:6px;background:${COLORS.accent};mso-padding-alt:12px 20px">` +
    `<a href="${escapeHtml(link.url)}" style="display:inline-block;padding:12px 20px;border-radius:6px;background:${COLORS.accent};` +
    `color:#ffffff;${SANS};font-size:16px;line-height:1.25;font-weight:bold;text-decoration:none">${escapeHtml(link.label)}</a>` +
    '</td></tr></table>'
  );
}

function htmlBlock(block: Block): string {
  switch (block.kind) {
    case 'heading':
      return `<h1 style="margin:0 0 16px;${SERIF};font-size:26px;line-height:1.25;font-weight:bold;color:${COLORS.heading}">${escapeHtml(block.text)}</h1>`;
    case 'paragraph':
      return `<p style="margin:0 0 16px">${multiline(block.text)}</p>`;
    case 'details':
      return [
        subheading(block.heading),
        '<table role="presentation" cellpadding="0" cellspacing="0" border="0" width="100%" style="width:100%;border-collapse:collapse;margin:0 0 16px">',
        ...block.rows.map(
          ([label, value]) =>
            '<tr>' +
            `<th scope="row" style="width:1%;text-align:left;vertical-align:top;padding:8px 12px 8px 0;border-top:1px solid ${COLORS.rule};font-weight:bold;white-space:nowrap">${escapeHtml(label)}</th>` +
            `<td style="vertical-align:top;padding:8px 0;border-top:1px solid ${COLORS.rule};word-break:break-word">${multiline(value)}</td>` +
            '</tr>',
        ),
        '</table>',
      ].join('');
    case 'figures':
      // A receipt: the label wraps on the left with how it was reached under it, the amount stays whole on the right.
      return [
        subheading(block.heading),
        '<table role="presentation" cellpadding="0" cellspacing="0" border="0" width="100%" style="width:100%;border-collapse:collapse;margin:0 0 16px">',
        ...block.rows.map((row) => {
          const cell =
            `vertical-align:top;padding:8px 0;border-top:${row.strong ? 2 : 1}px solid ${COLORS.rule};` +
            `font-weight:${row.strong ? 'bold' : 'normal'}`;
          const detail = row.detail
            ? `<br><span style="font-size:14px;color:${COLORS.muted}">${multiline(row.detail)}</span>`
            : '';
          return (
            '<tr>' +
            `<th scope="row" style="text-align:left;${cell};padding-right:12px;word-break:break-word">${escapeHtml(row.label)}${detail}</th>` +
            `<td style="text-align:right;${cell};white-space:nowrap">${escapeHtml(row.amount)}</td>` +
            '</tr>'
          );
        }),
        '</table>',
      ].join('');
    case 'links':
      return [
        block.heading ? subheading(block.heading) : '',
        block.text ? `<p style="margin:0 0 14px">${multiline(block.text)}</p>` : '',
        ...block.links.map(button),
        '<div style="height:6px;line-height:6px;font-size:6px">&nbsp;</div>',
      ].join('');
    case 'signature':
      return `<p style="margin:20px 0 0">${block.lines.map(multiline).join('<br>')}</p>`;
    case 'footer':
      return `<p style="margin:0">${escapeHtml(block.text)}</p>`;
  }
}

/** The header band: the logo (inline, by Content-ID) with the business name written beside it, so it reads without images. */
function header(brandName: string): string {
  return [
    `<tr><td style="padding:18px 20px;background:${COLORS.band};border-bottom:4px solid ${COLORS.accent};border-radius:12px 12px 0 0">`,
    '<table role="presentation" cellpadding="0" cellspacing="0" border="0"><tr>',
    `<td style="vertical-align:middle;padding:0 14px 0 0;width:${LOGO_SIZE}px">`,
    `<img src="cid:${LOGO_CID}" width="${LOGO_SIZE}" height="${LOGO_SIZE}" alt="${escapeHtml(brandName)}" `,
    `style="display:block;width:${LOGO_SIZE}px;height:${LOGO_SIZE}px;border:0;outline:none;color:${COLORS.bandText};${SANS};font-size:10px;line-height:12px"></td>`,
    `<td style="vertical-align:middle;${SERIF};font-size:22px;line-height:1.2;font-weight:bold;color:${COLORS.bandText}">${escapeHtml(brandName)}</td>`,
    '</tr></table>',
    '</td></tr>',
  ].join('');
}

// After the preview text, invisible filler keeps a client from running on into the body's first words.
const PREVIEW_FILLER = '&#8199;&#847;&zwnj;&nbsp;'.repeat(60);

/**
 * Renders `blocks` as plain text and as a branded HTML page: a hidden preview text (preheaderOf), a header band with
 * the logo and the business name, the blocks on a centred card at most 600 px wide (tables and inline styles, which
 * mail clients keep), links as buttons, footers in a muted line under the card.
 */
export function renderBody(title: string, blocks: readonly Block[]): RenderedBody {
  const brandName = settings.site.brandName;
  const footers = blocks.filter((block) => block.kind === 'footer');
  const html = [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width,initial-scale=1">',
    '<meta name="color-scheme" content="light"><meta name="supported-color-schemes" content="light">',
    `<title>${escapeHtml(title)}</title></head>`,
    `<body style="margin:0;padding:0;background:${COLORS.page}">`,
    `<div style="display:none;max-height:0;max-width:0;overflow:hidden;opacity:0;font-size:1px;line-height:1px;color:${COLORS.page};mso-hide:all">${escapeHtml(preheaderOf(blocks))}${PREVIEW_FILLER}</div>`,
    `<table role="presentation" cellpadding="0" cellspacing="0" border="0" width="100%" style="width:100%;background:${COLORS.page}"><tr><td align="center" style="padding:24px 8px">`,
    // Outlook on Windows knows no max-width: a fixed 600 px table there, behind a conditional comment.
    '<!--[if mso]><table role="presentation" cellpadding="0" cellspacing="0" border="0" width="600"><tr><td><![endif]-->',
    '<table role="presentation" cellpadding="0" cellspacing="0" border="0" width="600" style="width:100%;max-width:600px;border-collapse:separate">',
    header(brandName),
    `<tr><td style="padding:28px 20px 32px;background:${COLORS.card};border-radius:0 0 12px 12px;${SANS};font-size:16px;line-height:1.55;color:${COLORS.text};text-align:left">`,
    ...blocks.filter((block) => block.kind !== 'footer').map(htmlBlock),
    '</td></tr>',
    ...(footers.length > 0
      ? [`<tr><td style="padding:16px 24px 0;${SANS};font-size:13px;line-height:1.5;color:${COLORS.muted};text-align:center">`, ...footers.map(htmlBlock), '</td></tr>']
      : []),
    '</table>',
    '<!--[if mso]></td></tr></table><![endif]-->',
    '</td></tr></table>',
    '</body></html>',
  ].join('\n');
  return { text: textOf(blocks), html };
}
