import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import cocktailsJson from '@content/cocktails.json';
import plannerJson from '@content/bar-planner.json';
import { planBar, planMessage, quantityText, resultSummary, type PlanInput, type PlannerRules } from '../lib/bar-planner';
import { fillTemplate } from '@shared/template';
import BarPlanner from './BarPlanner';

const rules = plannerJson.planner as unknown as PlannerRules;
const { copy, limits } = rules;
const cocktails = cocktailsJson.map(({ id, name }) => ({ id, name }));
const example = plannerJson.planner.example;

function setup(initial: PlanInput = example) {
  const user = userEvent.setup();
  render(<BarPlanner rules={rules} cocktails={cocktails} initial={initial} />);
  return { user };
}

const guests = () => screen.getByLabelText(copy.labels.guests);
const hours = () => screen.getByLabelText(copy.labels.hours);
const mix = () => screen.getByLabelText(copy.labels.mix);
const status = () => screen.getByRole('status');

/** The shopping list as the tables show it: [item, quantity] rows. */
function rows() {
  return screen.getAllByRole('table').flatMap((table) =>
    within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [within(row).getByRole('rowheader').textContent, within(row).getByRole('cell').textContent]),
  );
}

/** The rows the pure functions give for `input`. */
function expectedRows(input: PlanInput) {
  const result = planBar(input, rules, cocktails);
  if (!result.ok) throw new Error('no plan');
  return result.plan.lines.map((line) => [line.label, quantityText(line)]);
}

async function retype(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
  await user.clear(input);
  if (text) await user.type(input, text);
}

describe('BarPlanner', () => {
  test('shows the first plan at once, with nothing announced', () => {
    setup();
    expect(guests()).toHaveValue(example.guests);
    expect(hours()).toHaveValue(example.hours);
    expect(mix()).toHaveValue(example.mix);
    expect(rows()).toEqual(expectedRows(example));
    expect(status()).toHaveTextContent('');
  });

  test('offers each mix, then each signature cocktail', () => {
    setup();
    const options = within(mix()).getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual([
      ...rules.mixes.map((item) => item.label),
      ...cocktails.map((cocktail) => fillTemplate(copy.cocktail, { name: cocktail.name })),
    ]);
  });

  test('updates the list as the inputs change and announces the settled plan once', async () => {
    const { user } = setup();
    await retype(user, guests(), '120');
    await retype(user, hours(), '5');
    await user.selectOptions(mix(), 'spirits');
    const input = { guests: 120, hours: 5, mix: 'spirits' };
    expect(rows()).toEqual(expectedRows(input));
    await waitFor(() => expect(status()).toHaveTextContent(resultSummary(planBar(input, rules, cocktails), copy)));
  });

  test('a signature cocktail lists its own ingredients', async () => {
    const { user } = setup();
    await user.selectOptions(mix(), 'texas-mule');
    expect(rows()).toEqual(expectedRows({ ...example, mix: 'texas-mule' }));
  });

  test('typing a number never flashes a refusal, and an out-of-range one is refused once settled', async () => {
    const { user } = setup();
    await retype(user, guests(), '2');
    // "2" on its way to "25": the last plan stays, no message yet.
    expect(screen.queryByText(fillTemplate(copy.problems.guests, limits.guests))).toBeNull();
    expect(rows()).toEqual(expectedRows(example));
    await waitFor(() => expect(guests()).toHaveAccessibleDescription(fillTemplate(copy.problems.guests, limits.guests)));
    expect(guests()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
    expect(status()).toHaveTextContent(fillTemplate(copy.problems.guests, limits.guests));

    await user.type(guests(), '5');
    expect(guests()).not.toHaveAttribute('aria-invalid');
    expect(rows()).toEqual(expectedRows({ ...example, guests: 25 }));
  });

  test.each(['', '0', '201', '99999'])('refuses %j guests with the range, never NaN', async (text) => {
    const { user } = setup();
    await retype(user, guests(), text);
    await waitFor(() => expect(guests()).toHaveAccessibleDescription(fillTemplate(copy.problems.guests, limits.guests)));
    expect(document.body.textContent).not.toMatch(/NaN|Infinity|undefined/);
  });

  test('refuses hours out of range', async () => {
    const { user } = setup();
    await retype(user, hours(), String(limits.hours.max + 1));
    await waitFor(() => expect(hours()).toHaveAccessibleDescription(fillTemplate(copy.problems.hours, limits.hours)));
  });

  test('"Send these numbers" links to the inquiry with the guest count and the plan as the message', async () => {
    const { user } = setup();
    await retype(user, guests(), '50');
    await retype(user, hours(), '4');
    await user.selectOptions(mix(), 'beer-wine');
    const link = screen.getByRole('link', { name: copy.send });
    const url = new URL(link.getAttribute('href')!, 'https://example.com');
    expect(url.pathname).toBe('/contact');
    expect(url.searchParams.get('guestCount')).toBe('50');
    const result = planBar({ guests: 50, hours: 4, mix: 'beer-wine' }, rules, cocktails);
    expect(result.ok && url.searchParams.get('message')).toBe(result.ok && planMessage(result.plan, copy));
  });

  test('works by keyboard: Tab through the fields, type the numbers', async () => {
    const { user } = setup();
    await user.tab();
    expect(guests()).toHaveFocus();
    await user.keyboard(`${'{Backspace}'.repeat(String(example.guests).length)}${example.guests + 1}`);
    expect(guests()).toHaveValue(example.guests + 1);
    await user.tab();
    expect(hours()).toHaveFocus();
    await user.tab();
    expect(mix()).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('link', { name: copy.send })).toHaveFocus();
    expect(rows()).toEqual(expectedRows({ ...example, guests: example.guests + 1 }));
  });
});
