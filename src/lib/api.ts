/**
 * The one browser client for the site's API (docs/site.md, "Islands").
 * Every call sends credentials; a JSON body and its content-type go only with a body; a write may carry an
 * `Idempotency-Key`; any non-OK answer becomes an ApiError whose message is "<status>: <body text or status text>".
 */
import { parseApiError, type FieldErrors } from '@shared/schemas/api-error';
import type { Availability, Booking, BookingOutput } from '@shared/schemas/booking';
import type { EstimateRequestInput } from '@shared/schemas/estimate';
import { IDEMPOTENCY_KEY_HEADER } from '@shared/schemas/idempotency-key';
import type { InquiryOutput } from '@shared/schemas/inquiry';
import type { Estimate } from '@shared/pricing';

/**
 * Per-request options: a write's idempotency key, sent as the `Idempotency-Key` header, and a signal that abandons
 * the request (a newer one replaced it).
 */
export interface WriteOptions {
  idempotencyKey?: string;
  signal?: AbortSignal;
}

/** A non-OK answer from the API: its status, its body (parsed when JSON), the server's message and a 400's fields. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, statusText: string, bodyText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = parseJson(bodyText);
  }

  /** The server's visitor-facing message (`error.message` of the API's error body), if any. */
  get serverMessage(): string | undefined {
    return parseApiError(this.body)?.message || undefined;
  }

  /** The per-field messages of a 400 answer (`error.fields`), or an empty object. */
  get fields(): FieldErrors {
    return parseApiError(this.body)?.fields ?? {};
  }
}

/**
 * What a failed call says to a visitor (SPEC §8): the server's own message when it answered with the API's error body,
 * else the ApiError's "<status>: <body text or status text>"; undefined for a failure that never got an answer.
 */
export function errorMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  return error.serverMessage ?? error.message;
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A fresh random idempotency key (a UUID v4), also where `crypto.randomUUID` is missing (plain-HTTP pages). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Sends one request; resolves with the raw OK response, rejects with ApiError on any non-OK answer. */
export async function apiRequest(method: string, url: string, body?: unknown, options: WriteOptions = {}): Promise<Response> {
  const init: RequestInit = { method, credentials: 'include', ...(options.signal ? { signal: options.signal } : {}) };
  if (body !== undefined) {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (options.idempotencyKey) headers[IDEMPOTENCY_KEY_HEADER] = options.idempotencyKey;
    init.headers = headers;
    init.body = JSON.stringify(body);
  }
  const response = await fetch(url, init);
  if (!response.ok) throw new ApiError(response.status, response.statusText, await response.text());
  return response;
}

/** GETs the URL made of the key segments joined with slashes and reads the answer as JSON. */
export async function getJson<T>(key: readonly string[]): Promise<T> {
  const [base = '', ...rest] = key;
  const url = [base, ...rest.map(encodeURIComponent)].join('/');
  return (await (await apiRequest('GET', url)).json()) as T;
}

/** POSTs a JSON body (with the submission's idempotency key, when given) and reads the answer as JSON. */
export async function postJson<T>(url: string, body: unknown, options?: WriteOptions): Promise<T> {
  return (await (await apiRequest('POST', url, body, options)).json()) as T;
}

/** An inquiry as sent: the validated fields and, when the visitor keeps one attached, the estimate's inputs. */
export type InquiryRequest = InquiryOutput & { estimate?: EstimateRequestInput };

/** POST /api/contact: sends a validated inquiry; answers 201 { id }. */
export function submitInquiry(inquiry: InquiryRequest, options?: WriteOptions): Promise<{ id: string }> {
  return postJson('/api/contact', inquiry, options);
}

/** POST /api/estimate: the price of an estimate's inputs (a read: nothing stored); 400 with its fields when refused. */
export async function fetchEstimate(request: EstimateRequestInput, signal?: AbortSignal): Promise<Estimate> {
  return (await postJson<{ estimate: Estimate }>('/api/estimate', request, { signal })).estimate;
}

/** GET /api/availability/{date}: the free slot keys of one YYYY-MM-DD date. */
export function fetchAvailability(date: string): Promise<Availability> {
  return getJson(['/api/availability', date]);
}

/** POST /api/bookings: reserves a slot; answers 201 { booking }, or a 409 ApiError when the slot is taken. */
export function createBooking(booking: BookingOutput, options?: WriteOptions): Promise<{ booking: Booking }> {
  return postJson('/api/bookings', booking, options);
}
