import { describe, expect, test } from 'vitest';
import { done, refused, type Result } from './result';

describe('Result', () => {
  test('done carries its value and says ok', () => {
    expect(done(42)).toEqual({ ok: true, value: 42 });
    expect(done()).toEqual({ ok: true, value: undefined });
  });

  test('refused carries its code and details and says not ok', () => {
    expect(refused('slot_taken')).toEqual({ ok: false, code: 'slot_taken', details: undefined });
    expect(refused('slot_taken', { held: 2 })).toEqual({ ok: false, code: 'slot_taken', details: { held: 2 } });
  });

  test('narrows on ok', () => {
    const result: Result<number, 'not_found'> = Math.random() > 2 ? done(1) : refused('not_found');
    expect(result.ok ? result.value : result.code).toBe('not_found');
  });
});
