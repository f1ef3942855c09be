import { describe, expect, test } from 'vitest';
import { getFormsCopy } from './forms-copy';

describe('getFormsCopy', () => {
  test('returns the spec headings of the contact and availability pages', () => {
    const copy = getFormsCopy();
    expect(copy.contact.heading).toBe('Get In Touch');
    expect(copy.contact.formHeading).toBe('Book Your Event');
    expect(copy.availability.heading).toBe('Check Availability');
    expect(copy.availability.howItWorks.heading).toBe('How It Works');
    expect(copy.availability.howItWorks.steps.map((step) => step.title)).toEqual([
      'Select Date',
      'Pick Time Slot',
      'Instant Booking',
    ]);
  });
});
