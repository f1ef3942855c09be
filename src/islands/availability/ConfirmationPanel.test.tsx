import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, test, vi } from 'vitest';
import forms from '@content/forms.json';
import { fillTemplate } from '@shared/template';
import ConfirmationPanel, { bookedValues, type BookedSlot } from './ConfirmationPanel';
import { checkerBusiness } from '../../../tests/fixtures';

const copy = forms.availability.checker.confirmation;
const business = checkerBusiness;
const NBSP = '\u00a0';

function setup(booked: Partial<BookedSlot> = {}) {
  const onBookAnother = vi.fn();
  const headingRef = createRef<HTMLHeadingElement>();
  const slot: BookedSlot = { date: '2027-03-14', timeSlot: 'evening', clientEmail: 'dolly@example.com', eventType: 'wedding', ...booked };
  render(<ConfirmationPanel copy={copy} business={business} booked={slot} headingRef={headingRef} onBookAnother={onBookAnother} />);
  return { onBookAnother, headingRef };
}

describe('bookedValues', () => {
  // The hours are the slot's window on the Texas clock, whatever the season.
  test.each([
    ['2027-03-14', 'evening', 'Sunday, March 14, 2027', copy.slotNames.evening, `6${NBSP}PM`, `11${NBSP}PM`],
    ['2027-07-10', 'morning', 'Saturday, July 10, 2027', copy.slotNames.morning, `9${NBSP}AM`, `1${NBSP}PM`],
    ['2027-11-07', 'afternoon', 'Sunday, November 7, 2027', copy.slotNames.afternoon, `1${NBSP}PM`, `6${NBSP}PM`],
  ] as const)('%s %s reads %s, %s, %s to %s', (date, timeSlot, longDate, slot, start, end) => {
    const values = bookedValues(copy, { date, timeSlot, clientEmail: 'a@example.com', eventType: 'birthday' });
    expect(values).toEqual({ date: longDate, slot, start, end });
  });
});

describe('ConfirmationPanel', () => {
  test('names the date and the slot in Texas time and the address the mail went to', () => {
    setup();
    const heading = screen.getByRole('heading', { level: 3, name: copy.heading });
    expect(heading).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('region', { name: copy.heading })).toBeInTheDocument();
    const when = `Sunday, March 14, 2027 Evening, 6${NBSP}PM to 11${NBSP}PM Texas time`;
    expect(screen.getByText((_, element) => element?.tagName === 'P' && element.textContent === when)).toBeInTheDocument();
    expect(screen.getByText(/^We e-mailed /)).toHaveTextContent(
      'We e-mailed dolly@example.com a confirmation with a calendar invitation and a link to your event page. Nothing is agreed yet: we will send you a proposal and contract to sign there.',
    );
  });

  test('the heading is the ref the checker focuses', () => {
    const { headingRef } = setup();
    expect(headingRef.current).toBe(screen.getByRole('heading', { name: copy.heading }));
  });

  test('renders the address as text: markup in it shows literally', () => {
    setup({ clientEmail: '<b>bold</b>@example.com' });
    const paragraph = screen.getByText(/^We e-mailed /);
    expect(paragraph).toHaveTextContent(fillTemplate(copy.emailed, { email: '<b>bold</b>@example.com' }));
    expect(paragraph.querySelector('b')).toBeNull();
    expect(screen.getByText('<b>bold</b>@example.com').tagName).toBe('STRONG');
  });

  test('offers Google and Outlook links to the booked window, in a new tab without an opener', () => {
    setup();
    const google = screen.getByRole('link', { name: `${copy.googleLabel} ${copy.newTab}` });
    const outlook = screen.getByRole('link', { name: `${copy.outlookLabel} ${copy.newTab}` });
    for (const link of [google, outlook]) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
    }
    const googleUrl = new URL(google.getAttribute('href')!);
    // 6 PM to 11 PM on the day daylight saving starts in Texas (CDT, UTC-5).
    expect(googleUrl.searchParams.get('dates')).toBe('20270314T230000Z/20270315T040000Z');
    expect(googleUrl.searchParams.get('text')).toBe(`${business.brandName}: Wedding`);
    // The mails' own calendar words: the confirmation mail's link says the same.
    expect(googleUrl.searchParams.get('details')).toBe(
      `${business.brandName} at your event (Wedding), 6:00 PM – 11:00 PM Central Time (America/Chicago). Questions: ${business.phone} or ${business.email}.`,
    );
    const outlookUrl = new URL(outlook.getAttribute('href')!);
    expect(outlookUrl.searchParams.get('startdt')).toBe('2027-03-14T23:00:00.000Z');
    expect(outlookUrl.searchParams.get('subject')).toBe(`${business.brandName}: Wedding`);
  });

  test('"Book another time" calls back', async () => {
    const { onBookAnother } = setup();
    await userEvent.setup().click(screen.getByRole('button', { name: copy.again }));
    expect(onBookAnother).toHaveBeenCalledTimes(1);
  });
});
