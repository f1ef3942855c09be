// Build time only (node:fs): the display face, cut down to the characters headings use, as a small WOFF2 file.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { compress } from 'wawoff2';

/** The WOFF 1.0 file of the display face as @fontsource ships it (latin subset, 215 glyphs, 28 KB). */
export const DISPLAY_FONT_SOURCE = '@fontsource/rye/files/rye-latin-400-normal.woff';

/**
 * What the display face draws: printable ASCII plus the typographic punctuation copy uses. Any other character falls
 * back to the next font of the stack (Georgia) glyph by glyph, exactly as for a character the face lacks.
 */
export const DISPLAY_CHARACTERS = [
  ...Array.from({ length: 0x7e - 0x20 + 1 }, (_, i) => 0x20 + i),
  ...[0xa0, 0xa9, 0xae, 0xb7, 0xe9, 0x2013, 0x2014, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2026, 0x2122],
];

interface Table {
  tag: string;
  data: Buffer;
}

/** The tables of a WOFF 1.0 file, decompressed. */
export function readWoff(woff: Buffer): Table[] {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF 1.0 font');
  return Array.from({ length: woff.readUInt16BE(12) }, (_, i) => {
    const entry = 44 + i * 20;
    const offset = woff.readUInt32BE(entry + 4);
    const compLength = woff.readUInt32BE(entry + 8);
    const raw = woff.subarray(offset, offset + compLength);
    return {
      tag: woff.toString('latin1', entry, entry + 4),
      data: compLength < woff.readUInt32BE(entry + 12) ? inflateSync(raw) : Buffer.from(raw),
    };
  });
}

const padded = (length: number) => (length + 3) & ~3;

/** The OpenType checksum of a table (sum of big-endian uint32 words, zero-padded). */
function checksum(data: Buffer): number {
  const words = Buffer.alloc(padded(data.length));
  data.copy(words);
  let sum = 0;
  for (let i = 0; i < words.length; i += 4) sum = (sum + words.readUInt32BE(i)) >>> 0;
  return sum;
}

/** Search-range fields of an sfnt header for `count` tables. */
function searchFields(count: number) {
  let power = 1;
  let log = 0;
  while (power * 2 <= count) {
    power *= 2;
    log += 1;
  }
  return { searchRange: power * 16, entrySelector: log, rangeShift: count * 16 - power * 16 };
}

/** A plain TrueType file of these tables (the text renderer of the social cards loads this). */
export function toSfnt(tables: Table[], flavor = 0x00010000): Buffer {
  const sorted = [...tables].sort((a, b) => (a.tag < b.tag ? -1 : 1));
  const out = Buffer.alloc(12 + 16 * sorted.length + sorted.reduce((sum, table) => sum + padded(table.data.length), 0));
  const { searchRange, entrySelector, rangeShift } = searchFields(sorted.length);
  out.writeUInt32BE(flavor, 0);
  out.writeUInt16BE(sorted.length, 4);
  out.writeUInt16BE(searchRange, 6);
  out.writeUInt16BE(entrySelector, 8);
  out.writeUInt16BE(rangeShift, 10);
  let offset = 12 + 16 * sorted.length;
  sorted.forEach((table, i) => {
    const record = 12 + 16 * i;
    out.write(table.tag, record, 'latin1');
    out.writeUInt32BE(checksum(table.data), record + 4);
    out.writeUInt32BE(offset, record + 8);
    out.writeUInt32BE(table.data.length, record + 12);
    table.data.copy(out, offset);
    offset += padded(table.data.length);
  });
  return out;
}

