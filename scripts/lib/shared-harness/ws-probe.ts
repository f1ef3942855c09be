import WebSocket from 'ws';

/** Whether a WebSocket upgrade at `url` sent with `origin` is accepted (for tests of the servers' origin checks). */
export function upgrades(url: string, origin: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url, { origin });
    socket.once('open', () => {
      socket.close();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
