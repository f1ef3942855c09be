import { APP_ICONS, BRAND } from './seo-card-render';
import type { SiteSettings } from './site-content';

/** The fields of a web app manifest this site sets per app (the site's and the owner's desk). */
export type ManifestApp = Pick<WebAppManifest, 'name' | 'short_name' | 'description' | 'start_url' | 'scope' | 'display'>;

/** A web app manifest as this site writes it. */
export type WebAppManifest = {
  name: string;
  short_name: string;
  description: string;
  start_url: string;
  scope: string;
  display: 'browser' | 'standalone';
  theme_color: string;
  background_color: string;
  icons: Array<{ src: string; sizes: string; type: 'image/png'; purpose: 'any' }>;
};

/** A manifest with the brand's colours and icons (PNGs from src/pages/[icon].png.ts) around `app`'s own fields. */
export function webManifest(app: ManifestApp): WebAppManifest {
  return {
    ...app,
    theme_color: BRAND.leather900,
    background_color: BRAND.cream50,
    icons: (['icon-192', 'icon-512'] as const).map((name) => ({
      src: `/${name}.png`,
      sizes: `${APP_ICONS[name]}x${APP_ICONS[name]}`,
      type: 'image/png',
      purpose: 'any',
    })),
  };
}

/** The manifest as an answer (Netlify serves the built file by its .webmanifest extension with the same type). */
export function manifestResponse(manifest: WebAppManifest): Response {
  return new Response(JSON.stringify(manifest), { headers: { 'Content-Type': 'application/manifest+json' } });
}

/** The desk's app name: "<brand> Desk". */
export function deskAppName(settings: Pick<SiteSettings, 'brandName'>): string {
  return `${settings.brandName} Desk`;
}