/** Glyph id of each code point the font maps (cmap format 4 or 12, Windows Unicode). */
export function readCmap(cmap: Buffer): Map<number, number> {
  const map = new Map<number, number>();
  const count = cmap.readUInt16BE(2);
  const records = Array.from({ length: count }, (_, i) => ({
    platform: cmap.readUInt16BE(4 + i * 8),
    encoding: cmap.readUInt16BE(6 + i * 8),
    offset: cmap.readUInt32BE(8 + i * 8),
  }));
  const record =
    records.find((r) => r.platform === 3 && r.encoding === 10) ??
    records.find((r) => r.platform === 3 && r.encoding === 1) ??
    records.find((r) => r.platform === 0);
  if (!record) throw new Error('display font: no Unicode cmap');
  const table = cmap.subarray(record.offset);
  const format = table.readUInt16BE(0);
  if (format === 4) {
    const segments = table.readUInt16BE(6) / 2;
    const ends = 14;
    const starts = ends + segments * 2 + 2;
    const deltas = starts + segments * 2;
    const rangeOffsets = deltas + segments * 2;
    for (let s = 0; s < segments; s += 1) {
      const end = table.readUInt16BE(ends + s * 2);
      const start = table.readUInt16BE(starts + s * 2);
      const delta = table.readInt16BE(deltas + s * 2);
      const rangeOffset = table.readUInt16BE(rangeOffsets + s * 2);
      for (let cp = start; cp <= end && cp !== 0xffff; cp += 1) {
        let glyph: number;
        if (rangeOffset === 0) glyph = (cp + delta) & 0xffff;
        else {
          const at = rangeOffsets + s * 2 + rangeOffset + (cp - start) * 2;
          glyph = table.readUInt16BE(at);
          if (glyph !== 0) glyph = (glyph + delta) & 0xffff;
        }
        if (glyph !== 0) map.set(cp, glyph);
      }
    }
  } else if (format === 12) {
    const groups = table.readUInt32BE(12);
    for (let g = 0; g < groups; g += 1) {
      const start = table.readUInt32BE(16 + g * 12);
      const end = table.readUInt32BE(20 + g * 12);
      const first = table.readUInt32BE(24 + g * 12);
      for (let cp = start; cp <= end; cp += 1) map.set(cp, first + cp - start);
    }
  } else {
    throw new Error(`display font: cmap format ${format} is not supported`);
  }
  return map;
}

/** A cmap with one format 4 subtable (Windows and Unicode records) mapping exactly these code points. */
function writeCmap(map: Map<number, number>): Buffer {
  const points = [...map.keys()].filter((cp) => cp < 0xffff).sort((a, b) => a - b);
  // One segment per run of consecutive code points whose glyph ids are consecutive too (same delta).
  const runs: Array<{ start: number; end: number; delta: number }> = [];
  for (const cp of points) {
    const delta = (map.get(cp)! - cp) & 0xffff;
    const last = runs.at(-1);
    if (last && last.end === cp - 1 && last.delta === delta) last.end = cp;
    else runs.push({ start: cp, end: cp, delta });
  }
  runs.push({ start: 0xffff, end: 0xffff, delta: 1 });
  const segments = runs.length;
  const length = 16 + segments * 8;
  const sub = Buffer.alloc(length);
  const { searchRange, entrySelector, rangeShift } = searchFields(segments);
  sub.writeUInt16BE(4, 0);
  sub.writeUInt16BE(length, 2);
  sub.writeUInt16BE(segments * 2, 6);
  sub.writeUInt16BE(searchRange / 8, 8);
  sub.writeUInt16BE(entrySelector, 10);
  sub.writeUInt16BE(rangeShift / 8, 12);
  const ends = 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  runs.forEach((run, s) => {
    sub.writeUInt16BE(run.end, ends + s * 2);
    sub.writeUInt16BE(run.start, starts + s * 2);
    sub.writeUInt16BE(run.delta, deltas + s * 2);
  });
  const header = Buffer.alloc(4 + 2 * 8);
  header.writeUInt16BE(0, 0);
  header.writeUInt16BE(2, 2);
  header.writeUInt16BE(0, 4);
  header.writeUInt16BE(3, 6);
  header.writeUInt32BE(header.length, 8);
  header.writeUInt16BE(3, 12);
  header.writeUInt16BE(1, 14);
  header.writeUInt32BE(header.length, 16);
  return Buffer.concat([header, sub]);
}

/** Glyph ids a composite glyph is built from. */
function componentsOf(glyph: Buffer): number[] {
  if (glyph.length === 0 || glyph.readInt16BE(0) >= 0) return [];
  const ids: number[] = [];
  let at = 10;
  for (;;) {
    const flags = glyph.readUInt16BE(at);
    ids.push(glyph.readUInt16BE(at + 2));
    at += 4 + (flags & 0x1 ? 4 : 2) + (flags & 0x8 ? 2 : flags & 0x40 ? 4 : flags & 0x80 ? 8 : 0);
    if (!(flags & 0x20)) return ids;
  }
}

