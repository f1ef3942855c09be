import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

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
