/**
 * `node --import tsx serve-site.ts <dir> <port>`: serves the built folder `dir` and the functions on localhost:<port>
 * (site-server.ts) with this process's environment, printing one line per function call and then `ready <url>`. The
 * browser suite starts one per worker, so that each worker's functions see their own database and inbox.
 */
import { serveSite } from './site-server';

const [dir, port] = process.argv.slice(2);
if (!dir || !Number.isInteger(Number(port))) {
  console.error('usage: serve-site.ts <built folder> <port>');
  process.exit(2);
}
const site = await serveSite({ dir, port: Number(port), host: 'localhost', log: (line) => console.log(line) });
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void site.stop().then(() => process.exit(0)));
}
console.log(`ready ${site.url}`);
