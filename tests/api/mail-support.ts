import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, expect, vi } from 'vitest';
import { freePort } from '../../scripts/lib/shared-harness/free-port';
import type { TestDatabase } from '../setup/database';
import { query } from './support';

/** One message as a real SMTP server received it: the envelope, the raw bytes and mailparser's reading. */
export type ReceivedMail = {
  envelope: { from: string; to: string[] };
  raw: string;
  parsed: ParsedMail;
};

/** A real SMTP server on a loopback port for the tests, which can be stopped and brought back on the same port. */
export type TestSmtpServer = {
  readonly port: number;
  readonly url: string;
  readonly received: ReceivedMail[];
  /** Recipients the server refuses for good (550), like a mailbox that does not exist. */
  readonly refuse: Set<string>;
  /** Resolves once at least `count` messages have arrived (rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  /** Takes the server off the port: connections are refused, like a mail server that is down. */
  down(): Promise<void>;
  /** Listens again on the same port. */
  up(): Promise<void>;
  clear(): void;
  close(): Promise<void>;
};

/** Starts a real SMTP server (smtp-server, no TLS, no auth) that parses every message with mailparser. */
export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const port = await freePort();
  const received: ReceivedMail[] = [];
  const refuse = new Set<string>();
  let server: SMTPServer | undefined;

  const listen = async () => {
    const instance = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (refuse.has(address.address)) {
          const error = new Error('No such mailbox') as Error & { responseCode: number };
          error.responseCode = 550;
          callback(error);
        } else callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          simpleParser(raw).then(
            (parsed) => {
              received.push({
                envelope: {
                  from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
                  to: session.envelope.rcptTo.map((recipient) => recipient.address),
                },
                raw,
                parsed,
              });
              callback();
            },
            (error: Error) => callback(error),
          );
        });
      },
    });
    instance.on('error', () => {});
    await new Promise<void>((resolve, reject) => {
      instance.server.once('error', reject);
      instance.listen(port, '127.0.0.1', () => resolve());
    });
    server = instance;
  };

  const down = async () => {
    const instance = server;
    server = undefined;
    if (instance) await new Promise<void>((resolve) => instance.close(() => resolve()));
  };

  await listen();
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuse,
    async waitFor(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`Only ${received.length} of ${count} messages arrived.`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return received;
    },
    down,
    up: listen,
    clear: () => {
      received.length = 0;
      refuse.clear();
    },
    close: down,
  };
}

/** One component of a parsed calendar file: its properties (name → list of { params, value }) and children. */
export type CalendarComponent = {
  name: string;
  properties: Record<string, Array<{ params: Record<string, string>; value: string }>>;
  components: CalendarComponent[];
};

/**
 * Parses an iCalendar (RFC 5545) text strictly enough for the tests: CRLF lines, unfolded continuation lines, one
 * name;param=value:value per line, BEGIN/END nesting that must balance. Throws on anything malformed.
 */
export function parseIcs(text: string): CalendarComponent {
  if (!text.endsWith('\r\n')) throw new Error('An iCalendar file ends with CRLF.');
  if (/\r(?!\n)|(?<!\r)\n/.test(text)) throw new Error('An iCalendar file uses CRLF line breaks only.');
  const lines = text.slice(0, -2).split('\r\n');
  const unfolded: string[] = [];
  for (const line of lines) {
    if (line.startsWith(' ') || line.startsWith('\t')) {
      if (unfolded.length === 0) throw new Error('A continuation line cannot come first.');
      unfolded[unfolded.length - 1] += line.slice(1);
    } else unfolded.push(line);
  }
  const root: CalendarComponent = { name: '', properties: {}, components: [] };
  const stack: CalendarComponent[] = [root];
  for (const line of unfolded) {
    const match = /^([A-Za-z0-9-]+)((?:;[A-Za-z0-9-]+=(?:"[^"\p{Cc}]*"|[^";:,\p{Cc}]*))*):(.*)$/u.exec(line);
    if (!match) throw new Error(`Malformed content line: ${JSON.stringify(line)}`);
    const [, rawName, rawParams, value] = match as unknown as [string, string, string, string];
    const name = rawName.toUpperCase();
    const current = stack[stack.length - 1]!;
    if (name === 'BEGIN') {
      const child: CalendarComponent = { name: value.toUpperCase(), properties: {}, components: [] };
      current.components.push(child);
      stack.push(child);
      continue;
    }
    if (name === 'END') {
      if (current.name !== value.toUpperCase()) throw new Error(`END:${value} does not close ${current.name}.`);
      stack.pop();
      continue;
    }
    const params: Record<string, string> = {};
    for (const param of rawParams.match(/;[A-Za-z0-9-]+=(?:"[^"]*"|[^";:,]*)/g) ?? []) {
      const [key, ...rest] = param.slice(1).split('=');
      params[key!.toUpperCase()] = rest.join('=').replace(/^"|"$/g, '');
    }
    (current.properties[name] ??= []).push({ params, value });
  }
  if (stack.length !== 1 || root.components.length !== 1) throw new Error('Unbalanced BEGIN/END.');
  return root.components[0]!;
}

