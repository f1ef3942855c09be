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
  // Self-hosted from the @fontsource packages (latin subset only) with metric-matched fallbacks. `optional`: a font that is
  // not ready at first paint (~100 ms) is skipped for that page view instead of swapped in, so fonts never shift layout.
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
    {
      provider: fontProviders.local(),
      name: 'Lora Variable',
      cssVariable: '--font-heading',
      fallbacks: ['Georgia', 'serif'],
      display: 'optional',
      options: {
        variants: [
          { src: ['@fontsource-variable/lora/files/lora-latin-wght-normal.woff2'], weight: '400 700', style: 'normal' },
        ],
      },
    },
    {
      provider: fontProviders.local(),
      name: 'Source Sans 3 Variable',
      cssVariable: '--font-body',
      fallbacks: ['system-ui', 'sans-serif'],
      display: 'optional',
      options: {
        variants: [
          {
            src: ['@fontsource-variable/source-sans-3/files/source-sans-3-latin-wght-normal.woff2'],
            weight: '200 900',
            style: 'normal',
          },
        ],
      },
    },
  ],
});
