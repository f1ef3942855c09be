import { describe, expect, test } from 'vitest';
import { median, percentile, runLoad, summarize } from './bench-stats';

describe('median', () => {
  test.each([
    [[], 0],
    [[7], 7],
    [[3, 1, 2], 2],
    [[4, 1, 3, 2], 2.5],
    [[1200, 900, 900], 900],
  ])('of %j is %d', (values, expected) => {
    expect(median(values)).toBe(expected);
  });
});

describe('percentile', () => {
  const values = Array.from({ length: 100 }, (_, index) => index + 1);
  test.each([
    [50, 50],
    [99, 99],
    [100, 100],
    [1, 1],
  ])('p%i of 1..100 is %i', (p, expected) => {
    expect(percentile(values, p)).toBe(expected);
  });

  test.each([
    [[], 50, 0],
    [[7], 99, 7],
    [[1, 2, 3], 50, 2],
    [[1, 2, 3, 4], 50, 2],
  ])('p of %j at %i is %i', (sorted, p, expected) => {
    expect(percentile(sorted, p)).toBe(expected);
  });
});

describe('summarize', () => {
  test('counts statuses and derives requests per second', () => {
    const summary = summarize([30, 10, 20, 40], [200, 200, 409, 0], 2000, 2);
    expect(summary).toEqual({
      requests: 4,
      concurrency: 2,
      requestsPerSecond: 2,
      p50Ms: 20,
      p99Ms: 40,
      maxMs: 40,
      statuses: { 0: 1, 200: 2, 409: 1 },
    });
  });
});

describe('runLoad', () => {
  test('sends each index once and never more than `concurrency` at a time', async () => {
    const seen: number[] = [];
    let inFlight = 0;
    let peak = 0;
    const summary = await runLoad(25, 4, async (index) => {
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      seen.push(index);
      await new Promise((resolve) => setTimeout(resolve, 2));
      inFlight -= 1;
      return index === 3 ? 409 : 201;
    });
    expect(seen.sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, index) => index));
    expect(peak).toBe(4);
    expect(summary.statuses).toEqual({ 201: 24, 409: 1 });
  });

  test('records a failed request as status 0', async () => {
    const summary = await runLoad(2, 1, async () => {
      throw new Error('socket hang up');
    });
    expect(summary.statuses).toEqual({ 0: 2 });
  });
});
