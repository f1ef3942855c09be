import { mkdtemp, rm } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startEmbeddedDatabase, type EmbeddedDatabase } from './embedded-db';
import { servePglite } from './pglite-server';

function int32(value: number): Buffer {
  const buffer = Buffer.alloc(4);
  buffer.writeInt32BE(value);
  return buffer;
}

function message(type: string, body: Buffer): Buffer {
  return Buffer.concat([Buffer.from(type), int32(4 + body.length), body]);
}

const cstring = (text: string) => Buffer.from(`${text}\0`);
const startup = () => {
  const params = Buffer.from('user\0postgres\0database\0postgres\0\0');
  return Buffer.concat([int32(8 + params.length), int32(196_608), params]);
};
const query = (text: string) => message('Q', cstring(text));
// The unnamed statement and portal, as the Neon driver (node-postgres) sends a parameterised query.
const parse = (text: string) => message('P', Buffer.concat([cstring(''), cstring(text), Buffer.from([0, 0])]));
const bind = (value: string) =>
  message(
    'B',
    Buffer.concat([
      cstring(''),
      cstring(''),
      Buffer.from([0, 0, 0, 1]),
      int32(value.length),
      Buffer.from(value),
      Buffer.from([0, 0]),
    ]),
  );
const execute = () => message('E', Buffer.concat([cstring(''), int32(0)]));
const sync = () => message('S', Buffer.alloc(0));

/** What a connection got back up to a ReadyForQuery: its DataRow values, error codes and transaction status. */
type Answer = { values: string[]; errors: string[]; status: string };

/** A raw protocol connection: write messages one by one, read answers up to each ReadyForQuery. */
class RawClient {
  private buffer = Buffer.alloc(0);
  private answers: Answer[] = [];
  private current: Answer = { values: [], errors: [], status: '' };
  private waiters: ((answer: Answer) => void)[] = [];
  readonly closed: Promise<void>;

  private constructor(readonly socket: Socket) {
    socket.on('data', (chunk) => this.read(chunk));
    socket.on('error', () => {});
    this.closed = new Promise((resolve) => socket.on('close', () => resolve()));
  }

  static async open(path: string): Promise<RawClient> {
    const socket = connect(path);
    await new Promise((resolve) => socket.once('connect', resolve));
    const client = new RawClient(socket);
    socket.write(startup());
    await client.answer();
    return client;
  }

  private read(chunk: Buffer): void {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    while (this.buffer.length >= 5 && this.buffer.length >= 1 + this.buffer.readInt32BE(1)) {
      const type = String.fromCharCode(this.buffer[0]!);
      const body = this.buffer.subarray(5, 1 + this.buffer.readInt32BE(1));
      this.buffer = this.buffer.subarray(1 + this.buffer.readInt32BE(1));
      if (type === 'D') this.current.values.push(body.subarray(6, 6 + body.readInt32BE(2)).toString());
      if (type === 'E') this.current.errors.push(/C([0-9A-Z]{5})\0/.exec(body.toString())?.[1] ?? '?');
      if (type === 'Z') {
        this.current.status = String.fromCharCode(body[0]!);
        const waiter = this.waiters.shift();
        if (waiter) waiter(this.current);
        else this.answers.push(this.current);
        this.current = { values: [], errors: [], status: '' };
      }
    }
  }

  /** Writes one message and yields to the event loop, so another client's message can come in between. */
  async send(bytes: Buffer): Promise<void> {
    await new Promise<void>((resolve) => this.socket.write(bytes, () => resolve()));
    await new Promise((resolve) => setTimeout(resolve, 5));
  }

  /** Error codes received since the last ReadyForQuery (a FATAL error comes without one). */
  get pendingErrors(): string[] {
    return this.current.errors;
  }

  /** The next answer (everything up to a ReadyForQuery). */
  answer(): Promise<Answer> {
    const ready = this.answers.shift();
    return ready ? Promise.resolve(ready) : new Promise((resolve) => this.waiters.push(resolve));
  }
}

