import { defineMiddleware } from 'astro:middleware';

// The style Astro writes before a page's first island (astro/dist/runtime/server/astro-island-styles.js). A <style> may
// not sit in <body> (W3C Nu checker), so it moves to the end of <head>. Its text is unchanged: the CSP <meta> lists
// its hash whatever its place. tests/build/pages.test.ts fails if a new Astro writes it differently.
const ISLAND_STYLE = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';

/** Moves Astro's island style from the body into the head of an HTML page; anything else is left as it is. */
export function islandStyleToHead(html: string): string {
  const head = html.indexOf('</head>');
  const style = html.indexOf(ISLAND_STYLE, head);
  if (head === -1 || style === -1) return html;
  const withoutStyle = html.slice(0, style) + html.slice(style + ISLAND_STYLE.length);
  return withoutStyle.slice(0, head) + ISLAND_STYLE + withoutStyle.slice(head);
}

/** Every page is prerendered, so this runs once per page at build time (and per request in `astro dev`). */
export const onRequest = defineMiddleware(async (_context, next) => {
  const response = await next();
  if (!response.headers.get('content-type')?.startsWith('text/html')) return response;
  return new Response(islandStyleToHead(await response.text()), response);
});
