import type { BaseIssue } from 'valibot';
import type { ApiErrorBody } from '../../src/schemas/api-error';
import { fieldErrors } from '../../src/schemas/field-errors';
import { isUnavailableError } from './db';

/** Largest request body an endpoint reads, in bytes. */
export const MAX_BODY_BYTES = 16 * 1024;

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

/** Answers the API's one error shape: { error: { code, message, fields? } }. */
export function replyError(
  status: number,
  code: string,
  message: string,
  extra: { fields?: Record<string, string>; headers?: Record<string, string> } = {},
): Response {
  const body: ApiErrorBody = { error: { code, message, ...(extra.fields ? { fields: extra.fields } : {}) } };
  return reply(status, body, extra.headers);
}

/** 400 with the first message for each invalid field, straight from the shared schema. */
export function replyInvalid(issues: readonly BaseIssue<unknown>[]): Response {
  const fields = fieldErrors(issues);
  const message =
    Object.keys(fields).length > 0
      ? 'Please check the highlighted fields and try again.'
      : (issues[0]?.message ?? 'Please check the form and try again.');
  return replyError(400, 'invalid_fields', message, Object.keys(fields).length > 0 ? { fields } : {});
}

/** The outcome of reading a JSON body: its value, or the error answer to send instead. */
export type JsonBody = { ok: true; value: unknown } | { ok: false; response: Response };

const TOO_LARGE = () =>
  replyError(413, 'payload_too_large', 'That request is too large. Please shorten your message and try again.');
const NOT_JSON = () => replyError(400, 'invalid_json', 'We could not read that request. Please try again.');

async function readCapped(body: ReadableStream<Uint8Array>, maxBytes: number): Promise<Uint8Array | undefined> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      return undefined;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * Reads a JSON request body safely: 415 unless Content-Type is application/json, 413 when Content-Length or the
 * bytes actually sent exceed `maxBytes` (reading stops there), 400 when it is not UTF-8 JSON. Never throws.
 */
export async function readJsonBody(req: Request, maxBytes: number = MAX_BODY_BYTES): Promise<JsonBody> {
  const mediaType = (req.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (mediaType !== 'application/json') {
    return {
      ok: false,
      response: replyError(415, 'unsupported_media_type', 'Please send the form as JSON (application/json).'),
    };
  }
  const declared = req.headers.get('content-length');
  if (declared !== null && Number(declared) > maxBytes) return { ok: false, response: TOO_LARGE() };
  if (!req.body) return { ok: false, response: NOT_JSON() };
  let bytes: Uint8Array | undefined;
  try {
    bytes = await readCapped(req.body, maxBytes);
  } catch {
    return { ok: false, response: NOT_JSON() };
  }
  if (!bytes) return { ok: false, response: TOO_LARGE() };
  try {
    return { ok: true, value: JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) };
  } catch {
    return { ok: false, response: NOT_JSON() };
  }
}

/** The part of Netlify's Context an endpoint uses. */
export type EndpointContext = { requestId?: string; waitUntil?: (promise: Promise<unknown>) => void };

/** A Netlify Functions v2 handler. */
export type Handler = (req: Request, context: EndpointContext) => Promise<Response>;

function log(entry: Record<string, string | number>): void {
  // One line per request: its id and outcome only, never the body, the path's query or anything a visitor typed.
  console.log(JSON.stringify({ at: new Date().toISOString(), ...entry }));
}

/**
 * Wraps an endpoint: answers 405 (with Allow) to other methods, turns an unreachable or slow database into 503
 * and any other failure into a bare 500 (details stay in the log as an error name), and logs one line per request.
 */
export function endpoint(name: string, methods: readonly string[], handle: Handler): Handler {
  const allow = methods.join(', ');
  return async (req, context) => {
    const started = performance.now();
    const requestId = context?.requestId || crypto.randomUUID();
    let response: Response;
    let failure: string | undefined;
    if (!methods.includes(req.method)) {
      response = replyError(405, 'method_not_allowed', `This address only accepts ${allow}.`, {
        headers: { Allow: allow },
      });
    } else {
      try {
        response = await handle(req, context ?? {});
      } catch (error) {
        failure = error instanceof Error ? error.name : typeof error;
        const code = (error as { code?: unknown } | null)?.code;
        if (typeof code === 'string') failure += ` ${code}`;
        response = isUnavailableError(error)
          ? replyError(
              503,
              'service_unavailable',
              'Our booking system is taking a short break. Please try again in a few minutes.',
              { headers: { 'Retry-After': '30' } },
            )
          : replyError(500, 'internal_error', 'Something went wrong on our side. Please try again.');
      }
    }
    log({
      requestId,
      endpoint: name,
      method: req.method,
      status: response.status,
      ms: Math.round(performance.now() - started),
      ...(failure ? { failure } : {}),
    });
    return response;
  };
}
