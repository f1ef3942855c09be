// Providers that deliver first.last@ and firstlast@ to the same mailbox.
const DOTS_IGNORED = new Set(['gmail.com', 'googlemail.com']);

/**
 * The mailbox an address reaches, as one key: case-folded, a `+tag` dropped, and the dots of the local part dropped
 * at the providers that ignore them (googlemail.com is gmail.com). Limits per person count this key, so
 * `Hold+1@Example.com` and `hold@example.com` are one person. Subdomains stay distinct mail domains.
 */
export function canonicalMailbox(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 0) return address.trim().toLowerCase();
  let local = address.slice(0, at).trim().toLowerCase();
  let domain = address.slice(at + 1).trim().toLowerCase().replace(/\.$/, '');
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (DOTS_IGNORED.has(domain)) {
    local = local.replace(/\./g, '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}
