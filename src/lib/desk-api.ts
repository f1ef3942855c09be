/**
 * The owner's desk calls to the owner API (docs/owner-desk.md), through the site's one API client.
 * Every call rejects with ApiError on a non-OK answer; a 401 means the session is gone.
 */
import {
  INQUIRY_SEARCH_PATH,
  type BlockInput,
  type OwnerAgenda,
  type OwnerBooking,
  type OwnerInquiryPage,
  type OwnerMailStatus,
  type OwnerSession,
  type SignInInput,
} from '../schemas/owner';
import { ApiError, apiRequest, getJson, postJson, type WriteOptions } from './api';

/** Whether an error is the API saying "no valid session" (sign in again). */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/** GET /api/admin/session: the signed-in owner (rejects with a 401 ApiError when signed out). */
export function fetchSession(): Promise<OwnerSession> {
  return getJson(['/api/admin/session']);
}

/** POST /api/admin/session: signs in; the server sets the session cookie and the browser's device cookie. */
export function signIn(credentials: SignInInput, options?: WriteOptions): Promise<OwnerSession> {
  return postJson('/api/admin/session', credentials, options);
}

/** DELETE /api/admin/session: signs out (ends the session on the server). */
export async function signOut(): Promise<void> {
  await apiRequest('DELETE', '/api/admin/session');
}

/** The address of the CSV export of every inquiry (a download link, sent with the session cookie). */
export const INQUIRIES_CSV_URL = '/api/admin/inquiries.csv';

/** A file the desk downloaded: its content and the name the server gave it. */
export type DownloadedFile = { blob: Blob; filename: string };

/**
 * POST /api/admin/inquiries.csv { q }: the CSV of the inquiries matching `q`. A POST, not a link, so the search term
 * stays out of the address (addresses reach request logs and the browser's history).
 */
export async function downloadInquiriesCsv(q: string): Promise<DownloadedFile> {
  const response = await apiRequest('POST', INQUIRIES_CSV_URL, { q });
  const named = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return { blob: await response.blob(), filename: named?.[1] ?? 'inquiries.csv' };
}

/**
 * One page of inquiries (50, newest first), after `cursor` when given: all of them (GET /api/admin/inquiries), or
 * those matching `q` (POST /api/admin/inquiries/search, the term in the body and never in the address).
 */
export async function fetchInquiries(q: string, cursor?: string | null): Promise<OwnerInquiryPage> {
  if (q) return postJson<OwnerInquiryPage>(INQUIRY_SEARCH_PATH, cursor ? { q, cursor } : { q });
  const query = cursor ? `?${new URLSearchParams({ cursor })}` : '';
  return (await (await apiRequest('GET', `/api/admin/inquiries${query}`)).json()) as OwnerInquiryPage;
}

/** GET /api/admin/bookings: every reservation and block dated from `from` to `to` (YYYY-MM-DD, inclusive). */
export async function fetchBookings(from: string, to: string): Promise<OwnerBooking[]> {
  const params = new URLSearchParams({ from, to });
  const answer = (await (await apiRequest('GET', `/api/admin/bookings?${params}`)).json()) as { bookings: OwnerBooking[] };
  return answer.bookings;
}

/** POST /api/admin/bookings/{id}/cancel: releases a reservation; answers the updated booking. */
export async function cancelBooking(id: string): Promise<OwnerBooking> {
  const url = `/api/admin/bookings/${encodeURIComponent(id)}/cancel`;
  return (await postJson<{ booking: OwnerBooking }>(url, {})).booking;
}

/** POST /api/admin/blocks: holds one slot, or every free slot of the day with `all`; answers the new blocks. */
export async function createBlock(block: BlockInput, options?: WriteOptions): Promise<OwnerBooking[]> {
  return (await postJson<{ blocks: OwnerBooking[] }>('/api/admin/blocks', block, options)).blocks;
}

/** DELETE /api/admin/blocks/{id}: lifts one block. */
export async function liftBlock(id: string): Promise<void> {
  await apiRequest('DELETE', `/api/admin/blocks/${encodeURIComponent(id)}`);
}

/** GET /api/admin/mail: the outbox's counts and the messages that failed for good. */
export function fetchMailStatus(): Promise<OwnerMailStatus> {
  return getJson(['/api/admin/mail']);
}

/** POST /api/admin/mail/{id}/retry: puts one failed message back in line for the next send. */
export async function retryMail(id: string): Promise<void> {
  await postJson(`/api/admin/mail/${encodeURIComponent(id)}/retry`, {});
}

/** GET /api/admin/agenda: "Today & upcoming" (the next 30 days, new inquiries, failed e-mails). */
export function fetchAgenda(): Promise<OwnerAgenda> {
  return getJson(['/api/admin/agenda']);
}