describe('the embedded database socket', () => {
  let database: EmbeddedDatabase;
  beforeAll(async () => {
    database = await startEmbeddedDatabase();
  });
  afterAll(() => database.stop());

  test("keeps two connections' interleaved extended-protocol queries apart", async () => {
    const [a, b] = await Promise.all([RawClient.open(database.socketPath), RawClient.open(database.socketPath)]);
    // a's Parse, then b's Parse, then a's Bind/Execute/Sync: on one shared session b's Parse would replace a's unnamed
    // statement, and a would run b's query (or find none: 26000).
    await a.send(parse("SELECT 'a' || $1::text AS v"));
    await b.send(parse("SELECT 'b' || $1::text AS v"));
    for (const bytes of [bind('1'), execute(), sync()]) await a.send(bytes);
    for (const bytes of [bind('2'), execute(), sync()]) await b.send(bytes);
    expect(await a.answer()).toEqual({ values: ['a1'], errors: [], status: 'I' });
    expect(await b.answer()).toEqual({ values: ['b2'], errors: [], status: 'I' });
    a.socket.destroy();
    b.socket.destroy();
  });

  test('lets a waiting connection in after the transaction ahead of it ends, and only then', async () => {
    const [a, b] = await Promise.all([RawClient.open(database.socketPath), RawClient.open(database.socketPath)]);
    await a.send(query('CREATE TABLE IF NOT EXISTS turn_test (n int)'));
    await a.answer();
    await a.send(query('BEGIN; INSERT INTO turn_test VALUES (1)'));
    expect((await a.answer()).status).toBe('T');
    let bAnswered = false;
    const bAnswer = b.answer().then((answer) => ((bAnswered = true), answer));
    await b.send(query('SELECT count(*)::text FROM turn_test'));
    // While a's transaction is open, a is served and b waits (it is not refused either).
    await a.send(query('SELECT 1'));
    expect(await a.answer()).toEqual({ values: ['1'], errors: [], status: 'T' });
    expect(bAnswered).toBe(false);
    await a.send(query('ROLLBACK'));
    expect((await a.answer()).status).toBe('I');
    // b ran after the rollback, not inside a's transaction: it sees no row.
    expect(await bAnswer).toEqual({ values: ['0'], errors: [], status: 'I' });
    a.socket.destroy();
    b.socket.destroy();
  });

  test('rolls back the transaction of a connection that dies in it, and serves the next one', async () => {
    const a = await RawClient.open(database.socketPath);
    await a.send(query('CREATE TABLE IF NOT EXISTS dead_test (n int)'));
    await a.answer();
    await a.send(query('BEGIN; INSERT INTO dead_test VALUES (1)'));
    expect((await a.answer()).status).toBe('T');
    // Half an extended batch too: a Parse with no Sync.
    await a.send(parse('SELECT 1'));
    a.socket.destroy();
    const b = await RawClient.open(database.socketPath);
    await b.send(query('SELECT count(*)::text FROM dead_test'));
    expect(await b.answer()).toEqual({ values: ['0'], errors: [], status: 'I' });
    b.socket.destroy();
  });
});

describe('servePglite', () => {
  test('ends a connection that idles while holding the database, rolls it back and lets the next one in', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pglite-server-'));
    const db = await PGlite.create();
    const server = await servePglite(db, { path: join(dir, 'socket'), idleHoldTimeoutMs: 300 });
    try {
      const a = await RawClient.open(join(dir, 'socket'));
      await a.send(query('CREATE TABLE idle_test (n int)'));
      await a.answer();
      await a.send(query('BEGIN; INSERT INTO idle_test VALUES (1)'));
      expect((await a.answer()).status).toBe('T');
      const b = await RawClient.open(join(dir, 'socket'));
      await b.send(query('SELECT count(*)::text FROM idle_test'));
      const answer = await b.answer();
      expect(answer.values).toEqual(['0']);
      await a.closed;
      expect(a.pendingErrors).toEqual(['25P03']);
      b.socket.destroy();
    } finally {
      await server.stop();
      await db.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
