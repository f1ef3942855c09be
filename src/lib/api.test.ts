import { afterEach, describe, expect, test, vi } from 'vitest';
import {
  ApiError,
  apiRequest,
  createBooking,
  errorMessage,
  fetchAvailability,
  getJson,
  newIdempotencyKey,
  postJson,
  submitInquiry,
} from './api';

function stubFetch(response: Response) {
  const fetchMock = vi.fn<typeof fetch>(async () => response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiRequest', () => {
  test('sends credentials and no body or content-type when there is no body', async () => {
    const fetchMock = stubFetch(new Response('{}', { status: 200 }));
    await apiRequest('GET', '/api/thing');
    expect(fetchMock).toHaveBeenCalledWith('/api/thing', { method: 'GET', credentials: 'include' });
  });

  test('sends a JSON body with a JSON content-type when there is a body', async () => {
    const fetchMock = stubFetch(new Response('{}', { status: 201 }));
    await apiRequest('POST', '/api/thing', { a: 1, b: 'two' });
    expect(fetchMock).toHaveBeenCalledWith('/api/thing', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: '{"a":1,"b":"two"}',
    });
  });

  test('sends the Idempotency-Key header with a body when a key is given', async () => {
    const fetchMock = stubFetch(new Response('{}', { status: 201 }));
    await apiRequest('POST', '/api/thing', { a: 1 }, { idempotencyKey: 'k-1' });
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('Idempotency-Key')).toBe('k-1');
  });

  test('returns the raw OK response', async () => {
    const response = new Response('raw', { status: 201 });
    stubFetch(response);
    await expect(apiRequest('POST', '/api/thing', {})).resolves.toBe(response);
  });

  test.each([
    { status: 500, statusText: 'Internal Server Error', body: '', message: '500: Internal Server Error' },
    { status: 502, statusText: 'Bad Gateway', body: 'upstream down', message: '502: upstream down' },
    { status: 401, statusText: 'Unauthorized', body: '', message: '401: Unauthorized' },
    {
      status: 409,
      statusText: 'Conflict',
      body: '{"error":{"code":"slot_taken","message":"Taken"}}',
      message: '409: {"error":{"code":"slot_taken","message":"Taken"}}',
    },
  ])('turns a $status answer with body "$body" into an ApiError "$message"', async ({ status, statusText, body, message }) => {
    stubFetch(new Response(body, { status, statusText }));
    const error = await apiRequest('GET', '/api/thing').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ name: 'ApiError', status, message });
  });

  test('rejects with the network error itself when fetch fails', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(apiRequest('GET', '/api/thing')).rejects.toThrow(new TypeError('Failed to fetch'));
  });
});

describe('ApiError', () => {
  test('carries the parsed JSON body, its field messages and its server message', () => {
    const body = { error: { code: 'invalid_fields', message: 'Check the fields.', fields: { email: 'Enter an e-mail.' } } };
    const error = new ApiError(400, 'Bad Request', JSON.stringify(body));
    expect(error.body).toEqual(body);
    expect(error.fields).toEqual({ email: 'Enter an e-mail.' });
    expect(error.serverMessage).toBe('Check the fields.');
  });

  test.each([
    { case: 'empty', text: '' },
    { case: 'plain text', text: 'nope' },
    { case: 'JSON without error', text: '{"ok":false}' },
    { case: 'fields not an object', text: '{"error":{"fields":"x"}}' },
  ])('has no body fields or server message for a $case body', ({ text }) => {
    const error = new ApiError(400, 'Bad Request', text);
    expect(error.fields).toEqual({});
    expect(error.serverMessage).toBeUndefined();
  });

  test('drops a fields map holding a non-string message, keeping the server message', () => {
    const error = new ApiError(400, 'Bad Request', '{"error":{"code":"invalid_fields","message":"Check.","fields":{"a":"A","b":3}}}');
    expect(error.fields).toEqual({});
    expect(error.serverMessage).toBe('Check.');
  });
});

