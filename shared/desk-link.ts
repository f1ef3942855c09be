/** Where the owner's desk lives on the site. */
export const DESK_PATH = '/admin';

const INQUIRY_HASH = /^#inquiries\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** The desk's location hash that opens one inquiry: `#inquiries/<uuid>`. */
export function inquiryHash(id: string): string {
  return `#inquiries/${id}`;
}

/** The address of one inquiry in the desk, on the site at `siteUrl` (an origin without a trailing slash). */
export function deskInquiryUrl(siteUrl: string, id: string): string {
  return `${siteUrl}${DESK_PATH}${inquiryHash(id)}`;
}

/** The inquiry id a location hash names (`#inquiries/<uuid>`, in lower case), or undefined for any other hash. */
export function inquiryIdFromHash(hash: string): string | undefined {
  return INQUIRY_HASH.exec(hash)?.[1]?.toLowerCase();
}
