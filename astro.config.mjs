// @ts-check
import { defineConfig, fontProviders } from 'astro/config';
import react from '@astrojs/react';

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
  site: 'https://lonestar-mobile-bar.netlify.app',
  output: 'static',
  integrations: [react(), idleMediaDirective],
  trailingSlash: 'ignore',
  // Inline the (small) page CSS so the first view needs no extra round trip.
  build: { format: 'directory', inlineStylesheets: 'always' },
  // A Content-Security-Policy <meta> tag on every page, listing the SHA-256 hashes of exactly the inline scripts and
  // styles Astro emits (island bootstrap, client directives, inlined CSS): no 'unsafe-inline', and everything else is
  // same-origin. A <meta> policy cannot carry frame-ancestors: netlify.toml sends that as a header (see README,
  // "Security and personal data").
  security: {
    csp: {
      directives: [
        "default-src 'none'",
        "img-src 'self'",
        "font-src 'self'",
        "connect-src 'self'",
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
        variants: [{ src: ['@fontsource/rye/files/rye-latin-400-normal.woff2'], weight: 400, style: 'normal' }],
      },
    },
  ],
});
