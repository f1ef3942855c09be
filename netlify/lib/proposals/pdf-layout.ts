import { rgb, type PDFDocument, type PDFFont, type PDFPage } from 'pdf-lib';

/** US Letter in points, and the margin on every side (¾ inch). */
const PAGE = { width: 612, height: 792, margin: 54 };
/** Room kept at the top for the running header and at the bottom for the footer. */
const HEADER_SPACE = 30;
const FOOTER_SPACE = 28;
const INK = rgb(0.12, 0.1, 0.09);
const MUTED = rgb(0.38, 0.35, 0.32);

/** How a run of text is set: font, size, colour, space after it. */
export type TextStyle = { font: PDFFont; size: number; muted?: boolean; after?: number; paragraphGap?: number };

/** The width text may take on a page. */
export const TEXT_WIDTH = PAGE.width - 2 * PAGE.margin;

const characterWidths = new WeakMap<PDFFont, Map<string, number>>();

/**
 * The width of `text` at `size`: the sum of its characters' advance widths, each measured once per font. Exact for
 * fonts embedded with PLAIN_FEATURES (no ligatures or kerning), and a hundred times cheaper than laying out each try.
 */
export function textWidth(text: string, font: PDFFont, size: number): number {
  let widths = characterWidths.get(font);
  if (!widths) characterWidths.set(font, (widths = new Map()));
  let total = 0;
  for (const character of text) {
    let width = widths.get(character);
    if (width === undefined) widths.set(character, (width = font.widthOfTextAtSize(character, 1)));
    total += width;
  }
  return total * size;
}

/** A word longer than `width` cut into pieces that each fit (a long browser string, an address without spaces). */
function splitLongWord(word: string, font: PDFFont, size: number, width: number): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (const character of word) {
    if (piece && textWidth(piece + character, font, size) > width) {
      pieces.push(piece);
      piece = '';
    }
    piece += character;
  }
  return piece ? [...pieces, piece] : pieces;
}

/** The lines one paragraph (no line breaks) takes at `width`, broken between words. */
export function wrapParagraph(paragraph: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of paragraph.split(/ +/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (textWidth(candidate, font, size) <= width) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    const pieces = textWidth(word, font, size) <= width ? [word] : splitLongWord(word, font, size, width);
    line = pieces.pop() ?? '';
    lines.push(...pieces);
  }
  return line || lines.length === 0 ? [...lines, line] : lines;
}

/** Writes text down the pages of a document, starting a new page (with its header) whenever the next line would not fit. */
export class PageWriter {
  private page!: PDFPage;
  private y = 0;
  readonly pages: PDFPage[] = [];

  constructor(
    private readonly document: PDFDocument,
    private readonly header: { text: string; font: PDFFont },
  ) {
    this.newPage();
  }

  /** Starts a page: the running header (brand and title) and a rule under it. */
  newPage(): void {
    this.page = this.document.addPage([PAGE.width, PAGE.height]);
    this.pages.push(this.page);
    const top = PAGE.height - PAGE.margin;
    this.page.drawText(this.header.text, { x: PAGE.margin, y: top, size: 8, font: this.header.font, color: MUTED });
    this.page.drawLine({
      start: { x: PAGE.margin, y: top - 6 },
      end: { x: PAGE.width - PAGE.margin, y: top - 6 },
      thickness: 0.5,
      color: MUTED,
    });
    this.y = top - HEADER_SPACE;
  }

  /** Moves down by `points`, or to a new page when fewer than `keep` points would be left under it. */
  space(points: number, keep = 0): void {
    this.y -= points;
    if (this.y - keep < PAGE.margin + FOOTER_SPACE) this.newPage();
  }

  /** Keeps the next `points` of content on one page (a heading with its first lines). */
  keepTogether(points: number): void {
    if (this.y - points < PAGE.margin + FOOTER_SPACE) this.newPage();
  }

  /** Writes `text` (line breaks start new paragraphs) wrapped to the text width. */
  text(text: string, style: TextStyle): void {
    const lineHeight = style.size * 1.35;
    for (const [index, paragraph] of text.split('\n').entries()) {
      if (index > 0) this.y -= style.paragraphGap ?? 0;
      for (const line of wrapParagraph(paragraph, style.font, style.size, TEXT_WIDTH)) {
        this.keepTogether(lineHeight);
        this.y -= lineHeight;
        this.page.drawText(line, { x: PAGE.margin, y: this.y + style.size * 0.25, size: style.size, font: style.font, color: style.muted ? MUTED : INK });
      }
    }
    this.y -= style.after ?? 0;
  }

  /** Writes each page's footer (`footer(page number, page count)`), once every page exists. */
  footers(footer: (page: number, pages: number) => string, font: PDFFont): void {
    this.pages.forEach((page, index) => {
      page.drawText(footer(index + 1, this.pages.length), { x: PAGE.margin, y: PAGE.margin - 4, size: 7.5, font, color: MUTED });
    });
  }
}
