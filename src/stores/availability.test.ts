import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { $availability, loadAvailability, refetchAvailability } from './availability';

function deferred() {
  let resolve!: (response: Response) => void;
  const promise = new Promise<Response>((done) => (resolve = done));
  return { promise, resolve };
}

const slots = (date: string, availableSlots: string[]) => Response.json({ date, availableSlots });

beforeEach(() => {
  $availability.set({});
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('availability store', () => {
  test('loads a date: loading, then its slots', async () => {
    const answer = deferred();
    const fetchMock = vi.fn(() => answer.promise);
    vi.stubGlobal('fetch', fetchMock);
    const done = loadAvailability('2030-06-01');
    expect($availability.get()['2030-06-01']).toEqual({ status: 'loading' });
    answer.resolve(slots('2030-06-01', ['morning', 'evening']));
    await done;
    expect($availability.get()['2030-06-01']).toEqual({ status: 'ready', slots: ['morning', 'evening'], refreshing: false });
    expect(fetchMock).toHaveBeenCalledWith('/api/availability/2030-06-01', { method: 'GET', credentials: 'include' });
  });

  test('never fetches a loaded or loading date again on load (reads are never stale)', async () => {
    const fetchMock = vi.fn(async () => slots('2030-06-01', ['morning']));
    vi.stubGlobal('fetch', fetchMock);
    await Promise.all([loadAvailability('2030-06-01'), loadAvailability('2030-06-01')]);
    await loadAvailability('2030-06-01');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  test('records a failure without retrying, and tries again when the date is loaded again', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(new Response('', { status: 503, statusText: 'Service Unavailable' }))
      .mockResolvedValueOnce(slots('2030-06-01', ['afternoon']));
    vi.stubGlobal('fetch', fetchMock);
    await loadAvailability('2030-06-01');
    const entry = $availability.get()['2030-06-01'];
    expect(entry?.status).toBe('error');
    expect(entry?.status === 'error' && String(entry.error)).toBe('ApiError: 503: Service Unavailable');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await loadAvailability('2030-06-01');
    expect($availability.get()['2030-06-01']).toMatchObject({ status: 'ready', slots: ['afternoon'] });
  });

  test('refetch keeps the shown slots while refreshing, then replaces them', async () => {
    const second = deferred();
    const fetchMock = vi.fn().mockResolvedValueOnce(slots('2030-06-01', ['morning', 'evening'])).mockReturnValueOnce(second.promise);
    vi.stubGlobal('fetch', fetchMock);
    await loadAvailability('2030-06-01');
    const done = refetchAvailability('2030-06-01');
    expect($availability.get()['2030-06-01']).toEqual({ status: 'ready', slots: ['morning', 'evening'], refreshing: true });
    second.resolve(slots('2030-06-01', ['morning']));
    await done;
    expect($availability.get()['2030-06-01']).toEqual({ status: 'ready', slots: ['morning'], refreshing: false });
  });

  test('ignores an answer overtaken by a newer request for the same date', async () => {
    const first = deferred();
    const second = deferred();
    vi.stubGlobal('fetch', vi.fn().mockReturnValueOnce(first.promise).mockReturnValueOnce(second.promise));
    const load = loadAvailability('2030-06-01');
    const refetch = refetchAvailability('2030-06-01');
    second.resolve(slots('2030-06-01', ['evening']));
    await refetch;
    first.resolve(slots('2030-06-01', ['morning', 'afternoon', 'evening']));
    await load;
    expect($availability.get()['2030-06-01']).toMatchObject({ slots: ['evening'] });
  });

  test('keeps dates apart', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => slots(url.slice(-10), url.endsWith('01') ? ['morning'] : [])),
    );
    await Promise.all([loadAvailability('2030-06-01'), loadAvailability('2030-06-02')]);
    expect($availability.get()).toMatchObject({
      '2030-06-01': { slots: ['morning'] },
      '2030-06-02': { slots: [] },
    });
  });
});
