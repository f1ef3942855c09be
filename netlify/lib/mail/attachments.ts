import type { CalendarAttachment } from './calendar';

/** A file a mail carries as an ordinary attachment (a signed contract's PDF), stored in the outbox as base64. */
export type FileAttachment = { filename: string; contentType: 'application/pdf'; contentBase64: string };

/**
 * What an outbox row's `attachments` list holds: calendar files (sent as nodemailer's icalEvent, at most one per
 * mail) beside plain files. Told apart by their fields: a calendar file has a `method`, a file a `contentType`.
 */
export type MailAttachment = CalendarAttachment | FileAttachment;

/** Whether `attachment` is a calendar file (rows written before files existed hold only these). */
export function isCalendarAttachment(attachment: MailAttachment): attachment is CalendarAttachment {
  return 'method' in attachment;
}

/** Whether `attachment` is a plain file. */
export function isFileAttachment(attachment: MailAttachment): attachment is FileAttachment {
  return 'contentType' in attachment;
}

/** A PDF as a mail's file attachment. */
export function pdfAttachment(filename: string, bytes: Uint8Array): FileAttachment {
  return { filename, contentType: 'application/pdf', contentBase64: Buffer.from(bytes).toString('base64') };
}

/** The file attachments of a mail as nodemailer takes them (the calendar file goes as icalEvent instead). */
export function fileParts(attachments: readonly MailAttachment[]): Array<{ filename: string; content: Buffer; contentType: string }> {
  return attachments
    .filter(isFileAttachment)
    .map((file) => ({ filename: file.filename, content: Buffer.from(file.contentBase64, 'base64'), contentType: file.contentType }));
}
