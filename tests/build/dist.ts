import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Absolute path of the build output. */
export const DIST = join(import.meta.dirname, '..', '..', 'dist');

/** The dist HTML file of a route ("/" -> dist/index.html, "/about" -> dist/about/index.html, "/404" -> dist/404.html). */
export function htmlFileOf(route: string): string {
  if (route === '/') return join(DIST, 'index.html');
  if (route === '/404') return join(DIST, '404.html');
  return join(DIST, route.replace(/^\//, ''), 'index.html');
}

/** Parses the built HTML of a route (DOMParser: test files using this run in the jsdom environment); fails clearly when the site has not been built. */
export function loadPage(route: string): Document {
  const file = htmlFileOf(route);
  if (!existsSync(DIST)) throw new Error(`No build output at ${DIST}: run \`npm run build\` (or \`npm test\`, which builds first).`);
  if (!existsSync(file)) throw new Error(`The build has no page for ${route} (expected ${relative(process.cwd(), file)}).`);
  return new DOMParser().parseFromString(readFileSync(file, 'utf8'), 'text/html');
}

/** Every route that has an HTML page in dist. */
export function builtRoutes(): string[] {
  if (!existsSync(DIST)) return [];
  const routes: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (entry.name !== '_astro') walk(join(dir, entry.name));
      } else if (entry.name.endsWith('.html')) {
        const rel = relative(DIST, join(dir, entry.name)).replace(/\\/g, '/');
        routes.push(rel === 'index.html' ? '/' : rel === '404.html' ? '/404' : `/${rel.replace(/\/index\.html$/, '')}`);
      }
    }
  };
  walk(DIST);
  return routes.sort();
}

/** Text content with whitespace collapsed. */
export function textOf(node: Element | Document | null | undefined): string {
  return (node?.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** The `href` of the link whose text is exactly `label` inside `scope`. */
export function hrefOfLink(scope: ParentNode, label: string): string | null {
  const link = [...scope.querySelectorAll('a')].find((a) => textOf(a) === label);
  return link ? link.getAttribute('href') : null;
}

