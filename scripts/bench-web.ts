/**
 * `npm run bench:web`: builds the site, serves `dist/` the way a CDN would (brotli/gzip, 404.html, long cache for
 * /_astro/*) and runs Lighthouse (mobile preset) three times on each route, then prints the medians and the budgets.
 * Options: --no-build (reuse dist/), --runs=N, --only=/path,/other. Results also land in bench-results/web.json.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import type { Result as LighthouseResult } from 'lighthouse';
import { median } from './lib/bench-stats.ts';
import { CHROME_FLAGS, findChrome } from './lib/shared-harness/chrome.ts';
import { serveDist } from './bench-web-server.ts';
import settings from '@content/settings.json' with { type: 'json' };

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The local server's certificate is made for the run (bench-web-server.ts): the benchmark's browser accepts it. */
const TLS_FLAGS = ['--ignore-certificate-errors'];

/** The eight screens of the spec: every navigation link, the call to action, and any unknown path (the 404 page). */
const ROUTES: readonly { name: string; path: string }[] = [
  ...settings.site.nav.links.map((link) => ({ name: link.label, path: link.href })),
  { name: settings.site.nav.cta.label, path: settings.site.nav.cta.href },
  { name: '404', path: '/no-such-page' },
];

/** Routes that must request no JavaScript before the page has loaded (their islands hydrate when idle). */
const NO_EARLY_JS = new Set(['Home', 'About', 'Services', 'Menu', '404']);

/** The performance budgets every route must meet (Lighthouse mobile medians, compressed bytes). */
const BUDGET = {
  performance: 100,
  lcpMs: 1200,
  cls: 0,
  tbtMs: 0,
  firstViewHtmlCssBytes: 14 * 1024,
  jsBytes: 75 * 1024,
};

interface RunFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  jsBytes: number;
  cssBytes: number;
  htmlBytes: number;
  totalBytes: number;
  requests: number;
  earlyJsBytes: number;
  earlyJsRequests: number;
}

type Key = keyof RunFigures;

/** What Lighthouse named as the largest contentful paint element of a run (CSS selector). */
function lcpElementOf(lhr: LighthouseResult): string {
  const items = (lhr.audits['lcp-breakdown-insight']?.details as { items?: Array<{ type?: string; selector?: string }> } | undefined)?.items ?? [];
  return items.find((item) => item.type === 'node')?.selector ?? '?';
}

interface NetworkItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
  rendererStartTime?: number;
  networkRequestTime?: number;
}

function parseArgs(argv: string[]) {
  const value = (name: string) => argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];
  const only = value('only')?.split(',').filter(Boolean);
  return {
    build: !argv.includes('--no-build'),
    runs: Math.max(1, Number(value('runs') ?? 3)),
    routes: only ? ROUTES.filter((route) => only.includes(route.path) || only.includes(route.name)) : [...ROUTES],
  };
}

/** JavaScript a page requested before its load event in one throttled Playwright run. */
interface EarlyJs {
  loadMs: number;
  requests: number;
  bytes: number;
  files: string[];
}

/**
 * Loads each route in Chromium throttled like Lighthouse's mobile preset (150 ms RTT, 1.6 Mbps, 4x CPU) for real,
 * not simulated, and lists the scripts requested before the load event. Lighthouse's own (unthrottled) load finishes
 * so early that islands hydrating "when idle" can slip past it; on a slow phone they do not.
 */
async function measureEarlyJs(chromePath: string, origin: string, paths: string[]): Promise<Map<string, EarlyJs>> {
  const browser = await chromium.launch({ executablePath: chromePath, args: [...CHROME_FLAGS, ...TLS_FLAGS] });
  const results = new Map<string, EarlyJs>();
  try {
    for (const path of paths) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true, ignoreHTTPSErrors: true });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 150,
        downloadThroughput: (1.6 * 1024 * 1024) / 8,
        uploadThroughput: (750 * 1024) / 8,
      });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.goto(`${origin}${path}`, { waitUntil: 'load' });
      await page.waitForTimeout(3000);
      results.set(
        path,
        await page.evaluate(() => {
          const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
          const early = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
            (entry) => new URL(entry.name).pathname.endsWith('.js') && entry.startTime < navigation.loadEventStart,
          );
          return {
            loadMs: Math.round(navigation.loadEventStart),
            requests: early.length,
            bytes: early.reduce((sum, entry) => sum + entry.transferSize, 0),
            files: early.map((entry) => `${new URL(entry.name).pathname} @${Math.round(entry.startTime)} ms`),
          };
        }),
      );
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return results;
}

