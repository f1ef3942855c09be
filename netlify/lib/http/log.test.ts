import { afterEach, describe, expect, test, vi } from 'vitest';
import { logLine, logNotes, noteInLog } from './log';

describe('logLine', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  test('writes one JSON line: the time first, then exactly the fields given', () => {
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
    logLine({ requestId: 'r1', status: 201 });
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain('\n');
    const entry = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(Object.keys(entry)).toEqual(['at', 'requestId', 'status']);
    expect(entry).toMatchObject({ requestId: 'r1', status: 201 });
    expect(new Date(entry.at as string).toISOString()).toBe(entry.at);
  });

  test('noteInLog keeps fields for one answer only, merged over earlier notes', () => {
    const noted = noteInLog(new Response(null), { honeypot: true });
    noteInLog(noted, { attempts: 2 });
    expect(logNotes(noted)).toEqual({ honeypot: true, attempts: 2 });
    expect(logNotes(new Response(null))).toEqual({});
  });
});
