import { describe, expect, test } from 'vitest';
import type { OwnerBooking } from '@shared/schemas/owner/bookings';
import { byDateAndSlot } from './bookings-order';

const hold = (date: string, timeSlot: OwnerBooking['timeSlot']) => ({ date, timeSlot }) as OwnerBooking;

describe('byDateAndSlot', () => {
  test('orders by date, then by slot in the day (not alphabetically)', () => {
    const list = [hold('2027-01-02', 'morning'), hold('2027-01-01', 'evening'), hold('2027-01-01', 'morning'), hold('2027-01-01', 'afternoon')];
    expect(list.sort(byDateAndSlot).map((b) => `${b.date} ${b.timeSlot}`)).toEqual([
      '2027-01-01 morning',
      '2027-01-01 afternoon',
      '2027-01-01 evening',
      '2027-01-02 morning',
    ]);
  });
});
