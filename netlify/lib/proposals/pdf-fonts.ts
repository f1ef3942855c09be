import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument } from 'pdf-lib';

/** The TrueType files of the contract's PDF (the `dejavu-fonts-ttf` package): they cover Latin, Vietnamese, Greek, Cyrillic. */
export const CONTRACT_FONT_FILES = {
  regular: 'DejaVuSans.ttf',
  bold: 'DejaVuSans-Bold.ttf',
  mono: 'DejaVuSansMono.ttf',
} as const;

/** The bytes of each font of the contract's PDF. */
export type ContractFontBytes = Record<keyof typeof CONTRACT_FONT_FILES, Uint8Array>;

/**
 * The OpenType features turned off when laying out text: without ligatures, kerning or mark positioning (pdf-lib places
 * glyphs by their advance widths anyway) a line lays out four times faster, and a text's width is the sum of its
 * characters' (pdf-layout.ts measures that way). Texts are NFC, so accented letters are single glyphs of the font.
 */
export const PLAIN_FEATURES = Object.fromEntries(
  ['kern', 'liga', 'clig', 'calt', 'rlig', 'ccmp', 'locl', 'mark', 'mkmk'].map((feature) => [feature, false]),
);

let cached: ContractFontBytes | undefined;

/**
 * The font files' bytes, read once per process. They are found through the package's own location, so they load the
 * same from the repository and from a deployed function (netlify.toml's `included_files` ships them beside it).
 */
export function contractFontBytes(): ContractFontBytes {
  if (cached) return cached;
  const folder = join(dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
  const read = (file: string) => new Uint8Array(readFileSync(join(folder, file)));
  cached = {
    regular: read(CONTRACT_FONT_FILES.regular),
    bold: read(CONTRACT_FONT_FILES.bold),
    mono: read(CONTRACT_FONT_FILES.mono),
  };
  return cached;
}

type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];
type ParsedFont = ReturnType<Fontkit['create']>;
const parsedFonts = new WeakMap<Uint8Array, ParsedFont>();

/**
 * fontkit, parsing each font file once per process: a PDF's subset is its own, but the parsed font (its tables, glyph
 * and layout caches) is only read, so every document shares it. Parsing the three files again for each PDF copied and
 * decoded 1.8 MB, about half of a render's time.
 */
export const sharedFontkit: Fontkit = {
  create(buffer, postscriptName) {
    if (postscriptName !== undefined) return fontkit.create(buffer, postscriptName);
    let font = parsedFonts.get(buffer);
    if (!font) parsedFonts.set(buffer, (font = fontkit.create(buffer)));
    return font;
  },
};
