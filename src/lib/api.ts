/**
 * The one browser client for the site's API (SPEC §7, §8).
 * Every call sends credentials; a JSON body and its content-type go only with a body;
 * any non-OK answer becomes an ApiError whose message is "<status>: <body text or status text>".
 */
import type { Availability, Booking, BookingOutput } from '../schemas/booking';
import type { InquiryOutput } from '../schemas/inquiry';

/** Field name to message, as sent in a 400 answer's `error.fields`. */
export type FieldErrors = Record<string, string>;

/** A non-OK answer from the API: its status, its body (parsed when JSON) and the 400's field messages. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, statusText: string, bodyText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = parseJson(bodyText);
  }

  /** The server's visitor-facing message (`error.message` of the JSON error body), if any. */
  get serverMessage(): string | undefined {
    const message = errorPart(this.body)?.message;
    return typeof message === 'string' && message !== '' ? message : undefined;
  }

  /** The per-field messages of a 400 answer (`error.fields`), or an empty object. */
  get fields(): FieldErrors {
    const fields = errorPart(this.body)?.fields;
    if (typeof fields !== 'object' || fields === null) return {};
    return Object.fromEntries(
      Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  }
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function errorPart(body: unknown): Record<string, unknown> | undefined {
  if (typeof body !== 'object' || body === null || !('error' in body)) return undefined;
  const error = body.error;
  return typeof error === 'object' && error !== null ? (error as Record<string, unknown>) : undefined;
}

/** Sends one request; resolves with the raw OK response, rejects with ApiError on any non-OK answer. */
export async function apiRequest(method: string, url: string, body?: unknown): Promise<Response> {
  const init: RequestInit = { method, credentials: 'include' };
  if (body !== undefined) {
    init.headers = { 'Content-Type': 'application/json' };
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

/** POSTs a JSON body and reads the answer as JSON. */
export async function postJson<T>(url: string, body: unknown): Promise<T> {
  return (await (await apiRequest('POST', url, body)).json()) as T;
}

/** POST /api/contact: sends a validated inquiry; answers 201 { id }. */
export function submitInquiry(inquiry: InquiryOutput): Promise<{ id: string }> {
  return postJson('/api/contact', inquiry);
}

/** GET /api/availability/{date}: the free slot keys of one YYYY-MM-DD date. */
export function fetchAvailability(date: string): Promise<Availability> {
  return getJson(['/api/availability', date]);
}

/** POST /api/bookings: reserves a slot; answers 201 { booking }, or a 409 ApiError when the slot is taken. */
export function createBooking(booking: BookingOutput): Promise<{ booking: Booking }> {
  return postJson('/api/bookings', booking);
}