/** The outline bytes of one glyph (empty for a glyph without outline). */
export function glyphData(tables: Table[], id: number): Buffer {
  const data = (tag: string) => tables.find((t) => t.tag === tag)!.data;
  const loca = data('loca');
  const long = data('head').readInt16BE(50) === 1;
  const offsetOf = (i: number) => (long ? loca.readUInt32BE(i * 4) : loca.readUInt16BE(i * 2) * 2);
  return data('glyf').subarray(offsetOf(id), offsetOf(id + 1));
}

/**
 * Keeps the outlines of the glyphs `characters` need (and .notdef and composite parts) and maps only those characters;
 * every other glyph is emptied in place, so glyph ids, metrics and the other tables stay valid.
 */
export function subsetTables(tables: Table[], characters: readonly number[]): Table[] {
  const table = (tag: string) => {
    const found = tables.find((t) => t.tag === tag);
    if (!found) throw new Error(`display font: no ${tag} table`);
    return found.data;
  };
  const head = table('head');
  const longLoca = head.readInt16BE(50) === 1;
  const loca = table('loca');
  const glyf = table('glyf');
  const glyphCount = table('maxp').readUInt16BE(4);
  const offsetOf = (id: number) => (longLoca ? loca.readUInt32BE(id * 4) : loca.readUInt16BE(id * 2) * 2);
  const glyphOf = (id: number) => glyf.subarray(offsetOf(id), offsetOf(id + 1));

  const fullMap = readCmap(table('cmap'));
  const map = new Map(characters.filter((cp) => fullMap.has(cp)).map((cp) => [cp, fullMap.get(cp)!] as const));
  const keep = new Set([0, ...map.values()]);
  for (const id of [...keep]) for (const part of componentsOf(glyphOf(id))) keep.add(part);

  const kept: Buffer[] = [];
  const offsets: number[] = [0];
  for (let id = 0; id < glyphCount; id += 1) {
    const data = keep.has(id) ? glyphOf(id) : Buffer.alloc(0);
    // Even offsets, as the short loca format stores offset / 2.
    const aligned = Buffer.alloc((data.length + 1) & ~1);
    data.copy(aligned);
    kept.push(aligned);
    offsets.push(offsets.at(-1)! + aligned.length);
  }
  const newLoca = Buffer.alloc((glyphCount + 1) * (longLoca ? 4 : 2));
  offsets.forEach((offset, i) => (longLoca ? newLoca.writeUInt32BE(offset, i * 4) : newLoca.writeUInt16BE(offset / 2, i * 2)));
  const newHead = Buffer.from(head);
  newHead.writeUInt32BE(0, 8);
  const replaced = new Map([
    ['glyf', Buffer.concat(kept)],
    ['loca', newLoca],
    ['cmap', writeCmap(map)],
    ['head', newHead],
  ]);
  return tables.map((t) => ({ tag: t.tag, data: replaced.get(t.tag) ?? t.data }));
}

/** The WOFF file of the display face as @fontsource ships it. */
export function displayFontSource(): Buffer {
  return readFileSync(createRequire(import.meta.url).resolve(DISPLAY_FONT_SOURCE));
}

/** A WOFF2 file of these tables (Brotli, with WOFF2's glyf/loca transform): about 15 % smaller than WOFF 1.0 here. */
export async function toWoff2(tables: Table[]): Promise<Buffer> {
  return Buffer.from(await compress(toSfnt(tables)));
}

/**
 * Writes the display face's subset (WOFF2) into `dir` under a name derived from its content and returns its path; the
 * file is rewritten only when it changes. astro.config.mjs hands this file to Astro's font pipeline.
 */
export async function writeDisplayFontSubset(dir: string): Promise<string> {
  const woff2 = await toWoff2(subsetTables(readWoff(displayFontSource()), DISPLAY_CHARACTERS));
  const file = join(dir, `rye-display-${createHash('sha256').update(woff2).digest('hex').slice(0, 10)}.woff2`);
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, woff2);
  }
  return file;
}
