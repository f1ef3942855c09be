// @ts-check
import { fileURLToPath } from 'node:url';
import { defineConfig, fontProviders } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import { canonicalUrl, isIndexablePath, siteUrlFromEnv } from './src/lib/seo-site.ts';
import { writeDisplayFontSubset } from './src/lib/display-font.ts';
import { LEGACY_DATA_DIR, embeddedDataDir } from './scripts/lib/data-paths.ts';

// The public address: SITE_URL, else Netlify's URL (the site's main address), else http://localhost:8888.
// Canonical links, the sitemap, robots.txt, social cards and structured data all use it (docs/site.md, "Search and sharing").
const site = siteUrlFromEnv(process.env);

// `npm start` gives its astro dev a Vite cache of its own (scripts/start.ts sets START_VITE_CACHE_DIR): `astro build`
// and the test runs rewrite the default one, node_modules/.vite, and a dev server whose optimized dependencies change
// under it serves pages whose islands no longer load.
const viteCacheDir = process.env.START_VITE_CACHE_DIR?.trim() || undefined;

/**
 * The modules every page's islands share: React, nanostores (but `map`, the availability store's alone) and its React
 * binding, the toast store, the icons.
 */
const SHELL_MODULES = /node_modules[\\/](react[\\/]|react-dom[\\/]|scheduler[\\/]|nanostores[\\/](?!map[\\/])|@nanostores[\\/]react[\\/])|src[\\/](stores[\\/]toasts|lib[\\/]icons)\.ts$/;

/** Registers `client:idle-media`: hydrate only when a media query matches, and never before the browser is idle. */
const idleMediaDirective = {
  name: 'idle-media-directive',
  hooks: {
    /** @param {{ addClientDirective: (d: { name: string; entrypoint: string }) => void }} options */
    'astro:config:setup': ({ addClientDirective }) => {
      addClientDirective({ name: 'idle-media', entrypoint: './src/lib/idle-media-directive.ts' });
    },
  },
};

// Every page is prerendered to static HTML; React is used only for islands.
export default defineConfig({
  site,
  output: 'static',
  integrations: [
    react(),
    idleMediaDirective,
    // Only indexable pages (never /admin, /cancel, the 404 page or a file), spelled like their canonical links.
    sitemap({
      filter: (page) => isIndexablePath(new URL(page).pathname),
      serialize: (item) => ({ ...item, url: canonicalUrl(new URL(item.url).pathname, site) }),
    }),
  ],
  trailingSlash: 'ignore',
  // Astro's dev toolbar sits over the bottom of the page, where the desk keeps its tab bar on a phone.
  devToolbar: { enabled: false },
  // The dev server (`npm start`, `npm run dev`) never hands out the embedded database's files, wherever they are: its
  // deny list replaces Vite's, so Vite's own entries come first (docs/security-and-data.md, "Headers and CSP").
  vite: {
    ...(viteCacheDir ? { cacheDir: viteCacheDir } : {}),
    environments: {
      client: {
        build: {
          rolldownOptions: {
            output: {
              // Every public page loads React, the store library, the toast store and the icons (through the layout's
              // islands): one chunk instead of eight small ones saves each page about 1.4 KB gz of chunk glue and
              // six requests (`npm run bench:js` prints what each route loads).
              codeSplitting: {
                groups: [{ name: 'shell', test: SHELL_MODULES }],
              },
            },
          },
        },
      },
    },
    server: {
      fs: {
        deny: [
          '.env',
          '.env.*',
          '*.{crt,pem,key,p12,pfx,cer,der}',
          '.npmrc',
          '.yarnrc.yml',
          '**/.git/**',
          '**/.data/**',
          `${LEGACY_DATA_DIR}*/**`,
          `${embeddedDataDir()}*/**`,
          `${embeddedDataDir()}.lock`,
        ],
      },
    },
  },
  // Inline the (small) page CSS so the first view needs no extra round trip.
  build: { format: 'directory', inlineStylesheets: 'always' },
  // A Content-Security-Policy <meta> tag on every page, listing the SHA-256 hashes of exactly the inline scripts and
  // styles Astro emits (island bootstrap, client directives, inlined CSS): no 'unsafe-inline', and everything else is
  // same-origin. A <meta> policy cannot carry frame-ancestors: netlify.toml sends that as a header (see
  // docs/security-and-data.md, "Headers and CSP").
  security: {
    csp: {
      directives: [
        "default-src 'none'",
        "img-src 'self'",
        "font-src 'self'",
        "connect-src 'self'",
        "manifest-src 'self'",
        "base-uri 'none'",
        "form-action 'self'",
        "object-src 'none'",
      ],
    },
  },
  // One self-hosted display face (Rye, from @fontsource, latin subset) with a metric-matched fallback. `optional`: when it
  // is not ready at first paint (~100 ms) it is skipped for that page view instead of swapped in, so it never shifts
  // layout. Headings and text use system faces (see --font-heading/--font-body in global.css): the 70 KB of Lora and
  // Source Sans 3 cost about 0.3-0.6 s of LCP on a phone connection.
  fonts: [
    {
      provider: fontProviders.local(),
      name: 'Rye',
      cssVariable: '--font-display',
      fallbacks: ['Georgia', 'serif'],
      display: 'optional',
      options: {
        // Cut down to the characters headings use (17 KB of WOFF2 instead of the 41 KB @fontsource woff2): the preloaded face is
        // the largest download before the hero image paints, so its size is part of LCP (src/lib/display-font.ts).
        variants: [
          {
            src: [await writeDisplayFontSubset(fileURLToPath(new URL('./node_modules/.cache/display-font/', import.meta.url)))],
            weight: 400,
            style: 'normal',
          },
        ],
      },
    },
  ],
});
