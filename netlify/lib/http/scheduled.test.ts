import { afterEach, describe, expect, test, vi } from 'vitest';
import { databaseConfig } from '../env';
import { scheduled } from './scheduled';

function logged(): string[] {
  const lines: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
  return lines;
}

const request = () => new Request('http://localhost/.netlify/functions/job', { method: 'POST' });

describe('scheduled', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  test('answers 204 and writes one line with the name, the counts and the time taken', async () => {
    const lines = logged();
    const response = await scheduled('job', async () => ({ sent: 3, failed: 0, unreachable: false }))(request(), { requestId: 'r1' });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(entry).toMatchObject({ requestId: 'r1', scheduled: 'job', sent: 3, failed: 0, unreachable: false });
    expect(entry.ms).toEqual(expect.any(Number));
    expect(Object.keys(entry).sort()).toEqual(['at', 'failed', 'ms', 'requestId', 'scheduled', 'sent', 'unreachable']);
  });

  test('a count cannot take the place of the name or the time', async () => {
    const lines = logged();
    await scheduled('job', async () => ({ scheduled: 1, ms: -1 }))(request(), {});
    expect(JSON.parse(lines[0]!)).toMatchObject({ scheduled: 'job', ms: expect.any(Number) });
    expect(JSON.parse(lines[0]!).ms).toBeGreaterThanOrEqual(0);
  });

  test.each([
    ['a programming error', new TypeError("Cannot read properties of undefined (reading 'dolly@example.com')"), 'TypeError'],
    ['a SQL error', Object.assign(new Error('relation "outbox" does not exist'), { code: '42P01' }), 'Error 42P01'],
  ])('turns %s into a bare 500 and logs its class only', async (_label, error, failure) => {
    const lines = logged();
    const response = await scheduled('job', async () => {
      throw error;
    })(request(), { requestId: 'r2' });
    expect(response.status).toBe(500);
    expect(await response.text()).toBe('');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ requestId: 'r2', scheduled: 'job', failure, ms: expect.any(Number) });
    expect(lines[0]).not.toContain(error.message);
  });

  test('turns unusable settings into a bare 503 whose log line names the variable, never its value', async () => {
    const lines = logged();
    const response = await scheduled('job', async () => {
      databaseConfig({ DATABASE_URL: 'mysql://root:hunter2@db.example/app' });
      return {};
    })(request(), { requestId: 'r3' });
    expect(response.status).toBe(503);
    expect(JSON.parse(lines[0]!)).toMatchObject({ failure: 'ConfigError DATABASE_URL: must start with postgres:// or postgresql://' });
    expect(lines[0]).not.toContain('hunter2');
  });
});
