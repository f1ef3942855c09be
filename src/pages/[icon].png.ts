// The PNG icons drawn from public/favicon.svg when the site builds: the Apple touch icon and the web app manifest's icons.
import type { APIRoute, GetStaticPaths } from 'astro';
import favicon from '../../public/favicon.svg?raw';
import { APP_ICONS, BRAND, renderIcon } from '../lib/seo-card-render';

export const getStaticPaths = (() =>
  Object.entries(APP_ICONS).map(([icon, size]) => ({ params: { icon }, props: { size } }))) satisfies GetStaticPaths;

export const GET: APIRoute<{ size: number }> = async ({ props }) => {
  const png = await renderIcon(Buffer.from(favicon), props.size, { background: BRAND.leather900, padding: 0.1 });
  return new Response(new Uint8Array(png), { headers: { 'Content-Type': 'image/png' } });
};
