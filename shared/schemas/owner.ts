// The owner's desk schemas, one module per resource under owner/; this index keeps `@shared/schemas/owner` whole for
// the server. Browser code imports the resource it needs, so an island's bundle carries only that resource's rules.
export * from './owner/agenda';
export * from './owner/blocks';
export * from './owner/bookings';
export * from './owner/inquiries';
export * from './owner/inquiry-cursor';
export * from './owner/mail';
export * from './owner/session';
