/**
 * `npm run bench:chrome`: what one browser test costs the machine in each Chromium installed here, the choice behind
 * `findChrome` (tests take Debian's headless shell when it is installed). Serves `dist/` (run `npm run build` first),
 * then per Chromium opens CONTEXTS fresh contexts at the phone's width, each loading three pages, as the browser suite
 * does, and prints the CPU seconds Chromium's processes used (their own and their exited children's) and the wall
 * time. Figures only.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { serveDist } from './bench-web-server.ts';
import { CHROME_FLAGS, findChrome } from './lib/shared-harness/chrome.ts';

/** Fresh contexts per Chromium (env CONTEXTS, 20 unless set). */
const CONTEXTS = Number(process.env.CONTEXTS ?? 20);
const ROUTES = ['/', '/services', '/faq'];
/** The Chromium the tests take (the headless shell when installed) and the full browser, ignoring CHROME_PATH. */
const CANDIDATES = [...new Set([findChrome({}, 'test'), findChrome({}, 'full')].filter((path) => path !== null))];
/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS = 100;

/** CPU seconds of process `root` and its descendants, with what their exited children used (/proc/<pid>/stat). */
function treeCpuSeconds(root: number): number {
  const stats = new Map<number, { parent: number; ticks: number }>();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // ppid, then utime, stime, cutime, cstime
      const ticks = Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
      stats.set(Number(pid), { parent: Number(fields[1]), ticks });
    } catch {
      // the process ended between the listing and the read
    }
  }
  const inTree = (pid: number): boolean => {
    for (let at: number | undefined = pid; at && at > 1; at = stats.get(at)?.parent) if (at === root) return true;
    return false;
  };
  let ticks = 0;
  for (const [pid, { ticks: own }] of stats) if (inTree(pid)) ticks += own;
  return ticks / TICKS;
}

async function measure(executable: string, origin: string): Promise<{ cpu: number; wallMs: number }> {
  const server = await chromium.launchServer({ executablePath: executable, args: [...CHROME_FLAGS] });
  const browser = await chromium.connect(server.wsEndpoint());
  const root = server.process().pid!;
  try {
    const warm = await browser.newContext();
    await (await warm.newPage()).goto(`${origin}/`);
    await warm.close();
    const cpuBefore = treeCpuSeconds(root);
    const started = Date.now();
    for (let i = 0; i < CONTEXTS; i += 1) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      for (const route of ROUTES) await page.goto(`${origin}${route}`, { waitUntil: 'load' });
      await context.close();
    }
    return { cpu: treeCpuSeconds(root) - cpuBefore, wallMs: Date.now() - started };
  } finally {
    await browser.close();
    await server.close();
  }
}

const site = await serveDist(join(import.meta.dirname, '..', 'dist'));
try {
  console.log(`${CONTEXTS} contexts, each loading ${ROUTES.join(', ')}:`);
  for (const executable of CANDIDATES) {
    let result: { cpu: number; wallMs: number };
    try {
      result = await measure(executable, site.url);
    } catch (error) {
      console.log(`  ${executable}: not measured (${(error as Error).message.split('\n')[0]})`);
      continue;
    }
    const perContext = result.cpu / CONTEXTS;
    console.log(`  ${executable}: ${result.cpu.toFixed(1)} CPU-s (${perContext.toFixed(2)} per context), ${result.wallMs} ms wall`);
  }
} finally {
  await site.close();
}
