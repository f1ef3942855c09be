/**
 * The owner's desk calls to the owner API (docs/owner-desk.md), through the site's one API client.
 * Every call rejects with ApiError on a non-OK answer; a 401 means the session is gone.
 */
import type { OwnerAgenda } from '@shared/schemas/owner/agenda';
import type { BlockRequest, OwnerBlock } from '@shared/schemas/owner/blocks';
import type {
  OwnerBooking,
  OwnerBookingRequest,
  OwnerMoveRequest,
} from '@shared/schemas/owner/bookings';
import {
  INQUIRY_SEARCH_PATH,
  type InquiryNoteInput,
  type InquiryStatus,
  type OwnerInquiry,
  type OwnerInquiryNote,
  type OwnerInquiryPage,
} from '@shared/schemas/owner/inquiries';
import type { OwnerMailStatus } from '@shared/schemas/owner/mail';
import type { OwnerSession, SignInInput } from '@shared/schemas/owner/session';
import type { CalendarFeedCreated, CalendarFeedState } from '@shared/schemas/calendar-feed';
import type { EventDetails } from '@shared/schemas/event-details';
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

/** A download's file: its bytes, and the name the server gave it in Content-Disposition (else `fallback`). */
export async function downloadedFile(response: Response, fallback: string): Promise<DownloadedFile> {
  const named = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return { blob: await response.blob(), filename: named?.[1] ?? fallback };
}

/**
 * POST /api/admin/inquiries.csv { q, status? }: the CSV of the inquiries matching `q` (and `status` when given). A POST, not a link, so the search term
 * stays out of the address (addresses reach request logs and the browser's history).
 */
export async function downloadInquiriesCsv(q: string, status?: InquiryStatus): Promise<DownloadedFile> {
  return downloadedFile(await apiRequest('POST', INQUIRIES_CSV_URL, status ? { q, status } : { q }), 'inquiries.csv');
}

/**
 * One page of inquiries (50, newest first) of `status` (all when undefined), after `cursor` when given: all of them
 * (GET /api/admin/inquiries), or those matching `q` (POST /api/admin/inquiries/search, the term in the body and never
 * in the address).
 */
export async function fetchInquiries(q: string, status?: InquiryStatus, cursor?: string | null): Promise<OwnerInquiryPage> {
  const filters = { ...(status && { status }), ...(cursor && { cursor }) };
  if (q) return postJson<OwnerInquiryPage>(INQUIRY_SEARCH_PATH, { q, ...filters });
  const query = Object.keys(filters).length > 0 ? `?${new URLSearchParams(filters)}` : '';
  return (await (await apiRequest('GET', `/api/admin/inquiries${query}`)).json()) as OwnerInquiryPage;
}

const inquiryPath = (id: string, action: string) => `/api/admin/inquiries/${encodeURIComponent(id)}/${action}`;

/** POST /api/admin/inquiries/{id}/opened: clears the inquiry's "new" mark; answers it with its notes. */
export async function openInquiry(id: string): Promise<OwnerInquiry> {
  return (await postJson<{ inquiry: OwnerInquiry }>(inquiryPath(id, 'opened'), {})).inquiry;
}

/** POST /api/admin/inquiries/{id}/status: moves the inquiry to `status`; answers it as it now is. */
export async function setInquiryStatus(id: string, status: InquiryStatus): Promise<OwnerInquiry> {
  return (await postJson<{ inquiry: OwnerInquiry }>(inquiryPath(id, 'status'), { status })).inquiry;
}

/** POST /api/admin/inquiries/{id}/notes: appends a private note; answers it with its author and time. */
export async function addInquiryNote(id: string, note: InquiryNoteInput, options?: WriteOptions): Promise<OwnerInquiryNote> {
  return (await postJson<{ note: OwnerInquiryNote }>(inquiryPath(id, 'notes'), note, options)).note;
}

/** GET /api/admin/bookings: every reservation and block dated from `from` to `to` (YYYY-MM-DD, inclusive). */
export async function fetchBookings(from: string, to: string): Promise<OwnerBooking[]> {
  const params = new URLSearchParams({ from, to });
  const answer = (await (await apiRequest('GET', `/api/admin/bookings?${params}`)).json()) as { bookings: OwnerBooking[] };
  return answer.bookings;
}

/** POST /api/admin/bookings/{id}/cancel { reason? }: releases a reservation; answers the updated booking. */
export async function cancelBooking(id: string, reason = ''): Promise<OwnerBooking> {
  const url = `/api/admin/bookings/${encodeURIComponent(id)}/cancel`;
  return (await postJson<{ booking: OwnerBooking }>(url, reason.trim() ? { reason } : {})).booking;
}

/** GET /api/admin/blocks: the blocks held from today (Texas) on, one entry per block. */
export function fetchBlocks(): Promise<OwnerBlock[]> {
  return getJson<{ blocks: OwnerBlock[] }>(['/api/admin/blocks']).then((answer) => answer.blocks);
}

/** POST /api/admin/blocks: holds a slot (or every slot with `all`) of every day from `from` to `to`, as one block. */
export async function createBlock(block: BlockRequest, options?: WriteOptions): Promise<OwnerBlock> {
  return (await postJson<{ block: OwnerBlock }>('/api/admin/blocks', block, options)).block;
}

/** DELETE /api/admin/blocks/{id}: lifts a whole block (every slot of every day). */
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

/** GET /api/admin/calendar-feed: whether the owner's calendar feed is on, and since when. */
export function fetchCalendarFeed(): Promise<CalendarFeedState> {
  return getJson(['/api/admin/calendar-feed']);
}

/** POST /api/admin/calendar-feed: a new subscription URL (the old one, if any, stops working). */
export async function createCalendarFeed(): Promise<string> {
  return (await postJson<CalendarFeedCreated>('/api/admin/calendar-feed', {})).url;
}

/** DELETE /api/admin/calendar-feed: turns the feed off (its URL answers 404 from now on). */
export async function turnOffCalendarFeed(): Promise<void> {
  await apiRequest('DELETE', '/api/admin/calendar-feed');
}

/** GET /api/admin/agenda: "Today & upcoming" (the next 30 days, new inquiries, failed e-mails). */
export function fetchAgenda(): Promise<OwnerAgenda> {
  return getJson(['/api/admin/agenda']);
}

const bookingPath = (id: string, action: string) => `/api/admin/bookings/${encodeURIComponent(id)}/${action}`;

/** POST /api/admin/bookings (with the form's Idempotency-Key): a phone booking; answers the new reservation. */
export async function createOwnerBooking(booking: OwnerBookingRequest, options?: WriteOptions): Promise<OwnerBooking> {
  return (await postJson<{ booking: OwnerBooking }>('/api/admin/bookings', booking, options)).booking;
}

/** POST /api/admin/bookings/{id}/move { date, timeSlot }: moves a client's booking; answers it as it now is. */
export async function moveOwnerBooking(id: string, to: OwnerMoveRequest): Promise<OwnerBooking> {
  return (await postJson<{ booking: OwnerBooking }>(bookingPath(id, 'move'), to)).booking;
}

/** POST /api/admin/bookings/{id}/send-link: e-mails the client a fresh link to their event page. */
export async function sendBookingLink(id: string): Promise<void> {
  await postJson(bookingPath(id, 'send-link'), {});
}

/** GET /api/admin/bookings/{id}/details: the client's final details of a reservation (every field null while none). */
export async function fetchBookingDetails(id: string): Promise<EventDetails> {
  return (await getJson<{ details: EventDetails }>(['/api/admin/bookings', id, 'details'])).details;
}
