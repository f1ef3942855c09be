import type { Booking, BookingOutput } from '../../src/schemas/booking';

/** A made-up inquiry id for a bot's submission: looks like a real answer, nothing is stored. */
export function decoyInquiry(): { id: string } {
  return { id: crypto.randomUUID() };
}

/** A made-up booking for a bot's reservation: the same shape as a real one, nothing is stored or held. */
export function decoyBooking(booking: BookingOutput, now: Date = new Date()): Booking {
  const at = now.toISOString();
  return {
    id: crypto.randomUUID(),
    date: booking.date,
    timeSlot: booking.timeSlot,
    clientName: booking.clientName,
    clientEmail: booking.clientEmail,
    eventType: booking.eventType,
    isAvailable: false,
    createdAt: at,
    updatedAt: at,
  };
}
