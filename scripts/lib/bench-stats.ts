/** Latency figures of one benchmark run. */
export type RunSummary = {
  requests: number;
  concurrency: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** How many answers had each status, e.g. { 200: 400 }. */
  statuses: Record<number, number>;
};

/** The nearest-rank percentile (0 < p <= 100) of `sorted` ascending values; 0 for no values. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

/** The median of `values` (any order): the middle one, or the mean of the two middle ones; 0 for no values. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Summarises per-request latencies (ms) and statuses measured over `elapsedMs` of wall time. */
export function summarize(
  latencies: readonly number[],
  statuses: readonly number[],
  elapsedMs: number,
  concurrency: number,
): RunSummary {
  const sorted = [...latencies].sort((a, b) => a - b);
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return {
    requests: latencies.length,
    concurrency,
    requestsPerSecond: elapsedMs > 0 ? (latencies.length * 1000) / elapsedMs : 0,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    maxMs: sorted.at(-1) ?? 0,
    statuses: counts,
  };
}

/**
 * Sends `total` requests with `concurrency` in flight at a time (each worker takes the next index) and summarises
 * them. `send(index)` returns the HTTP status.
 */
export async function runLoad(
  total: number,
  concurrency: number,
  send: (index: number) => Promise<number>,
): Promise<RunSummary> {
  const latencies: number[] = [];
  const statuses: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(concurrency, total) }, async () => {
      for (let index = next++; index < total; index = next++) {
        const begin = performance.now();
        const status = await send(index).catch(() => 0);
        latencies.push(performance.now() - begin);
        statuses.push(status);
      }
    }),
  );
  return summarize(latencies, statuses, performance.now() - started, concurrency);
}
