import { done, refused, type Result } from '@shared/result';

/** Largest request body an endpoint reads, in bytes. */
export const MAX_BODY_BYTES = 16 * 1024;

/** A JSON body read: its value, or why it cannot be read (answered by replyRefusal). */
export type JsonBody = Result<unknown, 'unsupported_media_type' | 'payload_too_large' | 'invalid_json'>;

const TOO_LARGE = () => refused('payload_too_large');
const NOT_JSON = () => refused('invalid_json');

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
    return refused('unsupported_media_type');
  }
  const declared = req.headers.get('content-length');
  if (declared !== null && Number(declared) > maxBytes) return TOO_LARGE();
  if (!req.body) return NOT_JSON();
  let bytes: Uint8Array | undefined;
  try {
    bytes = await readCapped(req.body, maxBytes);
  } catch {
    return NOT_JSON();
  }
  if (!bytes) return TOO_LARGE();
  try {
    return done(JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) as unknown);
  } catch {
    return NOT_JSON();
  }
}
