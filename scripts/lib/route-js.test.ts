import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { chunkImports, pageScripts, routeScripts } from './route-js';

describe('pageScripts', () => {
  test('returns the script, modulepreload and island module paths of a page, once each, in order', () => {
    const html = [
      '<script type="application/ld+json">{}</script><script>inline()</script>',
      '<link rel="modulepreload" href="/_astro/pre.js"><script type="module" src="/_astro/entry.js"></script>',
      '<astro-island component-url="/_astro/A.js" renderer-url="/_astro/client.js" before-hydration-url="/_astro/bh.js"></astro-island>',
      '<astro-island component-url="/_astro/B.js" renderer-url="/_astro/client.js"></astro-island>',
      '<link rel="icon" href="/favicon.svg">',
    ].join('');
    expect(pageScripts(html)).toEqual(['/_astro/pre.js', '/_astro/entry.js', '/_astro/A.js', '/_astro/client.js', '/_astro/bh.js', '/_astro/B.js']);
  });
});

describe('chunkImports', () => {
  test('returns static, bare and dynamic imports resolved against the chunk', () => {
    const code = 'import{t as e}from"./react.js";import"./side.js";import*as n from "./ns.js";const l=()=>import("./lazy.js"),m=()=>import(`./Panel.js`);';
    expect(chunkImports(code, '/_astro/A.js')).toEqual(['/_astro/react.js', '/_astro/side.js', '/_astro/ns.js', '/_astro/lazy.js', '/_astro/Panel.js']);
  });
});

describe('routeScripts', () => {
  test('follows imports transitively, counts a shared chunk once and sizes each file', () => {
    const dist = mkdtempSync(join(tmpdir(), 'route-js-'));
    mkdirSync(join(dist, '_astro'));
    writeFileSync(join(dist, 'index.html'), '<astro-island component-url="/_astro/A.js" renderer-url="/_astro/client.js"></astro-island>');
    writeFileSync(join(dist, '_astro', 'A.js'), 'import{t}from"./shared.js";export default t;');
    writeFileSync(join(dist, '_astro', 'client.js'), 'import{t}from"./shared.js";export default t;');
    writeFileSync(join(dist, '_astro', 'shared.js'), 'export const t=1;'.repeat(50));
    const files = routeScripts(dist, 'index.html');
    expect(files.map((file) => file.file)).toEqual(['/_astro/A.js', '/_astro/client.js', '/_astro/shared.js']);
    const shared = files[2]!;
    expect(shared.raw).toBe(17 * 50);
    expect(shared.gzip).toBeLessThan(shared.raw);
    expect(shared.brotli).toBeLessThan(shared.raw);
  });
});
