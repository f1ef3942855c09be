import type { BaseIssue } from 'valibot';
import { fieldErrors, type ApiErrorBody, type ErrorCode, type ErrorStatus } from '@shared/schemas/api-error';
import type { HeldSlot } from '@shared/schemas/owner';

/** Headers every API answer carries: never cached, never framed, never sniffed. */
export const API_HEADERS: Readonly<Record<string, string>> = {
  'Content-Type': 'application/json; charset=utf-8',
  'Cache-Control': 'no-store',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
  'Cross-Origin-Resource-Policy': 'same-origin',
  // The same list as netlify.toml's static headers: every browser feature the site does not use is switched off.
  'Permissions-Policy':
    'accelerometer=(), autoplay=(), browsing-topics=(), camera=(), clipboard-read=(), ' +
    'display-capture=(), encrypted-media=(), fullscreen=(), gamepad=(), geolocation=(), gyroscope=(), ' +
    'hid=(), identity-credentials-get=(), idle-detection=(), local-fonts=(), magnetometer=(), ' +
    'microphone=(), midi=(), otp-credentials=(), payment=(), picture-in-picture=(), ' +
    'publickey-credentials-create=(), publickey-credentials-get=(), screen-wake-lock=(), serial=(), ' +
    'sync-xhr=(), usb=(), window-management=(), xr-spatial-tracking=()',
};

/** The one way an endpoint answers: `body` as JSON with `status` and the API headers. */
export function reply(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...API_HEADERS, ...headers } });
}

/** Answers the API's one error shape: { error: { code, message, fields?, held? } }, with the status `code` means. */
export function replyError<C extends ErrorCode>(
  status: ErrorStatus<C>,
  code: C,
  message: string,
  extra: { fields?: Record<string, string>; held?: HeldSlot[]; headers?: Record<string, string> } = {},
): Response {
  const body: ApiErrorBody = {
    error: { code, message, ...(extra.fields ? { fields: extra.fields } : {}), ...(extra.held ? { held: extra.held } : {}) },
  };
  return reply(status, body, extra.headers);
}

/** The message of a 400 that names its fields (replyInvalid; replyRefusal's invalid_fields says the same). */
export const CHECK_FIELDS_MESSAGE = 'Please check the highlighted fields and try again.';

/** 400 with the first message for each invalid field, straight from the shared schema. */
export function replyInvalid(issues: readonly BaseIssue<unknown>[]): Response {
  const fields = fieldErrors(issues);
  const message =
    Object.keys(fields).length > 0 ? CHECK_FIELDS_MESSAGE : (issues[0]?.message ?? 'Please check the form and try again.');
  return replyError(400, 'invalid_fields', message, Object.keys(fields).length > 0 ? { fields } : {});
}

/**
 * A calendar file (text/calendar) with the API's headers, kept out of every shared cache: the owner's feed holds
 * clients' names and phone numbers.
 */
export function replyCalendar(ics: string, filename: string): Response {
  return new Response(ics, {
    status: 200,
    headers: {
      ...API_HEADERS,
      'Content-Type': 'text/calendar; charset=utf-8',
      'Cache-Control': 'private, no-store',
      'Content-Disposition': `inline; filename="${filename}"`,
    },
  });
}
