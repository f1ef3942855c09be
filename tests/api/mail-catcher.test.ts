import { connect } from 'node:net';
import { describe, expect, test } from 'vitest';
import { createMailTransport } from '../../netlify/lib/mail/transport';
import { startMailCatcher } from '../../scripts/lib/shared-harness/mail-catcher';

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
