import type { ContractFacts } from '../../../netlify/lib/proposals/document';

/**
 * A proposal's facts as the server would freeze them for an event on `eventDate` (YYYY-MM-DD): the one written-out
 * contract of the tests (tests/fixtures.ts passes it on) and of the PDF benchmark, which cannot load vitest. The money
 * adds up: the lines make the total, the retainer and balance make it too.
 */
export function sampleContractFacts(eventDate: string, patch: Partial<ContractFacts> = {}): ContractFacts {
  const [year, month, day] = eventDate.split('-').map(Number) as [number, number, number];
  const daysBefore = (days: number) => new Date(Date.UTC(year, month - 1, day - days)).toISOString().slice(0, 10);
  return {
    clientName: 'Zoë Nguyễn',
    clientEmail: 'zoe@example.com',
    eventType: 'wedding',
    date: eventDate,
    timeSlot: 'evening',
    eventLocation: 'Hill Country Ranch, 1200 Ranch Road 12, Wimberley, TX',
    guestCount: 120,
    lines: [
      { label: 'Wedding bar, premium (alcohol included), 4 hours, 120 guests', amountCents: 576_000 },
      { label: 'Champagne toast service, 120 guests', amountCents: 36_000 },
      { label: 'Travel, 38 miles from Austin (25 free)', amountCents: 1_170 },
    ],
    totalCents: 613_170,
    schedule: [
      { label: 'Retainer', amountCents: 306_585, dueOn: daysBefore(150) },
      { label: 'Balance', amountCents: 306_585, dueOn: daysBefore(30) },
    ],
    validUntil: daysBefore(140),
    ...patch,
  };
}
