import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import cocktailsJson from '@content/cocktails.json';
import plannerJson from '@content/bar-planner.json';
import { estimatePrice, type Estimate } from '@shared/pricing';
import { locateTexasZip } from '@shared/texas-zips';
import { BUSINESS_PHONE, PRICES } from '@shared/prices';
import { formatCents } from '@shared/money';
import { fillTemplate } from '@shared/template';
import { clock } from '../../tests/fixtures';
import { planBar, planMessage, quantityText, resultSummary, type PlanInput, type PlannerRules } from '../lib/bar-planner';
import { browserPrices } from '../lib/estimate';
import { totalText } from '../lib/estimate-words';
import BarPlanner from './BarPlanner';

type FetchArgs = Parameters<typeof fetch>;

const rules = plannerJson.planner as unknown as PlannerRules;
const { copy } = rules;
const cocktails = cocktailsJson.map(({ id, name }) => ({ id, name }));
const prices = browserPrices(PRICES);
const example = plannerJson.planner.example as PlanInput & { packageId: 'wedding'; serviceLevel: 'byob'; zip: string; addOns: string[] };
const context = { prices: PRICES, phone: BUSINESS_PHONE, now: clock.now, locate: locateTexasZip };

/** The estimate route as the server answers it: the one pricing function over the body. */
function priceOf(body: unknown): Response {
  const priced = estimatePrice(body, context);
  if (priced.ok) return Response.json({ estimate: priced.value.estimate });
  return Response.json({ error: { code: priced.code, message: 'Please check the highlighted fields.', fields: priced.details } }, { status: 400 });
}

function exampleEstimate() {
  const { mix: _mix, ...input } = example;
  const priced = estimatePrice(input, context);
  if (!priced.ok) throw new Error('the example has no price');
  return priced.value;
}

let fetchMock: ReturnType<typeof vi.fn<(...args: FetchArgs) => Promise<Response>>>;
beforeEach(() => {
  fetchMock = vi.fn(async (_url, init) => priceOf(JSON.parse(String(init?.body))));
  vi.stubGlobal('fetch', fetchMock);
});

function setup() {
  const user = userEvent.setup();
  render(
    <BarPlanner rules={rules} cocktails={cocktails} prices={prices} phone={BUSINESS_PHONE} initial={example} initialEstimate={exampleEstimate()} />,
  );
  return { user };
}

const byLabel = (label: string) => screen.getByLabelText(label);
const guests = () => byLabel(copy.labels.guests);
const hours = () => byLabel(copy.labels.hours);
const mix = () => byLabel(copy.labels.mix);
const zip = () => byLabel(copy.labels.zip);
const status = () => screen.getByRole('status');
const priceTable = () => screen.getByRole('table', { name: copy.price.heading });
const sentBodies = () => fetchMock.mock.calls.map(([, init]) => JSON.parse(String(init?.body)));

/** The shopping list as the tables show it: [item, quantity] rows. */
function rows() {
  return screen
    .getAllByRole('table')
    .filter((table) => table !== priceTable())
    .flatMap((table) =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => [within(row).getByRole('rowheader').textContent, within(row).getByRole('cell').textContent]),
    );
}

/** The price's lines as shown: [label, quantity, unit, amount]. */
function priceLines() {
  return within(priceTable())
    .getAllByRole('row')
    .slice(1)
    .filter((row) => row.closest('tbody'))
    .map((row) => [within(row).getByRole('rowheader').textContent, ...within(row).getAllByRole('cell').map((cell) => cell.textContent)]);
}

const linesOf = (estimate: Estimate) =>
  estimate.lines.map((line) => [line.label, String(line.quantity), formatCents(line.unitCents), formatCents(line.amountCents)]);

function planFor(input: PlanInput) {
  const result = planBar(input, rules, cocktails, prices, BUSINESS_PHONE);
  if (!result.ok) throw new Error('no plan');
  return result;
}

async function retype(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
  await user.clear(input);
  if (text) await user.type(input, text);
}

