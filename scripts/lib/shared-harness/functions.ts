/**
 * The site's functions as Netlify routes them, for the in-process harnesses (the API tests and `bench:api --harness`):
 * every entry file of netlify/functions with its `config.path` patterns, and the context Netlify would hand it.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { EndpointContext, Handler } from '../../../netlify/lib/http/endpoint';
import { startRequestDeadline } from '../../../netlify/lib/deadline';
import { ROOT_DIR } from '../data-paths';

/** One function entry file and the paths Netlify serves it at. */
export type FunctionRoute = { name: string; handler: Handler; patterns: URLPattern[] };

type FunctionModule = { default: Handler; config?: { path?: string | string[] } };

let routes: Promise<FunctionRoute[]> | undefined;

/** Every function entry file in netlify/functions with its `config.path` patterns (loaded once). */
export function functionRoutes(): Promise<FunctionRoute[]> {
  routes ??= (async () => {
    const dir = join(ROOT_DIR, 'netlify', 'functions');
    const files = (await readdir(dir)).filter((file) => /\.m?[jt]s$/.test(file) && !/\.test\./.test(file)).sort();
    return Promise.all(
      files.map(async (file) => {
        const entry = (await import(join(dir, file))) as FunctionModule;
        const name = file.replace(/\.m?[jt]s$/, '');
        // Without config.path (e.g. a scheduled function) Netlify serves a function at /.netlify/functions/<name>.
        const paths = entry.config?.path ? [entry.config.path].flat() : [`/.netlify/functions/${name}`];
        return {
          name,
          handler: entry.default,
          patterns: paths.map((pathname) => new URLPattern({ pathname })),
        };
      }),
    );
  })();
  return routes;
}

/**
 * The path parameters Netlify hands a function for `url`: the named groups of the first of its patterns that
 * matches, as the URL carries them (not percent-decoded); undefined when none matches (Netlify would not call it).
 */
export function routeParams(patterns: readonly URLPattern[], url: string): Record<string, string> | undefined {
  for (const pattern of patterns) {
    const groups = pattern.exec(url)?.pathname.groups;
    if (groups) {
      return Object.fromEntries(
        Object.entries(groups).filter((entry): entry is [string, string] => entry[1] !== undefined),
      );
    }
  }
  return undefined;
}

/** The function Netlify would call for `url`, with its path parameters; undefined for a path no function serves. */
export async function findRoute(url: string): Promise<{ route: FunctionRoute; params: Record<string, string> } | undefined> {
  for (const route of await functionRoutes()) {
    const params = routeParams(route.patterns, url);
    if (params) return { route, params };
  }
  return undefined;
}

/** The context Netlify hands a function, and a way to wait for the background work the function handed over. */
export type NetlifyCall = { context: EndpointContext; background: () => Promise<unknown> };

/**
 * The context Netlify would hand `handler` for `request`: a request id, the client's IP, `waitUntil` and the path
 * parameters of its route. A request Netlify would never route to `handler` is an error.
 */
export async function netlifyContext(
  handler: Handler,
  request: Request,
  requestId: string = crypto.randomUUID(),
): Promise<NetlifyCall> {
  const route = (await functionRoutes()).find((candidate) => candidate.handler === handler);
  let params: Record<string, string> = {};
  if (route) {
    const matched = routeParams(route.patterns, request.url);
    if (!matched) throw new Error(`Netlify would not route ${request.url} to the ${route.name} function.`);
    params = matched;
  }
  const pending: Promise<unknown>[] = [];
  return {
    // Netlify takes the address from the connection; a test sets it with the header Netlify itself adds.
    context: {
      requestId,
      params,
      ip: request.headers.get('x-nf-client-connection-ip') ?? '127.0.0.1',
      waitUntil: (promise) => void pending.push(promise),
    },
    background: () => Promise.all(pending),
  };
}

/**
 * Calls `handler` the way Netlify does (see netlifyContext), then waits for its background work. `deadlineMs` gives
 * the request a longer deadline than Netlify's (endpoint() keeps one already started): for a test whose requests
 * share this machine's two cores, where on Netlify each would have an instance of its own.
 */
export async function invoke(handler: Handler, request: Request, requestId?: string, deadlineMs?: number): Promise<Response> {
  const { context, background } = await netlifyContext(handler, request, requestId);
  if (deadlineMs !== undefined) startRequestDeadline(context, Date.now(), deadlineMs);
  const response = await handler(request, context);
  await background();
  return response;
}
