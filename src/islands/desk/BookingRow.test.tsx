import { cleanup, render, screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import desk from '@content/desk.json';
import type { OwnerBooking } from '@shared/schemas/owner/bookings';
import BookingRow from './BookingRow';
import { ownerBooking } from './desk-test-support';

const copy = desk.desk.bookings;

const booking = ownerBooking();

function row(value: OwnerBooking) {
  render(
    <ul>
      <BookingRow copy={copy} booking={value} />
    </ul>,
  );
  return screen.getByRole('listitem');
}

describe('BookingRow', () => {
  test('links a stored address holding ? & % as one encoded mailto: link', () => {
    const clientEmail = 'x?cc=attacker%40evil.example&subject=hi@example.com';
    row({ ...booking, clientEmail });
    const href = screen.getByRole('link', { name: clientEmail }).getAttribute('href')!;
    expect(href).toBe('mailto:x%3Fcc%3Dattacker%2540evil.example%26subject%3Dhi@example.com');
    expect(new URL(href).search).toBe('');
  });

  test.each([
    ['confirmationHeld', copy.confirmationHeld],
    ['cancellationHeld', copy.cancellationHeld],
  ] as const)('says when the client mail %s, and not otherwise', (flag, note) => {
    const item = row({ ...booking, [flag]: true });
    expect(item).toHaveTextContent(note);
    expect(item).not.toHaveTextContent(flag === 'confirmationHeld' ? copy.cancellationHeld : copy.confirmationHeld);
  });

  test('shows the client’s phone as a tel: link, the guest count and the event location', () => {
    const item = row({ ...booking, phone: '(512) 555-0199', guestCount: 1200, eventLocation: 'Austin, TX' });
    expect(within(item).getByRole('link', { name: '(512) 555-0199' })).toHaveAttribute('href', 'tel:+15125550199');
    expect(item).toHaveTextContent(copy.guests.other.replace('{count}', '1,200'));
    expect(item).toHaveTextContent('Austin, TX');
  });

  test('says “1 guest” for one, and shows no detail the client left out', () => {
    expect(row({ ...booking, guestCount: 1 })).toHaveTextContent(copy.guests.one);
    cleanup();
    const item = row(booking);
    expect(within(item).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([expect.stringMatching(/^mailto:/)]);
    expect(item).not.toHaveTextContent(copy.guests.one);
    expect(item).not.toHaveTextContent(copy.guests.other.replace('{count}', ''));
  });

  test('says nothing about held mail when everything went out', () => {
    const item = row(booking);
    expect(item).not.toHaveTextContent(copy.confirmationHeld);
    expect(item).not.toHaveTextContent(copy.cancellationHeld);
  });
});
