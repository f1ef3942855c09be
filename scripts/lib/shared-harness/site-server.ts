/**
 * The site as Netlify serves it, in one Node process and without Netlify's local proxy: the functions' default exports
 * routed by their `config.path` (functions.ts) and, given a built folder, its static files the way Netlify's CDN serves
 * them (pretty URLs, the site's 404 page, the `[[headers]]` of netlify.toml). The browser suite and `bench:api --harness`
 * serve through it; `npm start` and its test keep the real `netlify dev`.
 */
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';
import { parseAllHeaders } from '@netlify/headers-parser';
import { contentType } from 'mime-types';
import { ROOT_DIR } from '../data-paths';
import { findRoute, netlifyContext, type FunctionRoute } from './functions';

/** A `[[headers]]` rule of netlify.toml (or `_headers`) as Netlify's parser reads it. */
export type HeaderRule = { for: string; forRegExp: RegExp; values: Record<string, string> };

/** The header rules Netlify applies to the static files of `dist` (netlify.toml, then `dist/_headers`). */
export async function staticHeaderRules(dist: string): Promise<HeaderRule[]> {
  const { headers, errors } = await parseAllHeaders({
    headersFiles: [join(dist, '_headers')],
    netlifyConfigPath: join(ROOT_DIR, 'netlify.toml'),
    configHeaders: [],
    minimal: false,
  });
  if (errors.length > 0) throw new Error(`netlify.toml headers: ${errors.map((error) => error.message).join('; ')}`);
  return headers as HeaderRule[];
}

/** The headers Netlify sends with the static file at `path`: every matching rule merged, later rules winning. */
export function staticHeadersFor(rules: readonly HeaderRule[], path: string): Record<string, string> {
  const merged: Record<string, string> = {};
  for (const rule of rules) {
    if (!rule.forRegExp.test(path)) continue;
    for (const [name, value] of Object.entries(rule.values)) merged[name.toLowerCase()] = value;
  }
  return merged;
}

/** Options of serveSite. */
export type SiteOptions = {
  /** The built site (e.g. `dist/`); without it only the functions answer and every other path is a bare 404. */
  dir?: string;
  port: number;
  host?: string;
  /** Where each function call is reported (method, path, status, milliseconds); nothing when absent. */
  log?: (line: string) => void;
};

/** A running site. */
export type RunningSite = { url: string; stop: () => Promise<void> };

/** Serves the functions (and `dir`'s static files) on `host:port` until stopped. */
export async function serveSite({ dir, port, host = '127.0.0.1', log }: SiteOptions): Promise<RunningSite> {
  const rules = dir ? await staticHeaderRules(dir) : [];
  const server = createServer((incoming, outgoing) => {
    answer(incoming, outgoing).catch((error: unknown) => {
      console.error(`site server: ${incoming.method} ${pathOf(incoming)} failed:`, error);
      if (!outgoing.headersSent) outgoing.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      outgoing.end('Internal error');
    });
  });

  async function answer(incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> {
    const url = `http://${incoming.headers.host ?? `${host}:${port}`}${incoming.url ?? '/'}`;
    const found = await findRoute(url);
    if (found) return callFunction(found.route, url, incoming, outgoing, log);
    if (!dir) {
      outgoing.writeHead(404).end();
      return;
    }
    return serveStatic(dir, rules, incoming, outgoing);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function pathOf(incoming: IncomingMessage): string {
  return (incoming.url ?? '/').split('?')[0]!;
}

/**
 * Calls a function the way Netlify does: the client's address from the connection (never a header the client sent),
 * the answer sent first and the work handed to `waitUntil` finished afterwards.
 */
async function callFunction(
  route: FunctionRoute,
  url: string,
  incoming: IncomingMessage,
  outgoing: ServerResponse,
  log: SiteOptions['log'],
): Promise<void> {
  const started = performance.now();
  // Like Netlify, a request that sent no bytes has no body (a DELETE without one is not an empty JSON document).
  const chunks: Buffer[] = [];
  if (incoming.method !== 'GET' && incoming.method !== 'HEAD') for await (const chunk of incoming) chunks.push(chunk as Buffer);
  const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
  const request = new Request(url, {
    method: incoming.method,
    headers: [
      ...Object.entries(incoming.headers).flatMap(([name, value]) =>
        value === undefined || name === 'x-nf-client-connection-ip'
          ? []
          : [[name, Array.isArray(value) ? value.join(', ') : value] as [string, string]],
      ),
      ['x-nf-client-connection-ip', incoming.socket.remoteAddress ?? '127.0.0.1'],
    ],
    body,
  });
  const { context, background } = await netlifyContext(route.handler, request);
  const response = await route.handler(request, context);
  const answer = Buffer.from(await response.arrayBuffer());
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of response.headers) if (name !== 'set-cookie') headers[name] = value;
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  outgoing.writeHead(response.status, headers);
  outgoing.end(incoming.method === 'HEAD' ? undefined : answer);
  log?.(`${incoming.method} ${pathOf(incoming)} ${response.status} ${Math.round(performance.now() - started)} ms`);
  await background().catch((error: unknown) => console.error(`site server: background work of ${route.name} failed:`, error));
}

/** The files Netlify tries for a path: `/a/` is `/a/index.html`; `/a` is `/a`, then `/a.html`, then `/a/index.html`. */
function candidates(pathname: string): string[] {
  if (pathname.endsWith('/')) return [`${pathname}index.html`];
  return [pathname, `${pathname}.html`, `${pathname}/index.html`];
}

async function fileIn(dir: string, path: string): Promise<string | undefined> {
  const file = resolve(dir, `.${path}`);
  if (file !== dir && !file.startsWith(dir + sep)) return undefined;
  const found = await stat(file).catch(() => undefined);
  return found?.isFile() ? file : undefined;
}

async function serveStatic(dir: string, rules: readonly HeaderRule[], incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> {
  let pathname: string;
  try {
    pathname = decodeURIComponent(pathOf(incoming));
  } catch {
    outgoing.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('Bad request');
    return;
  }
  if (incoming.method !== 'GET' && incoming.method !== 'HEAD') {
    outgoing.writeHead(405, { allow: 'GET, HEAD' }).end();
    return;
  }
  const root = resolve(dir);
  let status = 200;
  let file: string | undefined;
  for (const candidate of candidates(pathname)) {
    file = await fileIn(root, candidate);
    if (file) break;
  }
  if (!file) {
    status = 404;
    file = await fileIn(root, '/404.html');
  }
  const headers: Record<string, string> = { ...staticHeadersFor(rules, pathname) };
  if (!file) {
    outgoing.writeHead(404, headers).end();
    return;
  }
  const body = await readFile(file);
  headers['content-type'] = contentType(extname(file)) || 'application/octet-stream';
  headers['content-length'] = String(body.length);
  outgoing.writeHead(status, headers);
  outgoing.end(incoming.method === 'HEAD' ? undefined : body);
}
