import { connect } from 'node:net';
import { simpleParser } from 'mailparser';
import { describe, expect, test, vi } from 'vitest';
import bookings from '../../netlify/functions/bookings';
import contact from '../../netlify/functions/contact';
import { LOGO_CID } from '../../netlify/lib/mail/logo';
import { createMailTransport } from '../../netlify/lib/mail/transport';
import { startMailCatcher } from '../../scripts/lib/shared-harness/mail-catcher';
import { booking, inquiry } from '../fixtures';
import type { TestDatabase } from '../setup/database';
import { useTestSmtpServer } from './mail-support';
import { call, databases, postJson, useDatabase } from './support';

function refused(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

describe('startMailCatcher', () => {
  test('catches what is sent over SMTP, shows it in its inbox and REST API, and stops cleanly', async () => {
    const catcher = await startMailCatcher();
    try {
      expect(catcher.smtpUrl).toMatch(/^smtp:\/\/127\.0\.0\.1:\d+$/);
      expect(catcher.inboxUrl).toMatch(/^http:\/\/localhost:\d+$/);
      const transport = createMailTransport(catcher.smtpUrl);
      await transport.sendMail({
        from: { name: 'Bar', address: 'bar@example.com' },
        to: [{ name: 'Dolly', address: 'dolly@example.com' }],
        subject: 'Caught locally',
        text: 'Nothing leaves the machine.',
      });
      const list = (await (await fetch(`${catcher.apiUrl}/email`)).json()) as Array<{ subject: string; to: Array<{ address: string }> }>;
      expect(list.map((mail) => [mail.subject, mail.to[0]?.address])).toEqual([['Caught locally', 'dolly@example.com']]);
      // A browser asks for HTML; the inbox is a single-page app served for such requests.
      const inbox = await fetch(catcher.inboxUrl.replace('localhost', '127.0.0.1'), { headers: { accept: 'text/html' } });
      expect(inbox.status).toBe(200);
      expect(inbox.headers.get('content-type')).toContain('text/html');
    } finally {
      await catcher.stop();
    }
    expect(await refused(catcher.smtpUrl)).toBe(true);
    expect(await refused(catcher.apiUrl)).toBe(true);
  });
});

/** The MIME parts of a raw message, read from its boundaries: each part's headers (lower-case names) and body. */
function mimeParts(raw: string): Array<{ headers: Record<string, string>; body: string }> {
  const boundaries = [...raw.matchAll(/boundary="?([^";\r\n]+)"?/gi)].map((match) => match[1]!);
  const parts: Array<{ headers: Record<string, string>; body: string }> = [];
  for (const boundary of boundaries) {
    for (const chunk of raw.split(`--${boundary}`).slice(1, -1)) {
      const [head = '', ...body] = chunk.replace(/^\r\n/, '').split('\r\n\r\n');
      if (/^content-type:\s*multipart\//im.test(head)) continue;
      const headers: Record<string, string> = {};
      for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
        const colon = line.indexOf(':');
        if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      parts.push({ headers, body: body.join('\r\n\r\n') });
    }
  }
  return parts;
}

/** A text part's body, decoded from its transfer encoding. */
function decodedBody(part: { headers: Record<string, string>; body: string }): string {
  const encoding = (part.headers['content-transfer-encoding'] ?? '').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding !== 'quoted-printable') return part.body;
  const bytes = part.body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

describe.each(databases)('the branded confirmation on the wire on $name', (database: TestDatabase) => {
  useDatabase(database);
  const smtp = useTestSmtpServer(database, { ownerEmail: 'owner@lonestar.example', mailFrom: 'Lone Star Mobile Bar <bookings@lonestar.example>' });

  test('each mail carries exactly one inline image/png part, the logo the HTML names by cid, and no remote image', async () => {
    const sent = booking({ clientEmail: 'dolly@example.com', clientName: 'Dolly <script>alert("x")</script> 🤠' });
    expect((await call(bookings, postJson('/api/bookings', sent))).status).toBe(201);
    const asked = inquiry({ email: 'hank@example.com', firstName: 'Hank', lastName: `<script>alert("x")</script> O'Neil 🤠` });
    expect((await call(contact, postJson('/api/contact', asked))).status).toBe(201);
    const received = await smtp.waitFor(4);
    expect(received.map((mail) => mail.parsed.text!.split('\n')[0]).sort()).toEqual([
      'New booking.',
      'New event inquiry.',
      'Thanks for reaching out, Hank!',
      'Your date is held, Dolly!',
    ]);
    for (const mail of received) {
      const images = mimeParts(mail.raw).filter((part) => /^image\//i.test(part.headers['content-type'] ?? ''));
      expect(images.map((part) => [part.headers['content-type']?.split(';')[0], part.headers['content-id'], part.headers['content-disposition']?.split(';')[0]])).toEqual([
        ['image/png', `<${LOGO_CID}>`, 'inline'],
      ]);
      const png = Buffer.from(images[0]!.body.replace(/\s+/g, ''), 'base64');
      expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
      // The HTML as sent (mailparser's reading swaps cid: for a data URL).
      const html = decodedBody(mimeParts(mail.raw).find((part) => /^text\/html/i.test(part.headers['content-type'] ?? ''))!);
      expect(html).toContain(`src="cid:${LOGO_CID}"`);
      expect(html).not.toMatch(/\bsrc\s*=\s*["']?\s*(https?:)?\/\//i);
      expect(html).not.toMatch(/<script/i);
      expect(mail.parsed.attachments.filter((file) => file.contentType === 'image/png')).toMatchObject([{ related: true, contentDisposition: 'inline' }]);
      // The preview: the hidden text is the first thing in the body, the plain text opens with the same words.
      const preview = /<body[^>]*>\s*<div style="display:none;[^"]*">([^&<]+)/.exec(html)![1]!;
      expect(mail.parsed.text!.replace(/\s+/g, ' ').startsWith(preview.slice(0, 40))).toBe(true);
      expect(mail.raw.length).toBeLessThan(64 * 1024);
    }
  });

  test('the local catcher of `npm start` holds the confirmation, readable as raw text', async () => {
    const catcher = await startMailCatcher();
    vi.stubEnv('SMTP_URL', catcher.smtpUrl);
    try {
      const sent = booking({ clientEmail: 'dolly@example.com', clientName: 'Dolly Rivera' });
      expect((await call(bookings, postJson('/api/bookings', sent))).status).toBe(201);
      let list: Array<{ id: string; subject: string; to: Array<{ address: string }> }> = [];
      await vi.waitFor(async () => {
        list = (await (await fetch(`${catcher.apiUrl}/email`)).json()) as typeof list;
        expect(list).toHaveLength(2);
      }, { timeout: 10_000, interval: 50 });
      const confirmation = list.find((mail) => mail.to[0]?.address === 'dolly@example.com')!;
      const raw = await (await fetch(`${catcher.apiUrl}/email/${confirmation.id}/source`)).text();
      expect(raw).toMatch(/^Content-Type: multipart\/mixed;/m);
      expect(raw).toMatch(/^Content-Type: text\/plain; charset=utf-8/m);
      expect(raw).toMatch(/^Content-Type: text\/calendar; charset=utf-8; method=REQUEST/m);
      expect(raw.match(/^Content-ID: <[^>]+>/gm)).toEqual([`Content-ID: <${LOGO_CID}>`]);
      const parsed = await simpleParser(raw);
      expect(parsed.text!.startsWith('Your date is held, Dolly!\n\nWe are holding ')).toBe(true);
    } finally {
      vi.stubEnv('SMTP_URL', smtp.url);
      await catcher.stop();
    }
  });
});