function score(lhr: LighthouseResult, id: string): number {
  return Math.round((lhr.categories[id]?.score ?? 0) * 100);
}

function numeric(lhr: LighthouseResult, id: string): number {
  return lhr.audits[id]?.numericValue ?? Number.NaN;
}

/** Pulls the figures of one Lighthouse run out of its result. */
function figuresOf(lhr: LighthouseResult): RunFigures {
  const items = ((lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? []).filter(
    (item) => !item.url.startsWith('data:'),
  );
  const metrics = (lhr.audits.metrics?.details as { items?: Array<Record<string, number>> } | undefined)?.items?.[0] ?? {};
  const loadMs = metrics.observedLoad ?? Number.POSITIVE_INFINITY;
  const bytes = (type?: string) =>
    items.filter((item) => !type || item.resourceType === type).reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
  const early = items.filter((item) => item.resourceType === 'Script' && (item.rendererStartTime ?? Infinity) < loadMs);
  return {
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    bestPractices: score(lhr, 'best-practices'),
    seo: score(lhr, 'seo'),
    fcpMs: numeric(lhr, 'first-contentful-paint'),
    lcpMs: numeric(lhr, 'largest-contentful-paint'),
    tbtMs: numeric(lhr, 'total-blocking-time'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    jsBytes: bytes('Script'),
    cssBytes: bytes('Stylesheet'),
    htmlBytes: bytes('Document'),
    totalBytes: bytes(),
    requests: items.length,
    earlyJsBytes: early.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    earlyJsRequests: early.length,
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${Math.round(value)} ms`;

function table(header: string[], rows: string[][]): string {
  const widths = header.map((cell, index) => Math.max(cell.length, ...rows.map((row) => row[index].length)));
  const line = (cells: string[]) => `| ${cells.map((cell, index) => cell.padEnd(widths[index])).join(' | ')} |`;
  return [line(header), `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const chromePath = findChrome(process.env, 'full');
  if (!chromePath) throw new Error('No Chromium found: install Debian chromium or set CHROME_PATH.');

  if (options.build) {
    console.log('::: astro build');
    const build = spawnSync(join(ROOT, 'node_modules', '.bin', 'astro'), ['build'], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) throw new Error(`astro build failed (${build.status})`);
  }

  // Over HTTP/2 and TLS, as Netlify's CDN serves the site: every request shares one connection. Over HTTP/1.1 the
  // simulated phone would open a new connection (one more round trip) for each request made alongside another.
  const site = await serveDist(join(ROOT, 'dist'), 0, { tls: true });
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: [...CHROME_FLAGS, ...TLS_FLAGS], logLevel: 'silent' });
  const started = Date.now();
  const perRoute = new Map<string, RunFigures[]>();
  const lcpElements = new Map<string, string[]>();
  try {
    for (const route of options.routes) {
      const runs: RunFigures[] = [];
      for (let run = 1; run <= options.runs; run += 1) {
        const result = await lighthouse(
          `${site.url}${route.path}`,
          {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
            disableFullPageScreenshot: true,
            // The 404 page is served with status 404 on purpose.
            ignoreStatusCode: route.name === '404',
          },
        );
        if (!result) throw new Error(`Lighthouse returned nothing for ${route.path}`);
        if (result.lhr.runtimeError) throw new Error(`${route.path}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
        runs.push(figuresOf(result.lhr));
        lcpElements.set(route.name, [...(lcpElements.get(route.name) ?? []), lcpElementOf(result.lhr)]);
        process.stdout.write(`  ${route.name} run ${run}: perf ${runs.at(-1)!.performance}, LCP ${ms(runs.at(-1)!.lcpMs)}\n`);
      }
      perRoute.set(route.name, runs);
    }
  } finally {
    chrome.kill();
  }
  let earlyJs: Map<string, EarlyJs>;
  try {
    earlyJs = await measureEarlyJs(chromePath, site.url, options.routes.map((route) => route.path));
  } finally {
    await site.close();
  }

  const medians = new Map<string, RunFigures>();
  for (const [name, runs] of perRoute) {
    const entry = {} as RunFigures;
    for (const key of Object.keys(runs[0]) as Key[]) entry[key] = median(runs.map((run) => run[key]));
    // JavaScript before load is a yes/no rule: the worst run counts, not the median.
    entry.earlyJsRequests = Math.max(...runs.map((run) => run.earlyJsRequests));
    entry.earlyJsBytes = Math.max(...runs.map((run) => run.earlyJsBytes));
    medians.set(name, entry);
  }

  console.log(`\nLighthouse ${options.runs}x per route, mobile preset (simulated throttling), median of each figure; transfer sizes are compressed bytes.\n`);
  console.log(
    table(
      ['Route', 'Perf', 'A11y', 'BP', 'SEO', 'FCP', 'LCP', 'TBT', 'CLS', 'JS', 'CSS', 'HTML', 'Total', 'Reqs'],
      [...medians].map(([name, m]) => [
        name,
        String(m.performance),
        String(m.accessibility),
        String(m.bestPractices),
        String(m.seo),
        ms(m.fcpMs),
        ms(m.lcpMs),
        ms(m.tbtMs),
        m.cls.toFixed(3),
        kb(m.jsBytes),
        kb(m.cssBytes),
        kb(m.htmlBytes),
        kb(m.totalBytes),
        String(Math.round(m.requests)),
      ]),
    ),
  );
  console.log('\nLargest contentful paint element (each run):');
  for (const [name, elements] of lcpElements) console.log(`  ${name.padEnd(12)} ${[...new Set(elements)].join(' | ')}`);

  const verdict = (met: boolean) => (met ? 'met   ' : 'MISSED');
  const lines: string[] = [];
  const all = [...medians];
  const check = (label: string, entries: Array<[string, RunFigures]>, ok: (m: RunFigures) => boolean, show: (m: RunFigures) => string) => {
    const misses = entries.filter(([, m]) => !ok(m));
    const figures = entries.map(([name, m]) => `${name} ${show(m)}`).join(', ');
    lines.push(`${verdict(misses.length === 0)} ${label}: ${figures}`);
  };
  check('performance 100 on every route', all, (m) => m.performance >= BUDGET.performance, (m) => String(m.performance));
  check('LCP <= 1.2 s on every route', all, (m) => m.lcpMs <= BUDGET.lcpMs, (m) => ms(m.lcpMs));
  check('CLS 0', all, (m) => m.cls <= BUDGET.cls, (m) => m.cls.toFixed(3));
  check('TBT 0 ms', all, (m) => m.tbtMs <= BUDGET.tbtMs, (m) => ms(m.tbtMs));
  check(
    'first view HTML + CSS <= 14 KB compressed',
    all,
    (m) => m.htmlBytes + m.cssBytes <= BUDGET.firstViewHtmlCssBytes,
    (m) => kb(m.htmlBytes + m.cssBytes),
  );
  const throttled = (name: string) => earlyJs.get(options.routes.find((route) => route.name === name)!.path)!;
  check(
    'no JavaScript requested before the load event (Home, About, Services, Menu, 404; Lighthouse worst run / throttled run)',
    all.filter(([name]) => NO_EARLY_JS.has(name)),
    (m) => m.earlyJsRequests === 0,
    (m) => `${m.earlyJsRequests} req / ${kb(m.earlyJsBytes)}`,
  );
  const lastIndex = lines.length - 1;
  const early = all.filter(([name]) => NO_EARLY_JS.has(name));
  const throttledMisses = early.filter(([name]) => throttled(name).requests > 0);
  const lighthouseMet = lines[lastIndex].startsWith('met');
  lines[lastIndex] =
    `${verdict(lighthouseMet && throttledMisses.length === 0)} no JavaScript requested before the load event (Home, About, Services, Menu, 404): ` +
    early
      .map(([name, m]) => `${name} ${m.earlyJsRequests} req / ${kb(m.earlyJsBytes)} (Lighthouse), ${throttled(name).requests} req / ${kb(throttled(name).bytes)} before load at ${throttled(name).loadMs} ms (throttled)`)
      .join(', ');
  check('JavaScript <= 75 KB compressed on any page', all, (m) => m.jsBytes <= BUDGET.jsBytes, (m) => kb(m.jsBytes));
  console.log(`\nBudgets (figures, not test failures):\n${lines.join('\n')}`);
  for (const [name] of early) {
    const files = throttled(name).files;
    if (files.length > 0) console.log(`  ${name}: scripts before load (throttled): ${files.join(', ')}`);
  }
  console.log(`\n${perRoute.size * options.runs} Lighthouse runs in ${((Date.now() - started) / 1000).toFixed(0)} s.`);

  mkdirSync(join(ROOT, 'bench-results'), { recursive: true });
  writeFileSync(
    join(ROOT, 'bench-results', 'web.json'),
    JSON.stringify(
      {
        date: new Date().toISOString(),
        runs: options.runs,
        medians: Object.fromEntries(medians),
        perRoute: Object.fromEntries(perRoute),
        lcpElements: Object.fromEntries(lcpElements),
        earlyJsThrottled: Object.fromEntries(earlyJs),
      },
      null,
      2,
    ),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
