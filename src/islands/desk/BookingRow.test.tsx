import { render, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import desk from '../../content/desk.json';
import type { OwnerBooking } from '../../schemas/owner';
import BookingRow from './BookingRow';

const copy = desk.desk.bookings;

const booking: OwnerBooking = {
  id: '00000000-0000-4000-8000-000000000003',
  date: '2027-07-10',
  timeSlot: 'evening',
  kind: 'reservation',
  state: 'held',
  clientName: 'Dolly Rivera',
  clientEmail: 'dolly@example.com',
  eventType: 'wedding',
  phone: null,
  guestCount: null,
  eventLocation: null,
  createdAt: '2026-06-20T23:05:00.000Z',
  cancelledAt: null,
  cancelledBy: null,
  confirmationHeld: false,
  cancellationHeld: false,
};

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

  test('says nothing about held mail when everything went out', () => {
    const item = row(booking);
    expect(item).not.toHaveTextContent(copy.confirmationHeld);
    expect(item).not.toHaveTextContent(copy.cancellationHeld);
  });
});
