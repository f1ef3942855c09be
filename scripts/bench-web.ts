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
import type { Result as LighthouseResult } from 'lighthouse';
import { CHROME_FLAGS, findChrome } from '../tests/e2e/support/chrome.ts';
import { serveDist } from './bench-web-server.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The eight screens of the spec; the last one is any unknown path. */
const ROUTES = [
  { name: 'Home', path: '/' },
  { name: 'About', path: '/about' },
  { name: 'Services', path: '/services' },
  { name: 'Menu', path: '/menu' },
  { name: 'FAQ', path: '/faq' },
  { name: 'Contact', path: '/contact' },
  { name: 'Availability', path: '/availability' },
  { name: '404', path: '/no-such-page' },
] as const;

/** Routes that must request no JavaScript before the page has loaded (their islands hydrate when idle). */
const NO_EARLY_JS = new Set(['Home', 'About', 'Services', 'Menu', '404']);

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

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
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
  const chromePath = findChrome();
  if (!chromePath) throw new Error('No Chromium found: install Debian chromium or set CHROME_PATH.');

  if (options.build) {
    console.log('::: astro build');
    const build = spawnSync(join(ROOT, 'node_modules', '.bin', 'astro'), ['build'], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) throw new Error(`astro build failed (${build.status})`);
  }

  const site = await serveDist(join(ROOT, 'dist'));
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: [...CHROME_FLAGS], logLevel: 'silent' });
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
  check(
    'no JavaScript requested before the load event (Home, About, Services, Menu, 404; worst run)',
    all.filter(([name]) => NO_EARLY_JS.has(name)),
    (m) => m.earlyJsRequests === 0,
    (m) => `${m.earlyJsRequests} req / ${kb(m.earlyJsBytes)}`,
  );
  check('JavaScript <= 75 KB compressed on any page', all, (m) => m.jsBytes <= BUDGET.jsBytes, (m) => kb(m.jsBytes));
  console.log(`\nBudgets (figures, not test failures):\n${lines.join('\n')}`);
  console.log(`\n${perRoute.size * options.runs} Lighthouse runs in ${((Date.now() - started) / 1000).toFixed(0)} s.`);

  mkdirSync(join(ROOT, 'bench-results'), { recursive: true });
  writeFileSync(
    join(ROOT, 'bench-results', 'web.json'),
    JSON.stringify({ date: new Date().toISOString(), runs: options.runs, medians: Object.fromEntries(medians), perRoute: Object.fromEntries(perRoute) }, null, 2),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
