import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

/** How the proxy treats the database's answers. */
export type FaultMode = 'pass' | 'hang-after-connect';

/** A TCP proxy in front of a Postgres server that can be told to stop answering (see startFaultProxy). */
export type FaultProxy = {
  port: number;
  /** 'pass' forwards everything; 'hang-after-connect' lets new sessions log in, then swallows every answer. */
  setMode(mode: FaultMode): void;
  stop(): Promise<void>;
};

/**
 * Proxies TCP to 127.0.0.1:`target` (a port), or to the Unix socket `target` (a path: the embedded database's). In 'hang-after-connect' mode each new session is forwarded until the server
 * first reports ReadyForQuery (so the client's connect succeeds), and from then on the server's answers are dropped:
 * the database has accepted the query and gone silent, like a server that froze or a network that died mid-request.
 */
export async function startFaultProxy(target: number | string): Promise<FaultProxy> {
  let mode: FaultMode = 'pass';
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = typeof target === 'string' ? connect(target) : connect(target, '127.0.0.1');
    sockets.add(client).add(upstream);
    const sessionMode = mode;
    let swallowing = false;
    let pending = Buffer.alloc(0);
    // Backend messages are a type byte and an int32 length; ReadyForQuery is 'Z'.
    const passUntilReady = (chunk: Buffer): Buffer => {
      if (sessionMode === 'pass') return chunk;
      if (swallowing) return Buffer.alloc(0);
      const data = Buffer.concat([pending, chunk]);
      let offset = 0;
      while (data.length - offset >= 5) {
        const length = data.readInt32BE(offset + 1);
        if (data.length - offset < 1 + length) break;
        const type = data[offset];
        offset += 1 + length;
        if (type === 0x5a) {
          swallowing = true;
          pending = Buffer.alloc(0);
          return data.subarray(0, offset);
        }
      }
      pending = Buffer.from(data.subarray(offset));
      return data.subarray(0, offset);
    };
    upstream.on('data', (chunk: Buffer) => {
      const forward = passUntilReady(chunk);
      if (forward.length > 0) client.write(forward);
    });
    client.on('data', (chunk) => upstream.write(chunk));
    const close = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', close).on('close', close);
    upstream.on('error', close).on('close', close);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    setMode(next) {
      mode = next;
    },
    async stop() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A TCP server that accepts connections and never says a word: a black hole. */
export async function startBlackhole(): Promise<{ port: number; connections(): number; stop(): Promise<void> }> {
  const sockets = new Set<Socket>();
  let accepted = 0;
  const server = createServer((socket) => {
    accepted += 1;
    sockets.add(socket);
    socket.on('data', () => {});
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => accepted,
    async stop() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
