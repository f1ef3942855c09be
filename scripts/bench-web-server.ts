import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { createSecureServer, type Http2SecureServer } from 'node:http2';
import selfsigned from 'selfsigned';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
};

// Already compressed formats (images, woff2) gain nothing from a second pass.
const COMPRESSIBLE = new Set(['.html', '.css', '.js', '.mjs', '.json', '.webmanifest', '.txt', '.xml', '.svg']);

interface Encoded {
  body: Buffer;
  encoding: 'br' | 'gzip' | 'identity';
}

/** A running static server over a build directory. */
export interface StaticServer {
  url: string;
  server: Server | Http2SecureServer;
  close(): Promise<void>;
}

/**
 * Serves a built site the way a CDN does: brotli or gzip for text, correct content types, `/about` from
 * `about/index.html`, `404.html` with status 404 for unknown paths, and a year of immutable cache for `/_astro/*`.
 * With `tls`, over HTTP/2 and TLS as Netlify's CDN serves a site (one connection carries every request; a certificate
 * made for this run, which the browser must be told to accept: `--ignore-certificate-errors`); else plain HTTP/1.1.
 */
export async function serveDist(root: string, port = 0, options: { tls?: boolean } = {}): Promise<StaticServer> {
  const base = resolve(root);
  const cache = new Map<string, Buffer>();

  async function findFile(pathname: string): Promise<string | null> {
    const relative = normalize(decodeURIComponent(pathname)).replace(/^([/\\])+/, '');
    const candidates = [join(base, relative), join(base, relative, 'index.html'), join(base, `${relative}.html`)];
    for (const candidate of candidates) {
      if (candidate !== base && !candidate.startsWith(base + sep)) continue;
      const info = await stat(candidate).catch(() => null);
      if (info?.isFile()) return candidate;
    }
    return null;
  }

  function encode(file: string, raw: Buffer, accept: string): Encoded {
    if (!COMPRESSIBLE.has(extname(file))) return { body: raw, encoding: 'identity' };
    const wants = (name: string) => new RegExp(`(^|[,\\s])${name}(;q=(?!0(\\.0*)?\\b)[\\d.]+)?(\\s*,|\\s*$)`).test(accept);
    if (wants('br')) {
      const key = `br:${file}`;
      if (!cache.has(key)) {
        cache.set(key, brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length } }));
      }
      return { body: cache.get(key)!, encoding: 'br' };
    }
    if (wants('gzip')) {
      const key = `gzip:${file}`;
      if (!cache.has(key)) cache.set(key, gzipSync(raw, { level: 9 }));
      return { body: cache.get(key)!, encoding: 'gzip' };
    }
    return { body: raw, encoding: 'identity' };
  }

  // What the handler uses of a request and a response: HTTP/1.1's and HTTP/2's compatibility API both have it.
  type Request = { url?: string; method?: string; headers: IncomingHttpHeaders };
  type Response = { writeHead(status: number, headers?: Record<string, string>): Response; end(body?: Buffer | string): void };
  const handle = (request: Request, response: Response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        response.writeHead(405, { allow: 'GET, HEAD' }).end();
        return;
      }
      let file = await findFile(url.pathname).catch(() => null);
      let status = 200;
      if (!file) {
        file = join(base, '404.html');
        status = 404;
      }
      const raw = await readFile(file).catch(() => null);
      if (!raw) {
        response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
        return;
      }
      const { body, encoding } = encode(file, raw, String(request.headers['accept-encoding'] ?? ''));
      const headers: Record<string, string> = {
        'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
        'content-length': String(body.length),
        'cache-control': url.pathname.startsWith('/_astro/') ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
        vary: 'Accept-Encoding',
      };
      if (encoding !== 'identity') headers['content-encoding'] = encoding;
      response.writeHead(status, headers);
      response.end(request.method === 'HEAD' ? undefined : body);
    })().catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end(String(error));
    });
  };
  let server: Server | Http2SecureServer;
  if (options.tls) {
    const pems = await selfsigned.generate([{ name: 'commonName', value: '127.0.0.1' }], {
      notAfterDate: new Date(Date.now() + 86_400_000),
      extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
    });
    server = createSecureServer({ key: pems.private, cert: pems.cert, allowHTTP1: true }, (request, response) =>
      handle(request, response as unknown as Response),
    );
  } else {
    server = createServer((request, response) => handle(request, response as unknown as Response));
  }

  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      const actual = typeof address === 'object' && address ? address.port : port;
      resolvePromise({
        url: `${options.tls ? 'https' : 'http'}://127.0.0.1:${actual}`,
        server,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}
