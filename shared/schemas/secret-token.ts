/**
 * The shape of every secret token the server makes (newSecretToken: a cancel link's, a session's, a known device's,
 * a calendar feed's): 32 random bytes, base64url without padding, 43 characters. Anything else is never looked up.
 */
export const SECRET_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
