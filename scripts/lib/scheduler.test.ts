import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { nextRun, scheduledFunctions } from './scheduler';
import { ROOT_DIR } from './data-paths';

describe('nextRun', () => {
  test.each([
    ['@hourly', '2030-01-01T10:59:59.800Z', '2030-01-01T11:00:00.000Z'],
    ['@hourly', '2030-01-01T11:00:00.000Z', '2030-01-01T12:00:00.000Z'],
    ['@daily', '2030-01-01T10:59:59.800Z', '2030-01-02T00:00:00.000Z'],
    ['*/5 * * * *', '2030-01-01T10:56:00.000Z', '2030-01-01T11:00:00.000Z'],
    ['*/5 * * * *', '2030-01-01T11:00:00.000Z', '2030-01-01T11:05:00.000Z'],
  ])('%s after %s is %s (UTC)', (schedule, after, next) => {
    expect(nextRun(schedule, new Date(after)).toISOString()).toBe(next);
  });
});

describe('scheduledFunctions', () => {
  test('finds the project’s scheduled functions and their schedules', async () => {
    expect(await scheduledFunctions(join(ROOT_DIR, 'netlify', 'functions'))).toEqual([
      { name: 'outbox-send', schedule: '*/5 * * * *' },
      { name: 'retention', schedule: '@hourly' },
    ]);
  });

  test('refuses a schedule it cannot read, naming the function', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'lone-star-schedule-'));
    try {
      await writeFile(join(dir, 'typo.mjs'), "export const config = { schedule: 'every hour' };\n");
      await writeFile(join(dir, 'plain.mjs'), "export const config = { path: '/api/x' };\n");
      await expect(scheduledFunctions(dir)).rejects.toThrow(/typo function \("every hour"\)/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
