import type { InquiryInput } from '@shared/schemas/inquiry';

/**
 * A valid inquiry as the contact form sends it, for `eventDate`: the one written-out inquiry of the tests
 * (tests/fixtures.ts builds on it) and of the scripts that send one (the deploy rehearsal), which cannot load vitest.
 */
export function sampleInquiry(eventDate: string): InquiryInput {
  return {
    firstName: 'Dolly',
    lastName: 'Rivera',
    email: 'dolly@example.com',
    phone: '(512) 555-0199',
    eventType: 'wedding',
    guestCount: '120',
    eventDate,
    eventLocation: 'Austin, TX',
    message: 'Ranch wedding, outdoor bar please.',
  };
}
