import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';

const PRELOAD = pathToFileURL(join(import.meta.dirname, 'listen-host.mjs')).href;
const dir = mkdtempSync(join(tmpdir(), 'lone-star-listen-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs `listen` in a fresh Node with the preload and returns the address the server got. */
function addressAfter(listen: string, env: Record<string, string> = {}): string {
  const script = `
    const http = require('node:http');
    const server = http.createServer();
    server.${listen};
    server.on('listening', () => { const a = server.address(); console.log(typeof a === 'string' ? a : a.address); server.close(); });`;
  return execFileSync(process.execPath, ['--import', PRELOAD, '-e', script], {
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
  }).trim();
}

describe('listen-host preload (what npm start puts in front of netlify dev)', () => {
  test.each([
    ['listen(0)', 'listen(0)'],
    ['listen("0")', "listen('0')"],
    ['listen(0, callback)', 'listen(0, () => {})'],
    ['listen(0, backlog, callback)', 'listen(0, 511, () => {})'],
    ['listen()', 'listen()'],
    ['listen(callback)', 'listen(() => {})'],
    ['listen({ port })', 'listen({ port: 0 })'],
  ])('puts %s on loopback', (_label, listen) => {
    expect(addressAfter(listen)).toBe('127.0.0.1');
  });

  test('uses LISTEN_HOST when the operator asks for all interfaces', () => {
    expect(addressAfter('listen({ port: 0 })', { LISTEN_HOST: '0.0.0.0' })).toBe('0.0.0.0');
  });

  test.each([
    ['an explicit host', "listen(0, '::1')", '::1'],
    ['an explicit host in options', "listen({ port: 0, host: '0.0.0.0' })", '0.0.0.0'],
  ])('leaves %s alone', (_label, listen, expected) => {
    expect(addressAfter(listen)).toBe(expected);
  });

  test('leaves a Unix socket alone', () => {
    const path = join(dir, 'socket');
    expect(addressAfter(`listen(${JSON.stringify(path)})`)).toBe(path);
  });
});
