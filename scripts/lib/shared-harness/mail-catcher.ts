import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Duplex } from 'node:stream';
import { MailDev } from 'maildev';
import { makePrivate } from '../private-files';

/** A running local mail catcher: SMTP in, a web inbox (and its REST API under /api) out, both on loopback. */
export type MailCatcher = {
  /** SMTP_URL for the functions: smtp://127.0.0.1:<port>. */
  smtpUrl: string;
  /** The web inbox: http://localhost:<port>. */
  inboxUrl: string;
  /** The REST API's base (GET …/email lists the messages). */
  apiUrl: string;
  stop(): Promise<void>;
};

/** Options of startMailCatcher. */
export type MailCatcherOptions = {
  /** Keep the messages in this folder across restarts; default a temporary folder removed by stop(). */
  mailDirectory?: string;
};

type Bound = { getPort(): number };
type WithHttpServer = { server: { server: Server } };

/** Names the inbox answers to: a foreign name (DNS rebinding: evil.example resolving to 127.0.0.1) is refused. */
const INBOX_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * Whether a request to the inbox on `port` comes from the inbox's own page or from no page at all. maildev grants
 * CORS, credentials included, to every Origin (and its socket.io to `*`), so any web page could read the caught
 * mail (cancel links, names, phone numbers); this is the check in front of it. A browser sends Origin on every
 * cross-origin fetch and WebSocket; Node's fetch and curl send none.
 */
export function isOwnOrigin(request: IncomingMessage, port: number): boolean {
  const host = request.headers.host ?? '';
  if (!INBOX_HOSTS.some((name) => host === `${name}:${port}`)) return false;
  const origin = request.headers.origin;
  return origin === undefined || origin === `http://${host}`;
}

/**
 * Puts isOwnOrigin in front of every request and upgrade of `server` (a foreign one gets 403 and no CORS header);
 * runs after maildev has attached its listeners, so it wraps them all (Fastify's and socket.io's).
 */
function refuseForeignOrigins(server: Server, port: number): void {
  const onRequest = server.listeners('request') as Array<(request: IncomingMessage, response: ServerResponse) => void>;
  server.removeAllListeners('request');
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (isOwnOrigin(request, port)) {
      for (const listener of onRequest) listener.call(server, request, response);
      return;
    }
    const body = JSON.stringify({ error: 'The inbox answers its own page only.' });
    response.writeHead(403, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), Connection: 'close' });
    response.end(body);
  });
  const onUpgrade = server.listeners('upgrade') as Array<(request: IncomingMessage, socket: Duplex, head: Buffer) => void>;
  server.removeAllListeners('upgrade');
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (isOwnOrigin(request, port)) {
      for (const listener of onUpgrade) listener.call(server, request, socket, head);
      return;
    }
    socket.on('error', () => socket.destroy());
    if (socket.writable) socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    socket.destroy();
  });
}

/**
 * Starts maildev in this process on free loopback ports, with no outgoing relay: every message is caught, nothing
 * leaves the machine. The inbox answers its own page only (see isOwnOrigin); the mail folder is this user's only.
 */
export async function startMailCatcher(options: MailCatcherOptions = {}): Promise<MailCatcher> {
  const temporary = options.mailDirectory ? undefined : await mkdtemp(join(tmpdir(), 'lone-star-mail-'));
  const mailDirectory = options.mailDirectory ?? temporary!;
  await mkdir(mailDirectory, { recursive: true, mode: 0o700 });
  await makePrivate(mailDirectory);
  const maildev = new MailDev({
    smtp: 0,
    ip: '127.0.0.1',
    web: 0,
    webIp: '127.0.0.1',
    mailDirectory,
    silent: true,
    verbose: false,
  });
  // maildev announces its API address with console.info; our caller prints the one line that matters.
  const info = console.info;
  console.info = () => {};
  let servers: Awaited<ReturnType<MailDev['start']>>;
  try {
    servers = await maildev.start();
  } catch (error) {
    if (temporary) await rm(temporary, { recursive: true, force: true });
    throw error;
  } finally {
    console.info = info;
  }
  const smtpPort = (servers.smtp as unknown as Bound).getPort();
  const webPort = (servers.api as unknown as Bound).getPort();
  refuseForeignOrigins((servers.api as unknown as WithHttpServer).server.server, webPort);
  let stopped = false;
  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    inboxUrl: `http://localhost:${webPort}`,
    apiUrl: `http://127.0.0.1:${webPort}/api`,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await maildev.stop();
      if (temporary) await rm(temporary, { recursive: true, force: true });
    },
  };
}
