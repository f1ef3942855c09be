import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import desk from '@content/desk.json';
import type { DeskCopy } from '../../content-schemas/desk';
import { EMPTY_DETAILS, type EventDetails } from '@shared/schemas/event-details';
import { fillTemplate } from '@shared/template';
import { formatLongDate, formatTexasMoment } from '@shared/texas-time';
import DetailsPanel from './DetailsPanel';

const copy = desk.desk as unknown as DeskCopy;
const words = copy.details;
const BOOKING = '00000000-0000-4000-8000-000000000042';
const DETAILS: EventDetails = {
  ...EMPTY_DETAILS,
  guestCount: 120,
  barStart: '18:30',
  barEnd: '22:00',
  cocktails: ['lone-star-rita', 'texas-mule'],
  venueNotes: 'Gate 4411\nPower by the barn',
  updatedAt: '2026-06-01T20:42:00.000Z',
  updatedBy: 'client',
  dueOn: '2026-06-20',
  open: true,
  complete: false,
};

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});

async function panel(details: EventDetails) {
  fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ details }), { status: 200, headers: { 'content-type': 'application/json' } }));
  render(<DetailsPanel desk={copy} bookingId={BOOKING} onError={vi.fn()} />);
  return screen.findByRole('region', { name: words.heading });
}

/** The value listed under `label`. */
const valueOf = (region: HTMLElement, label: string) => within(region).getByText(label).nextElementSibling?.textContent;

describe('DetailsPanel', () => {
  test('each field as the client saved it, "not given" for the empty ones, not complete, last saved by the client, the due day', async () => {
    const region = await panel(DETAILS);
    expect(String(fetchMock.mock.calls[0]![0])).toBe(`/api/admin/bookings/${BOOKING}/details`);
    expect(region).toHaveTextContent(words.incomplete);
    expect(region).toHaveTextContent(fillTemplate(words.dueOpen, { date: formatLongDate('2026-06-20') }));
    expect(region).toHaveTextContent(fillTemplate(words.saved, { when: formatTexasMoment(DETAILS.updatedAt!), who: words.client }));
    expect(valueOf(region, words.labels.guestCount)).toBe('120');
    expect(valueOf(region, words.labels.adultGuests)).toBe(words.notGiven);
    expect(valueOf(region, words.labels.bar)).toBe('6:30 PM to 10:00 PM');
    expect(valueOf(region, words.labels.cocktails)).toBe('Lone Star Rita, Texas Mule');
    expect(valueOf(region, words.labels.venueNotes)).toBe('Gate 4411\nPower by the barn');
    expect(valueOf(region, words.labels.onSitePhone)).toBe(words.notGiven);
  });

  test('complete and past due, the phone on site a tel: link', async () => {
    const region = await panel({ ...DETAILS, adultGuests: 90, onSiteContact: 'Maria', onSitePhone: '(512) 555-0144', open: false, complete: true });
    expect(region).toHaveTextContent(words.complete);
    expect(region).toHaveTextContent(fillTemplate(words.dueClosed, { date: formatLongDate('2026-06-20') }));
    expect(within(region).getByRole('link', { name: '(512) 555-0144' })).toHaveAttribute('href', 'tel:+15125550144');
  });

  test('none given yet', async () => {
    const region = await panel({ ...EMPTY_DETAILS, updatedAt: null, updatedBy: null, dueOn: '2026-06-20', open: true, complete: false });
    expect(region).toHaveTextContent(words.never);
    expect(within(region).getAllByText(words.notGiven)).toHaveLength(7);
  });
});
