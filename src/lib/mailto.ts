/**
 * The `mailto:` URL of one address, the address percent-encoded (RFC 6068) so that nothing in it can start a query
 * (`?cc=…&subject=…`), an escape or a fragment: only its `@` stays as typed, for people hovering the link.
 */
export function mailtoHref(address: string): string {
  return `mailto:${encodeURIComponent(address).replace(/%40/g, '@')}`;
}
