import { PassThrough } from 'node:stream';
import { describe, expect, test } from 'vitest';
import { config as feedConfig } from '../../netlify/functions/calendar-feed';
import { newSecretToken } from '../../netlify/lib/secret-token';
import { REDACTED, pipeRedacted, redactSecrets } from './redact-secrets';

const token = newSecretToken();
const feedPath = String(feedConfig.path).replace(':token', token);

describe('redactSecrets', () => {
  test.each([
    // netlify dev's request lines for the feed, as npm start printed them, with its retries' suffixes.
    [`Request from 127.0.0.1: GET ${feedPath}`, `Request from 127.0.0.1: GET /api/calendar/${REDACTED}`],
    [`Request from ::1: GET ${feedPath}.html`, `Request from ::1: GET /api/calendar/${REDACTED}`],
    [`Request from ::1: GET ${feedPath}/index.htm`, `Request from ::1: GET /api/calendar/${REDACTED}/index.htm`],
    // A token one character short is no token, but it is most of one.
    [`GET /api/calendar/${token.slice(1)}.ics`, `GET /api/calendar/${REDACTED}`],
    [`20:06:43 [200] /cancel?token=${token.slice(2)}&x=1 12ms`, `20:06:43 [200] /cancel?token=${REDACTED}&x=1 12ms`],
    [`somewhere ${token} else`, `somewhere ${REDACTED} else`],
    [`"${token}"`, `"${REDACTED}"`],
  ])('takes the secret out of %s', (line, expected) => {
    expect(redactSecrets(line)).toBe(expected);
    expect(redactSecrets(line)).not.toContain(token.slice(2, 40));
  });

  test.each([
    'Request from 127.0.0.1: GET /api/availability/2026-12-24',
    '⬥ Loaded function admin-inquiries-search',
    '{"at":"2026-11-27T20:06:45.431Z","requestId":"01M8F9W46XDPG1YQZX9MMF5R8G","endpoint":"calendar-feed","status":404}',
    `a run of 44 is no token: ${'a'.repeat(44)}`,
  ])('leaves %s as it is', (line) => {
    expect(redactSecrets(line)).toBe(line);
  });
});

describe('pipeRedacted', () => {
  test('catches a token split across chunks, and passes every line on once', async () => {
    const from = new PassThrough();
    const to = new PassThrough();
    let written = '';
    to.on('data', (chunk: Buffer) => (written += chunk.toString()));
    const lines: string[] = [];
    pipeRedacted(from, to, (line) => lines.push(line));
    const text = `Request from 127.0.0.1: GET ${feedPath}\nResponse with status 404 in 228 ms.\nlast`;
    for (let index = 0; index < text.length; index += 7) from.write(text.slice(index, index + 7));
    from.end();
    await new Promise((resolve) => from.once('end', resolve));
    expect(written).toBe(`Request from 127.0.0.1: GET /api/calendar/${REDACTED}\nResponse with status 404 in 228 ms.\nlast`);
    expect(lines).toEqual([`Request from 127.0.0.1: GET /api/calendar/${REDACTED}`, 'Response with status 404 in 228 ms.', 'last']);
  });
});
