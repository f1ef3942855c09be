import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { logoModule, renderMailLogo } from '../../../scripts/lib/mail-logo';
import { LOGO_CID, LOGO_SIZE, logoAttachment } from './logo';
import { LOGO_PNG_BASE64 } from './logo-png';

describe('the mail logo', () => {
  test('the committed logo-png.ts is what `npx tsx scripts/mail-logo.ts` makes from BrandMark.astro', async () => {
    const png = await renderMailLogo();
    expect(Buffer.from(LOGO_PNG_BASE64, 'base64').equals(png)).toBe(true);
    expect(await readFile(new URL('./logo-png.ts', import.meta.url), 'utf8')).toBe(logoModule(png));
  });

  test('is a PNG under 10 KB at twice the size it is shown, with a transparent corner', async () => {
    const { content, contentType, contentDisposition, cid } = logoAttachment();
    expect([cid, contentType, contentDisposition]).toEqual([LOGO_CID, 'image/png', 'inline']);
    expect(content.length).toBeLessThan(10 * 1024);
    const image = sharp(content);
    expect(await image.metadata()).toMatchObject({ format: 'png', width: 2 * LOGO_SIZE, height: 2 * LOGO_SIZE, hasAlpha: true });
    const { data } = await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(data[3]).toBe(0);
  });

  test('is decoded once per process', () => {
    expect(logoAttachment().content).toBe(logoAttachment().content);
  });
});
