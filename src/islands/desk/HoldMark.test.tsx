import { render, screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import desk from '@content/desk.json';
import type { OwnerAgenda } from '@shared/schemas/owner/agenda';
import OwnerDesk from '../OwnerDesk';
import HoldMark, { holdMarkText, tentativeDay } from './HoldMark';
import { serveDesk } from './desk-test-support';

const copy = desk.desk;
const marks = copy.stageMarks;
// The end of Jun 5, 2027 in Texas (CDT): the hold's last day is Jun 5.
const END_OF_JUNE_5 = '2027-06-06T05:00:00.000Z';

describe('HoldMark', () => {
  test.each([
    ['held', null, marks.held],
    ['proposal_sent', null, marks.proposal_sent],
    ['proposal_sent', END_OF_JUNE_5, 'Tentative until Jun 5'],
    ['held', END_OF_JUNE_5, 'Tentative until Jun 5'],
    ['signed', null, marks.signed],
    ['confirmed', null, marks.confirmed],
  ] as const)('%s (tentative until %s) reads "%s"', (stage, tentativeUntil, words) => {
    expect(holdMarkText(marks, { stage, tentativeUntil })).toBe(words);
    render(<HoldMark copy={marks} stage={stage} tentativeUntil={tentativeUntil} />);
    expect(screen.getByText(words)).toBeVisible();
  });

  test('a tentative hold ending mid-day reads that Texas day', () => {
    expect(tentativeDay('2027-06-05T19:00:00.000Z')).toBe('Jun 5');
    expect(tentativeDay('2027-12-01T06:00:00.000Z')).toBe('Nov 30');
  });
});

test('the agenda marks each reservation with its stage', async () => {
  const reservation = { clientEmail: 'a@example.com', eventType: 'wedding', phone: null, guestCount: null, eventLocation: null } as const;
  const agenda: OwnerAgenda = {
    from: '2027-06-01',
    to: '2027-06-30',
    reservations: [
      { ...reservation, id: 'r1', date: '2027-06-01', timeSlot: 'morning', clientName: 'Ann', stage: 'proposal_sent', tentativeUntil: END_OF_JUNE_5 },
      { ...reservation, id: 'r2', date: '2027-06-01', timeSlot: 'afternoon', clientName: 'Bea', stage: 'held', tentativeUntil: null },
      { ...reservation, id: 'r3', date: '2027-06-01', timeSlot: 'evening', clientName: 'Cy', stage: 'confirmed', tentativeUntil: null },
    ],
    blocks: [],
    newInquiries: { count: 0, more: false, newest: [] },
    failedMails: 0,
    paymentsDue: [],
  };
  serveDesk(() => agenda);
  render(<OwnerDesk copy={copy} />);
  const today = within(await screen.findByRole('region', { name: copy.agenda.today }));
  const row = (name: string) => today.getByText(name).closest('li')!;
  expect(row('Ann')).toHaveTextContent('Tentative until Jun 5');
  expect(row('Bea')).toHaveTextContent(marks.held);
  expect(row('Cy')).toHaveTextContent(marks.confirmed);
});
