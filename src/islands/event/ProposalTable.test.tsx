import { render, screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { fillTemplate } from '@shared/template';
import { clientProposal, eventCopy } from './event-test-support';
import ProposalTable from './ProposalTable';

const copy = eventCopy.proposal;
const rows = (table: HTMLElement) =>
  within(table).getAllByRole('row').slice(1).map((row) => Array.from(row.children, (cell) => cell.textContent));

describe('ProposalTable', () => {
  test('shows each line and the total in dollars, each payment with its long due date, and the last day to sign', () => {
    render(<ProposalTable copy={copy} proposal={clientProposal()} />);
    expect(rows(screen.getByRole('table', { name: copy.lines }))).toEqual([
      ['Classic bar, 100 guests, 4 hours', '$1,800.00'],
      ['Travel, 12 miles', '$45.50'],
      ['Returning client', '-$50.00'],
      [copy.total, '$1,795.50'],
    ]);
    expect(rows(screen.getByRole('table', { name: copy.schedule }))).toEqual([
      ['Retainer', 'Friday, May 1, 2026', '$500.00'],
      ['Balance', 'Thursday, June 4, 2026', '$1,295.50'],
    ]);
    expect(screen.getByText(fillTemplate(copy.validUntil, { date: 'Friday, May 15, 2026' }))).toBeInTheDocument();
  });

  test('a signed proposal no longer says until when it may be signed', () => {
    render(<ProposalTable copy={copy} proposal={clientProposal({ state: 'signed', signedAt: '2026-05-02T15:30:00.000Z' })} />);
    expect(screen.queryByText(fillTemplate(copy.validUntil, { date: 'Friday, May 15, 2026' }))).not.toBeInTheDocument();
  });
});
