import { rm } from 'node:fs/promises';
import { createServer, type Socket } from 'node:net';
import type { PGlite } from '@electric-sql/pglite';

/**
 * Longest a connection may hold the database inside a transaction (or between an extended-protocol Parse and its
 * Sync) without sending anything, in ms. Longer than any request may live (Netlify ends a function at 10 s), so it
 * only ever ends a client that is gone or hung; its transaction is rolled back and the next connection goes on.
 */
export const IDLE_HOLD_TIMEOUT_MS = 10_000;

/** Options of servePglite. */
export type PgliteServerOptions = {
  /** The Unix socket to listen on (its folder should be this user's only: PGlite asks for no password). */
  path: string;
  /** Most simultaneous connections; one more is refused with SQLSTATE 53300 (default 200). */
  maxConnections?: number;
  /** See IDLE_HOLD_TIMEOUT_MS (the default); shorter in tests. */
  idleHoldTimeoutMs?: number;
};

/** A running socket server in front of one PGlite. */
export type PgliteServer = {
  /** Closes every connection (rolling back what they left open), then stops listening. */
  stop(): Promise<void>;
};

const SSL_REQUEST = 80_877_103;
const GSSENC_REQUEST = 80_877_104;
const CANCEL_REQUEST = 80_877_102;
const MAX_MESSAGE_BYTES = 16 * 1024 * 1024;
// Messages of the extended query protocol that leave state (the unnamed statement and portal) until the next Sync.
const EXTENDED = new Set(['P', 'B', 'D', 'E', 'C', 'H']);
const SYNC = Buffer.from([0x53, 0, 0, 0, 4]);

function int32(value: number): Buffer {
  const buffer = Buffer.alloc(4);
  buffer.writeInt32BE(value);
  return buffer;
}

/** A FATAL ErrorResponse with `code` (SQLSTATE) and `message`, as Postgres sends it before hanging up. */
export function fatalError(code: string, message: string): Buffer {
  const fields = Buffer.from(`SFATAL\0VFATAL\0C${code}\0M${message}\0\0`);
  return Buffer.concat([Buffer.from('E'), int32(4 + fields.length), fields]);
}

const ROLLBACK = (() => {
  const text = Buffer.from('ROLLBACK\0');
  return Buffer.concat([Buffer.from('Q'), int32(4 + text.length), text]);
})();

/** The one queue for the database: a connection holds it from its first message until it is idle again. */
class Turn {
  private holder: object | undefined;
  private readonly waiting: { who: object; go: () => void }[] = [];

  acquire(who: object): Promise<void> {
    if (this.holder === who) return Promise.resolve();
    if (this.holder === undefined) {
      this.holder = who;
      return Promise.resolve();
    }
    return new Promise((go) => this.waiting.push({ who, go }));
  }

  release(who: object): void {
    if (this.holder !== who) return;
    const next = this.waiting.shift();
    this.holder = next?.who;
    next?.go();
  }

  /** Takes `who` out of the queue (a client that hung up while waiting); answers whether it was waiting. */
  leave(who: object): boolean {
    const index = this.waiting.findIndex((entry) => entry.who === who);
    if (index >= 0) this.waiting.splice(index, 1);
    return index >= 0;
  }

  holds(who: object): boolean {
    return this.holder === who;
  }
}

/**
 * Serves one PGlite as a Postgres server on a Unix socket, for many connections at once. PGlite is a single session,
 * so the connections take turns: one holds the database from its first message until it is idle again, that is until
 * its query or its extended-protocol batch (Parse … Sync) has been answered outside a transaction block, or until its
 * transaction has ended; the others wait in arrival order (their own timeouts bound the wait, nothing here refuses
 * them). So one connection's statements never interleave with another's: `@electric-sql/pglite-socket` queued single
 * messages, and two connections' Parse/Bind/Execute mixed outside transactions (wrong rows, 26000, 08P01). A
 * connection that hangs up, breaks the protocol or idles past `idleHoldTimeoutMs` while holding the database has its
 * extended batch synced and its transaction rolled back before the next one goes.
 */
