// The web app manifest: name, brand colours and icons (the PNGs come from src/pages/[icon].png.ts).
import type { APIRoute } from 'astro';
import { APP_ICONS, BRAND } from '../lib/seo-card-render';
import { getSettings } from '../lib/site-content';

export const GET: APIRoute = async () => {
  const settings = await getSettings();
  const manifest = {
    name: settings.brandName,
    short_name: settings.shortName,
    description: settings.tagline,
    start_url: '/',
    scope: '/',
    // A marketing site, not an app to install: with `browser` Chromium does not check installability, so it fetches
    // no install icon while the page loads (that request competed with the hero image).
    display: 'browser',
    theme_color: BRAND.leather900,
    background_color: BRAND.cream50,
    icons: (['icon-192', 'icon-512'] as const).map((name) => ({
      src: `/${name}.png`,
      sizes: `${APP_ICONS[name]}x${APP_ICONS[name]}`,
      type: 'image/png',
      purpose: 'any',
    })),
  };
  return new Response(JSON.stringify(manifest), { headers: { 'Content-Type': 'application/manifest+json' } });
};
