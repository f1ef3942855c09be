// The web app manifest: name, brand colours and icons (the PNGs come from src/pages/[icon].png.ts).
import type { APIRoute } from 'astro';
import { getSettings } from '../lib/site-content';
import { manifestResponse, webManifest } from '../lib/web-manifest';

export const GET: APIRoute = async () => {
  const settings = await getSettings();
  return manifestResponse(
    webManifest({
      name: settings.brandName,
      short_name: settings.shortName,
      description: settings.tagline,
      start_url: '/',
      scope: '/',
      // A marketing site, not an app to install: with `browser` Chromium does not check installability, so it fetches
      // no install icon while the page loads (that request competed with the hero image).
      display: 'browser',
    }),
  );
};
