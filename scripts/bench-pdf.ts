/**
 * `npm run bench:pdf`: what a signed contract's PDF costs to render (netlify/lib/proposals/pdf.ts, in this process):
 * the sample proposal frozen once, then rendered 200 times one after another after a warm-up, with the client's
 * signature and the countersignature. Prints p50/p99/max of the wall time and of the CPU time, and the file's size; figures only, nothing is asserted (the
 * goal, p99 ≤ 300 ms on a quiet machine, is read off the output). The first render, fonts read and parsed, is shown apart.
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { documentSha256, freezeContract } from '../netlify/lib/proposals/document';
import { renderContractPdf, type ContractPdfInput } from '../netlify/lib/proposals/pdf';
import { addDaysUtc, todayUtc } from '@shared/schemas/dates';
import { summarize } from './lib/bench-stats';
import { sampleContractFacts } from './lib/shared-harness/sample-contract';

const RENDERS = 200;
const WARM_UP = 10;

function print(line = ''): void {
  process.stdout.write(`${line}\n`);
}

const contract = freezeContract(sampleContractFacts(addDaysUtc(todayUtc(), 150)));
const input: ContractPdfInput = {
  contract,
  sha256: documentSha256(contract.text),
  signature: {
    name: 'Zoë Nguyễn',
    signedAt: new Date(),
    ip: '203.0.113.9',
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 19_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/19.1 Mobile/15E148 Safari/604.1',
  },
  countersignature: { name: 'Dolly Rivera', signedAt: new Date() },
  proposalId: 'bench-proposal',
};

/** One render: its wall time, the process's CPU time over it (what a busy machine does not bend), and the file's size. */
async function timedRender(): Promise<{ ms: number; cpuMs: number; bytes: number }> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const pdf = await renderContractPdf(input);
  const used = process.cpuUsage(cpu);
  return { ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000, bytes: pdf.byteLength };
}

print(`bench:pdf (load average ${loadavg().map((load) => load.toFixed(2)).join(' ')}: figures mean little on a busy machine)`);
const first = await timedRender();
print(`first render (fonts read and parsed)          ${first.ms.toFixed(1)} ms`);
for (let index = 1; index < WARM_UP; index += 1) await timedRender();
const times: number[] = [];
const cpuTimes: number[] = [];
let bytes = 0;
for (let index = 0; index < RENDERS; index += 1) {
  const render = await timedRender();
  times.push(render.ms);
  cpuTimes.push(render.cpuMs);
  bytes = render.bytes;
}
const row = (label: string, summary: ReturnType<typeof summarize>) =>
  `${label.padEnd(44)} p50 ${summary.p50Ms.toFixed(1).padStart(7)} ms  p99 ${summary.p99Ms.toFixed(1).padStart(7)} ms  ` +
  `max ${summary.maxMs.toFixed(1).padStart(7)} ms`;
print(row(`signed + countersigned PDF, ${RENDERS} renders`, summarize(times, [], 0, 1)));
print(row('  CPU time of the process per render', summarize(cpuTimes, [], 0, 1)));
print(`${'size'.padEnd(44)} ${(bytes / 1024).toFixed(1)} KB`);
