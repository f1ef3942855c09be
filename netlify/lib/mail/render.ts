/** The building blocks of a message, rendered once as plain text and once as phone-friendly inline-styled HTML. */
export type Block =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'details'; heading: string; rows: ReadonlyArray<readonly [label: string, value: string]> }
  | { kind: 'links'; heading?: string; text?: string; links: ReadonlyArray<{ label: string; url: string }> }
  | { kind: 'signature'; lines: readonly string[] }
  | { kind: 'footer'; text: string };

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

function textOf(blocks: readonly Block[]): string {
  const parts: string[] = [];
  for (const block of blocks) {
    switch (block.kind) {
      case 'heading':
        parts.push(`${block.text}\n${'='.repeat(Math.min(block.text.length, 60))}`);
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
      case 'links':
        parts.push(
          [
            ...(block.heading ? [label(block.heading)] : []),
            ...(block.text ? [block.text] : []),
            ...block.links.map((link) => `${link.label}: ${link.url}`),
          ].join('\n'),
        );
        break;
      case 'signature':
        parts.push(block.lines.join('\n'));
        break;
      case 'footer':
        parts.push(`--\n${block.text}`);
        break;
    }
  }
  return `${parts.join('\n\n')}\n`;
}

const FONT = "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
const TEXT_COLOR = 'color:#2b1d12';
const ACCENT = '#8b3a1a';

/** Visitor text as HTML: escaped, line breaks kept. */
function multiline(text: string): string {
  return escapeHtml(text).replace(/\r\n|\r|\n/g, '<br>');
}

function htmlBlock(block: Block): string {
  switch (block.kind) {
    case 'heading':
      return `<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;${TEXT_COLOR}">${escapeHtml(block.text)}</h1>`;
    case 'paragraph':
      return `<p style="margin:0 0 16px">${multiline(block.text)}</p>`;
    case 'details':
      return [
        `<h2 style="margin:24px 0 8px;font-size:17px;${TEXT_COLOR}">${escapeHtml(block.heading)}</h2>`,
        '<table role="presentation" style="width:100%;border-collapse:collapse;margin:0 0 16px">',
        ...block.rows.map(
          ([label, value]) =>
            '<tr>' +
            `<th scope="row" style="text-align:left;vertical-align:top;padding:6px 12px 6px 0;border-top:1px solid #e6d8c3;font-weight:600;white-space:nowrap">${escapeHtml(label)}</th>` +
            `<td style="vertical-align:top;padding:6px 0;border-top:1px solid #e6d8c3;word-break:break-word">${multiline(value)}</td>` +
            '</tr>',
        ),
        '</table>',
      ].join('');
    case 'links':
      return [
        block.heading ? `<h2 style="margin:24px 0 8px;font-size:17px;${TEXT_COLOR}">${escapeHtml(block.heading)}</h2>` : '',
        block.text ? `<p style="margin:0 0 12px">${multiline(block.text)}</p>` : '',
        '<p style="margin:0 0 16px">',
        ...block.links.map(
          (link) =>
            `<a href="${escapeHtml(link.url)}" style="display:inline-block;margin:0 8px 8px 0;padding:10px 16px;border-radius:6px;background:${ACCENT};color:#ffffff;text-decoration:none;font-weight:600">${escapeHtml(link.label)}</a>`,
        ),
        '</p>',
      ].join('');
    case 'signature':
      return `<p style="margin:24px 0 16px">${block.lines.map(escapeHtml).join('<br>')}</p>`;
    case 'footer':
      return `<p style="margin:24px 0 0;padding-top:12px;border-top:1px solid #e6d8c3;font-size:13px;color:#6b5a4a">${escapeHtml(block.text)}</p>`;
  }
}

/** Renders `blocks` as plain text and as a simple HTML page (one column, 16 px text, readable on a phone). */
export function renderBody(title: string, blocks: readonly Block[]): RenderedBody {
  const html = [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width,initial-scale=1">',
    `<title>${escapeHtml(title)}</title></head>`,
    `<body style="margin:0;padding:0;background:#f7f1e8">`,
    `<div style="max-width:560px;margin:0 auto;padding:24px 16px;${FONT};font-size:16px;line-height:1.5;${TEXT_COLOR};background:#ffffff">`,
    ...blocks.map(htmlBlock),
    '</div></body></html>',
  ].join('\n');
  return { text: textOf(blocks), html };
}