/** The single value of property `name` of `component` (throws when absent or repeated). */
export function property(component: CalendarComponent, name: string): string {
  const values = component.properties[name] ?? [];
  if (values.length !== 1) throw new Error(`${component.name} has ${values.length} ${name} properties.`);
  return values[0]!.value;
}

/** The instant of a UTC date-time value such as 20270417T140000Z. */
export function icsUtc(value: string): Date {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!match) throw new Error(`Not a UTC date-time: ${value}`);
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
  return new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!, s!));
}

/** The wall-clock date and time of `instant` in America/Chicago, as "YYYY-MM-DD HH:MM". */
export function chicagoClock(instant: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/Chicago',
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/**
 * A real SMTP server for the enclosing block, with the functions' mail settings pointing at it (SITE_URL
 * https://lonestar.example); before each test it is up again and empty, and so are the outbox and the cancel tokens.
 */
export function useTestSmtpServer(
  database: TestDatabase,
  settings: { ownerEmail: string; mailFrom: string },
): TestSmtpServer {
  let started: TestSmtpServer | undefined;
  beforeAll(async () => {
    started = await startTestSmtpServer();
    vi.stubEnv('SMTP_URL', started.url);
    vi.stubEnv('SITE_URL', 'https://lonestar.example');
    vi.stubEnv('OWNER_EMAIL', settings.ownerEmail);
    vi.stubEnv('MAIL_FROM', settings.mailFrom);
  });
  afterAll(async () => {
    await started?.close();
  });
  beforeEach(async () => {
    await started!.up().catch(() => {});
    started!.clear();
    await query(database, 'TRUNCATE outbox, booking_cancel_tokens');
  });
  // The server starts in beforeAll: the tests reach it through this stand-in, which reads the started one.
  return new Proxy({} as TestSmtpServer, {
    get(_target, key) {
      if (!started) throw new Error('The test SMTP server starts before the first test of its block.');
      const value = Reflect.get(started, key, started) as unknown;
      return typeof value === 'function' ? value.bind(started) : value;
    },
  });
}

/**
 * "Nothing more arrived": waits until the outbox of `database` has no message waiting to be sent or claimed by a
 * sender (status pending or sending), then expects the catcher to hold exactly `count` messages. A sent row was
 * accepted by the catcher before it was marked sent, so a late mail cannot slip in after this returns, as it could
 * after a fixed pause. Rejects after `timeoutMs` while a message still waits.
 */
export async function expectNoMoreMail(
  database: TestDatabase,
  smtp: TestSmtpServer,
  count: number,
  timeoutMs = 10_000,
): Promise<ReceivedMail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const waiting = await query<{ kind: string; status: string }>(
      database,
      "SELECT kind, status FROM outbox WHERE status IN ('pending', 'sending') ORDER BY kind",
    );
    if (waiting.length === 0) break;
    if (Date.now() > deadline) throw new Error(`The outbox is not idle: ${JSON.stringify(waiting)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(smtp.received).toHaveLength(count);
  return smtp.received;
}
