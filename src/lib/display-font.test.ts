import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { DISPLAY_CHARACTERS, displayFontSource, glyphData, readCmap, readWoff, subsetTables, toWoff, writeDisplayFontSubset } from './display-font';

const source = readWoff(displayFontSource());
const subset = subsetTables(source, DISPLAY_CHARACTERS);
const dir = mkdtempSync(join(tmpdir(), 'display-font-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('display font subset', () => {
  test('is less than half the size of the woff2 @fontsource ships', () => {
    const woff2 = readFileSync(createRequire(import.meta.url).resolve('@fontsource/rye/files/rye-latin-400-normal.woff2'));
    expect(toWoff(subset).length).toBeLessThan(woff2.length / 2);
  });

  test('survives a WOFF round trip table for table', () => {
    expect(readWoff(toWoff(subset))).toEqual(subset);
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

  test('writes one file per content, named by its hash', () => {
    const first = writeDisplayFontSubset(dir);
    expect(writeDisplayFontSubset(dir)).toBe(first);
    expect(readFileSync(first).toString('latin1', 0, 4)).toBe('wOFF');
  });
});
