import { render, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { fillTemplate } from '@shared/template';
import { BOOKING_STAGES } from '@shared/schemas/proposal';
import { eventCopy } from './event-test-support';
import StageNote from './StageNote';

const copy = eventCopy.stage;

describe('StageNote', () => {
  test.each(BOOKING_STAGES.filter((stage) => stage !== 'proposal_sent'))('says the %s stage by its name and what is agreed', (stage) => {
    render(<StageNote copy={copy} stage={stage} tentativeUntil={null} />);
    expect(screen.getByText(copy[stage].label)).toBeInTheDocument();
    expect(screen.getByText(copy[stage].text)).toBeInTheDocument();
  });

  test('a sent proposal names the last day to sign, and a tentative hold the Texas day it ends with', () => {
    // Midnight at the start of May 16 in Texas (CDT): the hold lasts until the end of May 15.
    const until = '2026-05-16T05:00:00.000Z';
    render(<StageNote copy={copy} stage="proposal_sent" validUntil="2026-05-15" tentativeUntil={until} />);
    expect(screen.getByText(copy.proposal_sent.label)).toBeInTheDocument();
    expect(screen.getByText(fillTemplate(copy.proposal_sent.text, { validUntil: 'Friday, May 15, 2026' }))).toBeInTheDocument();
    expect(screen.getByText(fillTemplate(copy.tentative, { until: 'Friday, May 15, 2026' }))).toBeInTheDocument();
  });
});
