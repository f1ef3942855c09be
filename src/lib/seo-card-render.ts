// Build time only (sharp, node:fs): draws the social cards and app icons from our own SVGs and the display face.
import { createHash } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { displayFontSource, readWoff, toSfnt } from './display-font';

/** Size of every social card (Open Graph and X's summary_large_image both crop 1.91:1). */
export const CARD = { width: 1200, height: 630 } as const;

/** Brand colours (the same values as src/styles/global.css). */
export const BRAND = {
  leather900: '#24160e',
  leather800: '#33200f',
  saddle: '#9a6136',
  copper: '#a24f1c',
  copperLight: '#d88a4a',
  cream50: '#fffaf2',
  cream200: '#f0e0c6',
} as const;

/** The PNG icons drawn from public/favicon.svg: file name (without .png) -> size in pixels. */
export const APP_ICONS = { 'apple-touch-icon': 180, 'icon-192': 192, 'icon-512': 512 } as const;

/** What one card shows. */
export interface CardContent {
  brand: string;
  heading: string;
  tagline: string;
  /** The page's own SVG illustration (file contents). */
  illustration: Buffer;
}

let displayFontFile: string | undefined;

/** The display face (Rye, latin, all glyphs) as a TrueType file in the temp directory, written once per content. */
function displayFont(): string {
  if (displayFontFile) return displayFontFile;
  const ttf = toSfnt(readWoff(displayFontSource()));
  const file = join(tmpdir(), `rye-${createHash('sha256').update(ttf).digest('hex').slice(0, 12)}.ttf`);
  if (!existsSync(file)) writeFileSync(file, ttf);
  displayFontFile = file;
  return file;
}

/** Text for Pango markup. */
function markup(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A transparent PNG of `text` in the display face, wrapped at `width`, shrunk until it fits `maxHeight`. */
async function textBlock(text: string, options: { size: number; color: string; width: number; maxHeight: number }) {
  for (let size = options.size; ; size -= 4) {
    const { data, info } = await sharp({
      text: {
        text: `<span foreground="${options.color}">${markup(text)}</span>`,
        font: `Rye ${size}`,
        fontfile: displayFont(),
        width: options.width,
        dpi: 72,
        rgba: true,
        spacing: Math.round(size * 0.15),
      },
    })
      .png()
      .toBuffer({ resolveWithObject: true });
    if (info.height <= options.maxHeight || size <= 24) return { data, width: info.width, height: info.height };
  }
}

/** The card's backdrop: leather, a copper glow, a stitched saddle frame and three stars. */
function backdrop(): Buffer {
  const { width, height } = CARD;
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><radialGradient id="glow" cx="0.85" cy="1.05" r="0.9"><stop offset="0" stop-color="${BRAND.copperLight}" stop-opacity="0.45"/><stop offset="1" stop-color="${BRAND.copperLight}" stop-opacity="0"/></radialGradient></defs>
  <rect width="${width}" height="${height}" fill="${BRAND.leather800}"/>
  <rect width="${width}" height="${height}" fill="url(#glow)"/>
  <rect x="22" y="22" width="${width - 44}" height="${height - 44}" rx="18" fill="none" stroke="${BRAND.saddle}" stroke-width="4"/>
  <rect x="34" y="34" width="${width - 68}" height="${height - 68}" rx="12" fill="none" stroke="${BRAND.copperLight}" stroke-width="2" stroke-dasharray="10 8" opacity="0.6"/>
</svg>`);
}

/** The illustration scaled into a box, with rounded corners and a saddle border. */
async function framedIllustration(svg: Buffer, box: { width: number; height: number }) {
  const image = await sharp(svg, { density: 144 })
    .resize(box.width, box.height, { fit: 'inside' })
    .png()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = image.info;
  const mask = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" rx="18"/></svg>`);
  const border = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect x="3" y="3" width="${width - 6}" height="${height - 6}" rx="16" fill="none" stroke="${BRAND.saddle}" stroke-width="6"/></svg>`);
  const data = await sharp(image.data)
    .composite([{ input: mask, blend: 'dest-in' }, { input: border }])
    .png()
    .toBuffer();
  return { data, width, height };
}

/** A 1200×630 PNG: brand line, page heading and tagline on the left in the display face, the illustration on the right. */
export async function renderSocialCard(content: CardContent): Promise<Buffer> {
  const left = 80;
  const textWidth = 560;
  const art = await framedIllustration(content.illustration, { width: 440, height: 470 });
  const brand = await textBlock(`★ ${content.brand}`, { size: 34, color: BRAND.copperLight, width: textWidth, maxHeight: 50 });
  const heading = await textBlock(content.heading, { size: 76, color: BRAND.cream50, width: textWidth, maxHeight: 270 });
  const tagline = await textBlock(content.tagline, { size: 28, color: BRAND.cream200, width: textWidth, maxHeight: 110 });
  const gap = 28;
  const stack = brand.height + gap + heading.height + gap + tagline.height;
  const top = Math.round((CARD.height - stack) / 2);
  return sharp(backdrop())
    .composite([
      { input: brand.data, left, top },
      { input: heading.data, left, top: top + brand.height + gap },
      { input: tagline.data, left, top: top + brand.height + gap + heading.height + gap },
      { input: art.data, left: CARD.width - 80 - art.width, top: Math.round((CARD.height - art.height) / 2) },
    ])
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** A square PNG icon of an SVG mark on a solid background (Apple touch icons must not be transparent). */
export async function renderIcon(svg: Buffer, size: number, options: { background: string; padding: number }): Promise<Buffer> {
  const inner = Math.round(size * (1 - 2 * options.padding));
  const mark = await sharp(svg, { density: Math.max(72, Math.ceil((72 * inner) / 48)) })
    .resize(inner, inner)
    .png()
    .toBuffer();
  return sharp({ create: { width: size, height: size, channels: 4, background: options.background } })
    .composite([{ input: mark, gravity: 'centre' }])
    .png({ compressionLevel: 9 })
    .toBuffer();
}
