import { createHash, randomBytes } from 'node:crypto';
import { SECRET_TOKEN_PATTERN } from '@shared/schemas/secret-token';

/** A new secret token (a cancel link's, a session's): 256 random bits, base64url (SECRET_TOKEN_PATTERN). Only its hash is stored. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The SHA-256 of a secret token as stored (hex): a token is unguessable, so a fast hash is enough. */
export function hashSecretToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** The secret token sent in a request's cookie `name`, if it has a token's shape (SECRET_TOKEN_PATTERN). */
export function secretTokenFromCookie(req: Request, name: string): string | undefined {
  for (const part of (req.headers.get('cookie') ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) {
      const token = value.join('=');
      return SECRET_TOKEN_PATTERN.test(token) ? token : undefined;
    }
  }
  return undefined;
}
