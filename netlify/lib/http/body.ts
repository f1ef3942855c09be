import { replyError } from './reply';

/** Largest request body an endpoint reads, in bytes. */
export const MAX_BODY_BYTES = 16 * 1024;

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
