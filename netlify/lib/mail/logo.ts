import { LOGO_PNG_BASE64 } from './logo-png';

/** The Content-ID the HTML part's header image refers to (src="cid:…"). */
export const LOGO_CID = 'logo@lonestar-mobile-bar';

/** The logo's size in the header, in CSS pixels (the PNG is twice that, crisp on 2× screens). */
export const LOGO_SIZE = 48;

let png: Buffer | undefined;

/** The logo as a nodemailer inline attachment: from a Buffer (no file access), decoded once per process. */
export function logoAttachment(): { cid: string; filename: string; content: Buffer; contentType: string; contentDisposition: 'inline' } {
  png ??= Buffer.from(LOGO_PNG_BASE64, 'base64');
  return { cid: LOGO_CID, filename: 'logo.png', content: png, contentType: 'image/png', contentDisposition: 'inline' };
}
