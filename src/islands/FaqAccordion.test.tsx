import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import FaqAccordion, { type FaqGroup } from './FaqAccordion';

const groups: FaqGroup[] = [
  {
    id: 'service',
    title: 'Service Questions',
    items: [
      { id: 'area', question: 'What areas do you serve?', answer: 'We serve all of Texas.' },
      { id: 'included', question: 'What is included?', answer: 'Bartenders, setup and glassware.' },
    ],
  },
  {
    id: 'planning',
    title: 'Event Planning',
    items: [{ id: 'ahead', question: 'How far ahead?', answer: 'At least 4-6 weeks.' }],
  },
];

const item = (question: string) => screen.getByText(question).closest('details')!;
const openItems = () => document.querySelectorAll('details[open]');

describe('FaqAccordion', () => {
  test('server HTML holds every group, question and answer, all closed', () => {
    const html = renderToString(<FaqAccordion groups={groups} />);
    for (const text of ['Service Questions', 'Event Planning', 'What areas do you serve?', 'We serve all of Texas.', 'At least 4-6 weeks.']) {
      expect(html).toContain(text);
    }
    expect(html).not.toMatch(/<details[^>]*\sopen/);
  });

  test('renders group headings and one disclosure per question', () => {
    render(<FaqAccordion groups={groups} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Service Questions' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Event Planning' })).toBeInTheDocument();
    expect(document.querySelectorAll('details')).toHaveLength(3);
    expect(openItems()).toHaveLength(0);
  });

  test('opens the chosen question', async () => {
    const user = userEvent.setup();
    render(<FaqAccordion groups={groups} />);
    await user.click(screen.getByText('What areas do you serve?'));
    expect(item('What areas do you serve?')).toHaveAttribute('open');
    expect(openItems()).toHaveLength(1);
  });

  test('keeps at most one answer open, across groups', async () => {
    const user = userEvent.setup();
    render(<FaqAccordion groups={groups} />);
    await user.click(screen.getByText('What areas do you serve?'));
    await user.click(screen.getByText('What is included?'));
    expect(item('What is included?')).toHaveAttribute('open');
    expect(item('What areas do you serve?')).not.toHaveAttribute('open');
    await user.click(screen.getByText('How far ahead?'));
    expect(item('How far ahead?')).toHaveAttribute('open');
    expect(openItems()).toHaveLength(1);
  });

  test('choosing the open question closes it', async () => {
    const user = userEvent.setup();
    render(<FaqAccordion groups={groups} />);
    await user.click(screen.getByText('How far ahead?'));
    await user.click(screen.getByText('How far ahead?'));
    expect(openItems()).toHaveLength(0);
  });

  test('follows an item the browser opened itself (e.g. find-in-page), keeping one open', async () => {
    const user = userEvent.setup();
    render(<FaqAccordion groups={groups} />);
    const found = item('How far ahead?');
    found.open = true;
    fireEvent(found, new Event('toggle'));
    await user.click(screen.getByText('What areas do you serve?'));
    expect(found).not.toHaveAttribute('open');
    expect(openItems()).toHaveLength(1);
    await user.click(screen.getByText('What areas do you serve?'));
    expect(openItems()).toHaveLength(0);
  });

  test('an answer opened before hydration closes on the next click', async () => {
    // hydrateRoot is driven by hand here, outside Testing Library's helpers, so tell React this is a test.
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    const container = document.createElement('div');
    container.innerHTML = renderToString(<FaqAccordion groups={groups} />);
    document.body.append(container);
    // The visitor opened it while the island's JavaScript was still loading.
    container.querySelector<HTMLDetailsElement>('#faq-area')!.open = true;
    // Let its toggle event pass before the island exists, as it does on a real phone.
    await new Promise((resolve) => setTimeout(resolve, 10));
    const hydrated = await act(async () => hydrateRoot(container, <FaqAccordion groups={groups} />));
    await userEvent.click(item('What areas do you serve?').querySelector('summary')!);
    expect(openItems()).toHaveLength(0);
    act(() => hydrated.unmount());
    container.remove();
  });
});
