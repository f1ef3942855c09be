import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { freePort } from './free-port';
import { serveSite, type RunningSite } from './site-server';

/** A raw GET of `path` exactly as written (fetch would normalise `..` away). */
function rawGet(url: string, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    request(`${url}${path}`, { path }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    })
      .on('error', reject)
      .end();
  });
}

describe('serveSite: the build as Netlify serves it, for the browser suite', () => {
  let dir = '';
  let site: RunningSite;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'site-server-test-'));
    const outside = join(dir, 'secret.txt');
    mkdirSync(join(dir, 'dist', 'about'), { recursive: true });
    writeFileSync(join(dir, 'dist', 'index.html'), '<h1>home</h1>');
    writeFileSync(join(dir, 'dist', 'about', 'index.html'), '<h1>about</h1>');
    writeFileSync(join(dir, 'dist', 'faq.html'), '<h1>faq</h1>');
    writeFileSync(join(dir, 'dist', 'site.css'), 'body{}');
    writeFileSync(join(dir, 'dist', '404.html'), '<h1>not here</h1>');
    writeFileSync(outside, 'outside the site');
    site = await serveSite({ dir: join(dir, 'dist'), port: await freePort() });
  });

  afterAll(async () => {
    await site?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  test.each([
    ['/', 'home'],
    ['/about', 'about'],
    ['/about/', 'about'],
    ['/faq', 'faq'],
  ])('%s is the page Netlify would serve, with the headers of netlify.toml', async (path, heading) => {
    const response = await fetch(`${site.url}${path}`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(`<h1>${heading}</h1>`);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  test('a file has its own type; an unknown path is the 404 page with a 404 and the same headers', async () => {
    expect((await fetch(`${site.url}/site.css`)).headers.get('content-type')).toBe('text/css; charset=utf-8');
    const missing = await fetch(`${site.url}/nowhere`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe('<h1>not here</h1>');
    expect(missing.headers.get('x-content-type-options')).toBe('nosniff');
  });

  test('nothing outside the folder is served, and a page takes no POST', async () => {
    expect(await rawGet(site.url, '/../secret.txt')).toEqual({ status: 404, body: '<h1>not here</h1>' });
    expect((await rawGet(site.url, '/%2e%2e/secret.txt')).status).toBe(404);
    expect((await fetch(`${site.url}/about`, { method: 'POST', body: 'x' })).status).toBe(405);
  });

  test("a function's path reaches the function; a DELETE that sends no body reaches it without one", async () => {
    const availability = await fetch(`${site.url}/api/availability/not-a-date`);
    expect(availability.status).toBe(400);
    expect(availability.headers.get('content-type')).toMatch(/^application\/json/);
    // A body that is not JSON is refused (415) before anything else; a body never sent is not there to refuse (what
    // comes next, the session check, needs a database this test does not give).
    const remove = (body?: string) =>
      fetch(`${site.url}/api/admin/calendar-feed`, { method: 'DELETE', headers: { origin: site.url }, body });
    expect((await remove('x')).status).toBe(415);
    expect((await remove()).status).not.toBe(415);
  });
});