describe('BarPlanner: the plan', () => {
  test('shows the example plan and its price at once, asks nothing and announces nothing', () => {
    setup();
    expect(guests()).toHaveValue(example.guests);
    expect(hours()).toHaveValue(example.hours);
    expect(mix()).toHaveValue(example.mix);
    expect(zip()).toHaveValue(example.zip);
    expect(rows()).toEqual(planFor(example).plan.lines.map((line) => [line.label, quantityText(line)]));
    expect(priceLines()).toEqual(linesOf(exampleEstimate().estimate));
    expect(status()).toHaveTextContent('');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  test('a signature cocktail lists its own ingredients, and the price is not asked again', async () => {
    const { user } = setup();
    await user.selectOptions(mix(), 'texas-mule');
    expect(rows()).toEqual(planFor({ ...example, mix: 'texas-mule' }).plan.lines.map((line) => [line.label, quantityText(line)]));
    await waitFor(() => expect(status()).not.toHaveTextContent(''));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  test('refuses more guests than the price list takes with its "call us" sentence, and asks no price', async () => {
    const { user } = setup();
    await retype(user, guests(), String(PRICES.guests.max + 1));
    const callUs = fillTemplate(PRICES.copy.tooManyGuests, { max: PRICES.guests.max, phone: BUSINESS_PHONE });
    await waitFor(() => expect(guests()).toHaveAccessibleDescription(callUs));
    expect(guests()).toHaveAttribute('aria-invalid', 'true');
    // The live region is written a render after the field's message.
    await waitFor(() => expect(status()).toHaveTextContent(callUs));
    expect(screen.queryByRole('link')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
    await retype(user, guests(), String(PRICES.guests.max));
    expect(guests()).not.toHaveAttribute('aria-invalid');
  });

  test.each(['', '0', '12.5'])('refuses %j guests with the shared rule\'s message, never NaN', async (text) => {
    const { user } = setup();
    await retype(user, guests(), text);
    await waitFor(() => expect(guests()).toHaveAttribute('aria-invalid', 'true'));
    expect(guests()).toHaveAccessibleDescription(/^Please/);
    expect(document.body.textContent).not.toMatch(/NaN|Infinity|undefined/);
  });
});

describe('BarPlanner: the price', () => {
  test('typing guests, hours and ZIP asks once the visitor pauses, shows the lines and announces plan and total', async () => {
    const { user } = setup();
    await retype(user, guests(), '120');
    await retype(user, hours(), '6');
    await retype(user, zip(), '78666');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const request = { packageId: 'wedding', serviceLevel: 'byob', guests: 120, hours: 6, zip: '78666', addOns: [] };
    expect(sentBodies()).toEqual([request]);
    const { estimate } = (estimatePrice(request, context) as { ok: true; value: { estimate: Estimate } }).value;
    await waitFor(() => expect(priceLines()).toEqual(linesOf(estimate)));
    // The travel line names the miles and the area it counts from.
    expect(priceTable()).toHaveTextContent(`${estimate.travel.miles} miles from ${estimate.travel.from}`);
    const plan = planFor({ guests: 120, hours: 6, mix: example.mix });
    await waitFor(() => expect(status()).toHaveTextContent(`${resultSummary(plan, copy)} ${totalText(estimate, copy.price)}`));
    expect(within(priceTable()).getByRole('row', { name: new RegExp(copy.price.total) })).toHaveTextContent(formatCents(estimate.totalCents));
  });

  test('shows "Working out your price…" while asked, and drops an answer a newer question replaced', async () => {
    const held: Array<(response: Response) => void> = [];
    fetchMock.mockImplementation((_url, init) => new Promise((resolve) => held.push(() => resolve(priceOf(JSON.parse(String(init?.body)))))));
    const { user } = setup();
    await retype(user, guests(), '60');
    await waitFor(() => expect(held).toHaveLength(1));
    expect(screen.getByText(copy.price.pending)).toBeInTheDocument();
    expect(priceTable().closest('[aria-busy]')).toHaveAttribute('aria-busy', 'true');
    const first = (fetchMock.mock.calls[0]?.[1] as RequestInit).signal!;
    await retype(user, guests(), '90');
    await waitFor(() => expect(held).toHaveLength(2));
    expect(first.aborted).toBe(true);
    await act(async () => held[1]!(new Response()));
    await act(async () => held[0]!(new Response()));
    const latest = (estimatePrice({ ...sentBodies()[1] }, context) as { ok: true; value: { estimate: Estimate } }).value.estimate;
    await waitFor(() => expect(priceLines()).toEqual(linesOf(latest)));
    expect(screen.queryByText(copy.price.pending)).toBeNull();
  });

  test('a ZIP outside Texas: the server\'s message next to the ZIP field', async () => {
    const { user } = setup();
    await retype(user, zip(), '10001');
    await waitFor(() => expect(zip()).toHaveAccessibleDescription(new RegExp(PRICES.copy.outsideServiceArea.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))));
    expect(zip()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(copy.price.refused)).toBeInTheDocument();
    await waitFor(() => expect(status()).toHaveTextContent(PRICES.copy.outsideServiceArea));
  });

  test('a ZIP of four digits is refused in place, without asking', async () => {
    const { user } = setup();
    await retype(user, zip(), '7870');
    await waitFor(() => expect(zip()).toHaveAttribute('aria-invalid', 'true'));
    expect(zip()).toHaveAccessibleDescription(/5-digit ZIP/);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  test('a network failure says so as an alert, keeps every input, and "Try again" asks again', async () => {
    fetchMock.mockImplementationOnce(() => Promise.reject(new TypeError('Failed to fetch')));
    const { user } = setup();
    await retype(user, guests(), '75');
    expect(await screen.findByRole('alert')).toHaveTextContent(copy.price.failed);
    expect(guests()).toHaveValue(75);
    await user.click(screen.getByRole('button', { name: copy.price.retry }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.queryByText(copy.price.failed)).toBeNull());
    expect(priceTable()).toBeInTheDocument();
  });

  test('offers the add-ons of the chosen package, and sends only those', async () => {
    const { user } = setup();
    const offered = (packageId: string) => PRICES.addOns.filter((addOn) => (addOn.packages as string[]).includes(packageId));
    const group = () => screen.getByRole('group', { name: copy.labels.addOns });
    expect(within(group()).getAllByRole('checkbox').map((box) => box.getAttribute('value'))).toEqual(offered('wedding').map((addOn) => addOn.id));
    await user.click(within(group()).getByRole('checkbox', { name: /Signature cocktails/ }));
    await user.click(within(group()).getByRole('checkbox', { name: /Mocktail bar/ }));
    await user.selectOptions(byLabel(copy.labels.packageId), 'private');
    expect(within(group()).getAllByRole('checkbox').map((box) => box.getAttribute('value'))).toEqual(offered('private').map((addOn) => addOn.id));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(sentBodies()[0]).toMatchObject({ packageId: 'private', addOns: ['mocktail-bar'] });
  });

  test('each service level is a radio button described by what it includes', async () => {
    const { user } = setup();
    const premium = screen.getByRole('radio', { name: PRICES.serviceLevels.premium.label });
    expect(premium).toHaveAccessibleDescription(PRICES.serviceLevels.premium.description);
    await user.click(premium);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(sentBodies()[0]).toMatchObject({ serviceLevel: 'premium' });
  });

  test('"Send this estimate with my inquiry" carries the plan and the priced estimate\'s inputs, no personal data', async () => {
    const { user } = setup();
    await retype(user, guests(), '50');
    await user.type(byLabel(copy.labels.date), clock.day(90));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const link = await screen.findByRole('link', { name: copy.send });
    await waitFor(() => expect(new URL(link.getAttribute('href')!, 'https://example.com').searchParams.get('date')).toBe(clock.day(90)));
    const url = new URL(link.getAttribute('href')!, 'https://example.com');
    expect(url.pathname).toBe('/contact');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      guestCount: '50',
      message: planMessage(planFor({ guests: 50, hours: example.hours, mix: example.mix }).plan, copy),
      package: example.packageId,
      level: example.serviceLevel,
      hours: String(example.hours),
      zip: example.zip,
      date: clock.day(90),
    });
  });

  test('works by keyboard: Tab through every field in order, type the numbers', async () => {
    const { user } = setup();
    await user.tab();
    expect(guests()).toHaveFocus();
    await user.keyboard(`${'{Backspace}'.repeat(String(example.guests).length)}${example.guests + 1}`);
    await user.tab();
    expect(hours()).toHaveFocus();
    await user.tab();
    expect(mix()).toHaveFocus();
    await user.tab();
    expect(byLabel(copy.labels.packageId)).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('radio', { name: PRICES.serviceLevels.byob.label })).toHaveFocus();
    await user.tab();
    expect(zip()).toHaveFocus();
    await user.tab();
    expect(byLabel(copy.labels.date)).toHaveFocus();
    await user.tab();
    expect(within(screen.getByRole('group', { name: copy.labels.addOns })).getAllByRole('checkbox')[0]).toHaveFocus();
    await user.keyboard(' ');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(sentBodies()[0]).toMatchObject({ guests: example.guests + 1, addOns: [PRICES.addOns[0]!.id] });
  });
});
