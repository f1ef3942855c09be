// robots.txt: keep crawlers out of what must not be indexed and point them to the sitemap (docs/site.md, "Search and sharing").
import type { APIRoute } from 'astro';
import { DISALLOWED_PATHS } from '../lib/seo-site';

export const GET: APIRoute = ({ site }) => {
  if (!site) throw new Error('robots.txt needs `site` in astro.config.mjs');
  const lines = ['User-agent: *', ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`), '', `Sitemap: ${new URL('/sitemap-index.xml', site).href}`, ''];
  return new Response(lines.join('\n'), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
