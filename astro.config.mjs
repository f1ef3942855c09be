// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';

// Every page is prerendered to static HTML; React is used only for islands.
export default defineConfig({
  site: 'https://lonestar-mobile-bar.netlify.app',
  output: 'static',
  integrations: [react()],
  trailingSlash: 'ignore',
  build: { format: 'directory' },
});