export async function servePglite(db: PGlite, options: PgliteServerOptions): Promise<PgliteServer> {
  const maxConnections = options.maxConnections ?? 200;
  const idleHoldTimeoutMs = options.idleHoldTimeoutMs ?? IDLE_HOLD_TIMEOUT_MS;
  const turn = new Turn();
  const sockets = new Map<Socket, Promise<void>>();

  const run = (message: Uint8Array, onData?: (data: Uint8Array) => void) =>
    db.runExclusive(() => db.execProtocolRawStream(message, { onRawData: onData ?? (() => {}) }));

  function serve(socket: Socket): Promise<void> {
    const me = {};
    let buffer = Buffer.alloc(0);
    let started = false;
    let extendedOpen = false;
    // Each chunk's messages are handled after the previous chunk's, one message at a time.
    let working: Promise<void> = Promise.resolve();
    let closed = false;
    let idleTimer: NodeJS.Timeout | undefined;

    const hangUp = (error?: Buffer) => {
      closed = true;
      if (error && socket.writable) socket.end(error, () => socket.destroy());
      else socket.destroy();
    };

    /** The next complete message, 'broken' for an impossible length, undefined when more bytes are needed. */
    const nextMessage = (): Buffer | 'broken' | undefined => {
      const headerBytes = started ? 5 : 4;
      if (buffer.length < headerBytes) return undefined;
      const length = started ? buffer.readInt32BE(1) + 1 : buffer.readInt32BE(0);
      if (length < headerBytes || length > MAX_MESSAGE_BYTES) return 'broken';
      if (buffer.length < length) return undefined;
      const message = buffer.subarray(0, length);
      buffer = buffer.subarray(length);
      return message;
    };

    const handle = async (message: Buffer): Promise<void> => {
      const type = started ? String.fromCharCode(message[0]!) : 'startup';
      if (!started) {
        const code = message.length >= 8 ? message.readInt32BE(4) : 0;
        if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
          socket.write('N');
          return;
        }
        if (code === CANCEL_REQUEST) return hangUp(); // PGlite cannot cancel a running statement.
        started = true;
      } else if (type === 'X') {
        return hangUp(); // Terminate: the client is done.
      }
      await turn.acquire(me);
      if (closed) return;
      await run(new Uint8Array(message), (data) => {
        if (data.length > 0 && socket.writable) socket.write(data);
      });
      if (EXTENDED.has(type)) extendedOpen = true;
      if (type === 'S') extendedOpen = false;
      if (!extendedOpen && !db.isInTransaction()) turn.release(me);
    };

    const pump = async () => {
      clearTimeout(idleTimer);
      for (let message = nextMessage(); message !== undefined && !closed; message = nextMessage()) {
        if (message === 'broken') return hangUp(fatalError('08P01', 'invalid message length'));
        await handle(message);
      }
      if (!closed && turn.holds(me)) {
        idleTimer = setTimeout(
          () => hangUp(fatalError('25P03', 'terminating connection: idle while holding the embedded database')),
          idleHoldTimeoutMs,
        );
      }
    };

    socket.on('data', (chunk) => {
      buffer = buffer.length > 0 ? Buffer.concat([buffer, chunk]) : chunk;
      working = working.then(pump).catch(() => hangUp());
    });
    socket.on('error', () => socket.destroy());
    const done = new Promise<void>((resolve) => {
      socket.on('close', () => {
        closed = true;
        clearTimeout(idleTimer);
        if (turn.leave(me)) return resolve();
        working
          .then(async () => {
            if (!turn.holds(me)) return;
            try {
              // Whatever the client left half done must not become the next connection's state.
              if (extendedOpen) await run(new Uint8Array(SYNC));
              if (db.isInTransaction()) await run(new Uint8Array(ROLLBACK));
            } finally {
              turn.release(me);
            }
          })
          .catch(() => {})
          .finally(resolve);
      });
    });
    return done;
  }

  const server = createServer((socket) => {
    if (sockets.size >= maxConnections) {
      socket.on('error', () => {});
      socket.end(fatalError('53300', 'sorry, too many clients already'));
      return;
    }
    const done = serve(socket);
    sockets.set(socket, done);
    void done.then(() => sockets.delete(socket));
  });
  await rm(options.path, { force: true });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.path, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', (error) => console.error(`Embedded database socket: ${error.message}`));
  return {
    async stop() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      const done = [...sockets.values()];
      for (const socket of sockets.keys()) socket.destroy();
      await Promise.all(done);
      await closed;
    },
  };
}
