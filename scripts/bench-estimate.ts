/**
 * `npm run bench:estimate`: what an estimate costs. First the pricing function alone (shared/pricing.ts, in this
 * process), then `POST /api/estimate` called in-process the way Netlify calls it, then the same route under
 * `netlify dev --offline` (npm start's runtime: a fresh worker per invocation), one request at a time after a warm-up,
 * then four at a time. Prints p50/p99/max; figures only, nothing is asserted (the goal, p99 ≤ 20 ms for the route on a
 * quiet machine, is read off the output). netlify dev needs a database to report ready: an embedded one is started;
 * an availability read through the same netlify dev shows what the runtime itself costs per invocation.
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import estimateHandler from '../netlify/functions/estimate';
import { migrate } from '../netlify/lib/migrations';
import { locateTexasZip } from '@shared/texas-zips';
import { estimatePrice } from '@shared/pricing';
import { BUSINESS_PHONE, PRICES } from '@shared/prices';
import { addDaysUtc, todayUtc } from '@shared/schemas/dates';
import { runLoad, summarize, type RunSummary } from './lib/bench-stats';
import { startNetlifyDevTarget } from './lib/bench-target';
import { embeddedDatabase } from './lib/shared-harness/database';
import { invoke } from './lib/shared-harness/functions';

const CALLS = 20_000;
const REQUESTS = 400;
const WARM_UP = 20;

function print(line = ''): void {
  process.stdout.write(`${line}\n`);
}

/** The planner's typical asks: four packages and levels, venues in and out of the free radius, add-ons, dates. */
const INPUTS = [
  { packageId: 'wedding', serviceLevel: 'premium', guests: 120, hours: 5, zip: '78701', addOns: ['champagne-toast'], date: addDaysUtc(todayUtc(), 170) },
  { packageId: 'private', serviceLevel: 'byob', guests: 30, hours: 4, zip: '78624', addOns: [] },
  { packageId: 'corporate', serviceLevel: 'byob', guests: 300, hours: 8, zip: '79901', addOns: ['branded-menus', 'extra-bartender'] },
  { packageId: 'private', serviceLevel: 'premium', guests: 60, hours: 6, zip: '77002', addOns: ['mocktail-bar'], date: addDaysUtc(todayUtc(), 12) },
];

function row(label: string, summary: Pick<RunSummary, 'p50Ms' | 'p99Ms' | 'maxMs'>, unit = 'ms', digits = 1): string {
  const figure = (value: number) => `${value.toFixed(digits)} ${unit}`;
  return `${label.padEnd(44)} p50 ${figure(summary.p50Ms).padStart(10)}  p99 ${figure(summary.p99Ms).padStart(10)}  max ${figure(summary.maxMs).padStart(10)}`;
}

function pricingFunction(): void {
  const context = { prices: PRICES, phone: BUSINESS_PHONE, now: new Date(), locate: locateTexasZip };
  for (let index = 0; index < 2_000; index += 1) estimatePrice(INPUTS[index % INPUTS.length], context);
  const times: number[] = [];
  for (let index = 0; index < CALLS; index += 1) {
    const started = performance.now();
    const result = estimatePrice(INPUTS[index % INPUTS.length], { ...context, now: new Date() });
    times.push((performance.now() - started) * 1000);
    if (!result.ok) throw new Error(`an input of the benchmark was refused: ${result.code}`);
  }
  print(row(`pricing function, ${CALLS} calls`, summarize(times, [], 0, 1), 'µs', 0));
}

async function timed(total: number, concurrency: number, send: (index: number) => Promise<number>): Promise<RunSummary> {
  const summary = await runLoad(total, concurrency, send);
  const refused = Object.entries(summary.statuses).filter(([status]) => status !== '200');
  if (refused.length > 0) throw new Error(`answers other than 200: ${JSON.stringify(summary.statuses)}`);
  return summary;
}

async function inProcess(): Promise<void> {
  // The function logs one line per request: not this benchmark's output.
  const log = console.log;
  console.log = () => {};
  const send = async (index: number) => {
    const request = new Request('http://localhost:8888/api/estimate', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(INPUTS[index % INPUTS.length]),
    });
    const response = await invoke(estimateHandler, request, `bench-${index}`);
    await response.arrayBuffer();
    return response.status;
  };
  await timed(WARM_UP, 1, send);
  const summary = await timed(REQUESTS, 1, send);
  console.log = log;
  print(row(`POST /api/estimate in-process, ${REQUESTS} × 1`, summary));
}

async function underNetlifyDev(): Promise<void> {
  const database = await embeddedDatabase();
  process.env.DATABASE_URL = database.url;
  process.env.NEON_WS_PROXY = database.wsProxy ?? '';
  await migrate();
  const target = await startNetlifyDevTarget({ DATABASE_URL: database.url, NEON_WS_PROXY: database.wsProxy ?? '' });
  try {
    const send = async (index: number) => {
      const response = await fetch(`${target.baseUrl}/api/estimate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(INPUTS[index % INPUTS.length]),
      });
      await response.arrayBuffer();
      return response.status;
    };
    await timed(WARM_UP, 1, send);
    const seen = target.log!().split('\n').length;
    print(row(`POST /api/estimate under netlify dev, ${REQUESTS} × 1`, await timed(REQUESTS, 1, send)));
    // The function's own time, from its log lines ("ms"): what is left once netlify dev's worker is up.
    const own = target
      .log!()
      .split('\n')
      .slice(seen)
      .flatMap((line) => /"endpoint":"estimate".*"ms":(\d+)/.exec(line)?.[1] ?? [])
      .map(Number);
    print(row('  of which the function itself (its log)', summarize(own, [], 0, 1), 'ms', 0));
    print(row(`POST /api/estimate under netlify dev, ${REQUESTS} × 4`, await timed(REQUESTS, 4, send)));
    // The runtime's own cost per invocation, for comparison: a read of the database through the same netlify dev.
    const read = async () => {
      const response = await fetch(`${target.baseUrl}/api/availability/${addDaysUtc(todayUtc(), 30)}`);
      await response.arrayBuffer();
      return response.status;
    };
    print(row(`GET /api/availability under netlify dev, ${REQUESTS} × 1`, await timed(REQUESTS, 1, read)));
  } finally {
    await target.stop();
    await database.stop();
  }
}

print(`bench:estimate (load average ${loadavg().map((load) => load.toFixed(2)).join(' ')}: figures mean little on a busy machine)`);
pricingFunction();
await inProcess();
await underNetlifyDev();
