import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { decompress } from 'wawoff2';
import { DISPLAY_CHARACTERS, displayFontSource, glyphData, readCmap, readWoff, subsetTables, toWoff2, writeDisplayFontSubset } from './display-font';

/**
 * A simple TrueType glyph decoded to its outline: bounding box, contour ends, instructions, and every point with its
 * on-curve bit (WOFF2's glyf transform keeps these exactly but may choose another byte encoding of the flags).
 */
function outline(glyph: Buffer) {
  const contours = glyph.readInt16BE(0);
  if (contours < 0) throw new Error('composite glyph');
  const ends = Array.from({ length: contours }, (_, i) => glyph.readUInt16BE(10 + 2 * i));
  const pointCount = contours ? ends.at(-1)! + 1 : 0;
  const instructionsAt = 10 + 2 * contours;
  const instructionLength = glyph.readUInt16BE(instructionsAt);
  let at = instructionsAt + 2 + instructionLength;
  const flags: number[] = [];
  while (flags.length < pointCount) {
    const flag = glyph[at++];
    flags.push(flag);
    if (flag & 8) for (let repeat = glyph[at++]; repeat > 0; repeat -= 1) flags.push(flag);
  }
  const coordinates = (short: number, same: number) => {
    let value = 0;
    return flags.map((flag) => {
      if (flag & short) value += flag & same ? glyph[at++] : -glyph[at++];
      else if (!(flag & same)) (value += glyph.readInt16BE(at), (at += 2));
      return value;
    });
  };
  const xs = coordinates(2, 16);
  const ys = coordinates(4, 32);
  return {
    box: [0, 1, 2, 3].map((i) => glyph.readInt16BE(2 + 2 * i)),
    ends,
    instructions: glyph.subarray(instructionsAt + 2, instructionsAt + 2 + instructionLength),
    points: flags.map((flag, i) => [xs[i], ys[i], flag & 1]),
  };
}

const source = readWoff(displayFontSource());
const subset = subsetTables(source, DISPLAY_CHARACTERS);
const dir = mkdtempSync(join(tmpdir(), 'display-font-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('display font subset', () => {
  test('is less than half the size of the woff2 @fontsource ships, and smaller than the WOFF it is cut from', async () => {
    const woff2 = readFileSync(createRequire(import.meta.url).resolve('@fontsource/rye/files/rye-latin-400-normal.woff2'));
    const cut = await toWoff2(subset);
    expect(cut.toString('latin1', 0, 4)).toBe('wOF2');
    expect(cut.length).toBeLessThan(woff2.length / 2);
    expect(cut.length).toBeLessThan(displayFontSource().length);
  });

  test('decompresses to a font with the same tables: glyph outlines, cmap and metrics survive', async () => {
    const font = Buffer.from(await decompress(await toWoff2(subset)));
    const tableCount = font.readUInt16BE(4);
    const tables = Array.from({ length: tableCount }, (_, i) => {
      const record = 12 + 16 * i;
      const offset = font.readUInt32BE(record + 8);
      return { tag: font.toString('latin1', record, record + 4), data: font.subarray(offset, offset + font.readUInt32BE(record + 12)) };
    });
    expect(tables.map((t) => t.tag).sort()).toEqual(subset.map((t) => t.tag).sort());
    const cmapOf = (list: { tag: string; data: Buffer }[]) => readCmap(list.find((t) => t.tag === 'cmap')!.data);
    expect(cmapOf(tables)).toEqual(cmapOf(subset));
    for (const cp of DISPLAY_CHARACTERS.filter((code) => cmapOf(subset).has(code) && code !== 0x20 && code !== 0xa0)) {
      const glyph = cmapOf(subset).get(cp)!;
      expect(outline(glyphData(tables, glyph)), `U+${cp.toString(16)}`).toEqual(outline(glyphData(subset, glyph)));
    }
    for (const tag of ['hmtx', 'hhea', 'OS/2', 'name', 'post']) {
      expect(tables.find((t) => t.tag === tag)?.data, tag).toEqual(subset.find((t) => t.tag === tag)?.data);
    }
  });

  test('keeps every table of the source and changes only glyf, loca, cmap and the head checksum', () => {
    expect(subset.map((t) => t.tag)).toEqual(source.map((t) => t.tag));
    for (const table of subset) {
      const original = source.find((t) => t.tag === table.tag)!;
      if (table.tag === 'glyf') expect(table.data.length).toBeLessThan(original.data.length * 0.6);
      else if (!['loca', 'cmap', 'head'].includes(table.tag)) expect(table.data).toEqual(original.data);
    }
  });

  test('maps exactly the heading characters the face has, to the same outlines; nothing else', () => {
    const tableOf = (tables: typeof source) => readCmap(tables.find((t) => t.tag === 'cmap')!.data);
    const before = tableOf(source);
    const after = tableOf(subset);
    const expected = DISPLAY_CHARACTERS.filter((cp) => before.has(cp));
    expect(expected.length).toBeGreaterThan(95);
    expect([...after.keys()].sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
    for (const cp of expected) {
      expect(after.get(cp)).toBe(before.get(cp));
      expect(glyphData(subset, after.get(cp)!)).toEqual(glyphData(source, before.get(cp)!));
    }
    expect(before.has(0xdf)).toBe(true);
    expect(after.has(0xdf)).toBe(false);
    expect(glyphData(subset, before.get(0xdf)!).length).toBe(0);
  });

  test('writes one file per content, named by its hash', async () => {
    const first = await writeDisplayFontSubset(dir);
    expect(await writeDisplayFontSubset(dir)).toBe(first);
    expect(first).toMatch(/rye-display-[0-9a-f]{10}\.woff2$/);
    expect(readFileSync(first).toString('latin1', 0, 4)).toBe('wOF2');
  });
});