describe('errorMessage', () => {
  test.each([
    { case: "a proxy's 500 with body boom", error: new ApiError(500, 'Internal Server Error', 'boom'), shown: '500: boom' },
    { case: 'an empty 502', error: new ApiError(502, 'Bad Gateway', ''), shown: '502: Bad Gateway' },
    { case: 'JSON that is not our error shape', error: new ApiError(500, 'Internal Server Error', '{"ok":false}'), shown: '500: {"ok":false}' },
    {
      case: 'our own error body',
      error: new ApiError(503, 'Service Unavailable', '{"error":{"code":"service_unavailable","message":"Try again soon."}}'),
      shown: 'Try again soon.',
    },
    { case: 'a network failure', error: new TypeError('Failed to fetch'), shown: undefined },
  ])('says $shown for $case (SPEC §8)', ({ error, shown }) => {
    expect(errorMessage(error)).toBe(shown);
  });

  test('is what apiRequest rejects with for a non-JSON answer', async () => {
    stubFetch(new Response('boom', { status: 500, statusText: 'Internal Server Error' }));
    const error = await apiRequest('POST', '/api/contact', {}).catch((caught: unknown) => caught);
    expect(errorMessage(error)).toBe('500: boom');
  });
});

describe('getJson', () => {
  test('joins the key segments with slashes, encodes them and reads JSON', async () => {
    const fetchMock = stubFetch(Response.json({ date: '2030-01-02', availableSlots: ['morning'] }));
    const data = await getJson(['/api/availability', '2030-01-02']);
    expect(data).toEqual({ date: '2030-01-02', availableSlots: ['morning'] });
    expect(fetchMock).toHaveBeenCalledWith('/api/availability/2030-01-02', { method: 'GET', credentials: 'include' });
  });

  test('encodes a segment that holds a slash', async () => {
    const fetchMock = stubFetch(Response.json({}));
    await getJson(['/api/availability', 'a/b']);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/availability/a%2Fb');
  });
});

describe('postJson', () => {
  test('posts the body as JSON and reads the JSON answer', async () => {
    const fetchMock = stubFetch(Response.json({ id: 'abc' }, { status: 201 }));
    await expect(postJson('/api/contact', { firstName: 'Ada' })).resolves.toEqual({ id: 'abc' });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/contact');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: '{"firstName":"Ada"}' });
    expect(new Headers(init?.headers).get('content-type')).toBe('application/json');
  });
});

describe('endpoint calls', () => {
  test('submitInquiry posts to /api/contact', async () => {
    const fetchMock = stubFetch(Response.json({ id: '7' }, { status: 201 }));
    const inquiry = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phone: '512 555 0100',
      eventType: 'wedding' as const,
      guestCount: '120',
      eventDate: '2030-06-01',
      eventLocation: 'Austin, TX',
      message: undefined,
      website: '',
    };
    await expect(submitInquiry(inquiry, { idempotencyKey: 'key-7' })).resolves.toEqual({ id: '7' });
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('Idempotency-Key')).toBe('key-7');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/contact');
    // JSON leaves the empty message out.
    expect(fetchMock.mock.calls[0]?.[1]?.body).not.toContain('message');
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual(inquiry);
  });

  test('fetchAvailability gets /api/availability/{date}', async () => {
    const fetchMock = stubFetch(Response.json({ date: '2030-06-01', availableSlots: ['evening'] }));
    await expect(fetchAvailability('2030-06-01')).resolves.toEqual({ date: '2030-06-01', availableSlots: ['evening'] });
    expect(fetchMock).toHaveBeenCalledWith('/api/availability/2030-06-01', { method: 'GET', credentials: 'include' });
  });

  test('createBooking posts to /api/bookings and surfaces a 409 as an ApiError', async () => {
    const body = { error: { code: 'slot_taken', message: 'That time slot was just taken.' } };
    const fetchMock = stubFetch(Response.json(body, { status: 409, statusText: 'Conflict' }));
    const booking = {
      date: '2030-06-01',
      timeSlot: 'evening' as const,
      clientName: 'Hank',
      clientEmail: 'hank@example.com',
      eventType: 'birthday' as const,
      phone: null,
      guestCount: null,
      eventLocation: null,
      website: '',
    };
    const error = await createBooking(booking).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 409, body, serverMessage: 'That time slot was just taken.' });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/bookings');
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ method: 'POST', body: JSON.stringify(booking) });
  });
});

describe('newIdempotencyKey', () => {
  const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  test('returns a different UUID v4 each call', () => {
    const keys = new Set(Array.from({ length: 50 }, newIdempotencyKey));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(UUID_V4);
  });

  test('still returns UUIDs v4 where crypto.randomUUID is missing (a page served over plain HTTP)', () => {
    vi.stubGlobal('crypto', { getRandomValues: crypto.getRandomValues.bind(crypto) });
    const keys = new Set(Array.from({ length: 50 }, newIdempotencyKey));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(UUID_V4);
  });
});
