import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MailDev } from 'maildev';

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

/**
 * Starts maildev in this process on free loopback ports, with no outgoing relay: every message is caught, nothing
 * leaves the machine.
 */
export async function startMailCatcher(options: MailCatcherOptions = {}): Promise<MailCatcher> {
  const temporary = options.mailDirectory ? undefined : await mkdtemp(join(tmpdir(), 'lone-star-mail-'));
  const mailDirectory = options.mailDirectory ?? temporary!;
  await mkdir(mailDirectory, { recursive: true });
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
