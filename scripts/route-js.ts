/**
 * `npm run bench:js`: the JavaScript each public route of the last build (`dist/`, from `npx astro build`) loads,
 * summed from the files themselves (gzip -9 and brotli 11 bytes, no headers): a steady figure on a loaded machine,
 * where Lighthouse's timings are not. `--files` lists each route's chunks; `--json` prints the figures as JSON.
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { routeScripts } from './lib/route-js.ts';
import settings from '@content/settings.json' with { type: 'json' };

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const BUDGET_BYTES = 75 * 1024;

// The public routes bench:web measures: every navigation link, the call to action and the 404 page.
const routes = [
  ...settings.site.nav.links.map((link) => ({ name: link.label, path: link.href })),
  { name: settings.site.nav.cta.label, path: settings.site.nav.cta.href },
  { name: '404', path: '/no-such-page' },
];
const htmlOf = (path: string) => (path === '/no-such-page' ? '404.html' : join(path, 'index.html'));
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const figures = routes.map((route) => {
  const files = routeScripts(join(ROOT, 'dist'), htmlOf(route.path));
  const sum = (key: 'raw' | 'gzip' | 'brotli') => files.reduce((total, file) => total + file[key], 0);
  return { ...route, files, raw: sum('raw'), gzip: sum('gzip'), brotli: sum('brotli') };
});

if (process.argv.includes('--json')) {
  console.log(JSON.stringify(figures.map(({ name, path, raw, gzip, brotli }) => ({ name, path, raw, gzip, brotli })), null, 2));
} else {
  for (const route of figures) {
    // The budget against both encodings: gzip -9 (the "KB gz") and brotli (what the CDN and bench:web's server send).
    const verdict = (bytes: number) => (bytes <= BUDGET_BYTES ? 'within' : 'OVER');
    console.log(
      `${route.name.padEnd(14)} ${route.path.padEnd(14)} ${String(route.files.length).padStart(2)} files  ` +
        `raw ${kb(route.raw).padStart(9)}  gzip ${kb(route.gzip).padStart(8)} (${route.gzip} B)  br ${kb(route.brotli).padStart(8)} (${route.brotli} B)  ` +
        `75 KB: gzip ${verdict(route.gzip)}, br ${verdict(route.brotli)}`,
    );
    if (process.argv.includes('--files')) {
      for (const file of route.files) console.log(`    ${file.file.padEnd(44)} raw ${String(file.raw).padStart(7)}  gzip ${String(file.gzip).padStart(6)}`);
    }
  }
}
