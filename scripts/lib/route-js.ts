import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

/** One JavaScript file a page loads, with its size raw, gzipped (level 9) and brotli-compressed (quality 11). */
export type ChunkSize = { file: string; raw: number; gzip: number; brotli: number };

// The page's own scripts: <script src>, <link rel="modulepreload">, and each island's component, renderer and
// before-hydration modules (the inline bootstrap and directives are part of the HTML, not JavaScript requests).
const PAGE_SCRIPT = /<script\b[^>]*\bsrc="([^"]+)"|<link\b[^>]*rel="modulepreload"[^>]*href="([^"]+)"|\b(?:component|renderer|before-hydration)-url="([^"]+)"/g;
// Imports between chunks: static (`import{..}from"./x.js"`, `import"./x.js"`) and dynamic (`import("./x.js")`, the
// bundler writes its specifier in backquotes). A dynamic import is counted as loaded: the sum is an upper bound.
const CHUNK_IMPORT = /\bimport\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+\.js)["']|\bimport\(\s*["'`]([^"'`]+\.js)["'`]\s*\)/g;

/** The site-absolute paths of the scripts a built page asks for, without duplicates, in order of appearance. */
export function pageScripts(html: string): string[] {
  const found = [...html.matchAll(PAGE_SCRIPT)].map((match) => match[1] ?? match[2] ?? match[3]!);
  return [...new Set(found.filter((path) => path.startsWith('/') && path.endsWith('.js')))];
}

/** The site-absolute paths `code` (a chunk served at `path`) imports, statically or dynamically. */
export function chunkImports(code: string, path: string): string[] {
  return [...code.matchAll(CHUNK_IMPORT)].map((match) => new URL(match[1] ?? match[2]!, `http://site${path}`).pathname);
}

/** Every script the page `htmlPath` (relative to `dist`) loads, its chunks' imports followed transitively. */
export function routeScripts(dist: string, htmlPath: string): ChunkSize[] {
  const seen = new Set<string>();
  const pending = pageScripts(readFileSync(join(dist, htmlPath), 'utf8'));
  const sizes: ChunkSize[] = [];
  while (pending.length > 0) {
    const path = pending.shift()!;
    if (seen.has(path)) continue;
    seen.add(path);
    const raw = readFileSync(join(dist, path));
    sizes.push({
      file: path,
      raw: raw.length,
      gzip: gzipSync(raw, { level: 9 }).length,
      brotli: brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }).length,
    });
    pending.push(...chunkImports(raw.toString('utf8'), path));
  }
  return sizes;
}
