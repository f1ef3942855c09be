/**
 * The client's change-or-cancel link (docs/email.md, "Cancel links"): `<site>/cancel#token=<token>`, written by the
 * mails and read by the cancel page. The token rides in the fragment, which browsers never send to a server.
 */

/** Where the cancel page lives on the site. */
export const CANCEL_PATH = '/cancel';

/** The cancel page's address for a token, on the site at `siteUrl` (an origin without a trailing slash). */
export function cancelUrl(siteUrl: string, token: string): string {
  return `${siteUrl}${CANCEL_PATH}#token=${encodeURIComponent(token)}`;
}

/** The token of a cancel link: from its fragment (`#token=…`, as the mails write it) or its query. */
export function cancelTokenFrom(url: URL): string | undefined {
  return new URLSearchParams(url.hash.slice(1)).get('token') ?? url.searchParams.get('token') ?? undefined;
}

/** The same address without its token (path, other query parameters and fragment kept), for history.replaceState. */
export function withoutCancelToken(url: URL): string {
  const search = new URLSearchParams(url.search);
  search.delete('token');
  const hash = new URLSearchParams(url.hash.slice(1));
  hash.delete('token');
  const query = search.toString();
  const fragment = hash.toString();
  return `${url.pathname}${query ? `?${query}` : ''}${fragment ? `#${fragment}` : ''}`;
}
