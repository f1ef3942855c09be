import { act, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, test, vi } from 'vitest';
import AvailabilityChecker from './AvailabilityChecker';
import forms from '@content/forms.json';
import plannerJson from '@content/bar-planner.json';
import cocktailsJson from '@content/cocktails.json';
import { estimatePrice } from '@shared/pricing';
import { locateTexasZip } from '@shared/texas-zips';
import { BUSINESS_PHONE, PRICES } from '@shared/prices';
import type { PlannerRules } from '../lib/bar-planner';
import { browserPrices } from '../lib/estimate';
import BarPlanner from './BarPlanner';
import InquiryForm from './InquiryForm';
import Toaster from './Toaster';
import { checkerBusiness, clock } from '../../tests/fixtures';

const prices = browserPrices(PRICES);
const inquiryForm = () => <InquiryForm copy={forms.contact.form} plan={plannerJson.planner.copy} prices={prices} phone={BUSINESS_PHONE} />;

/** Renders like Astro's build (server HTML), then hydrates like the browser, reporting any mismatch. */
async function serverRenderThenHydrate(element: ReactElement) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(element);
  document.body.append(container);
  const recoverable = vi.fn();
  let root: ReturnType<typeof hydrateRoot> | undefined;
  await act(async () => {
    root = hydrateRoot(container, element, { onRecoverableError: recoverable });
  });
  return { recoverable, unmount: () => act(() => root?.unmount()) };
}

/** The server HTML as a detached element of this document. */
function parseHtml(html: string): HTMLElement {
  const host = document.createElement('div');
  host.innerHTML = html;
  return host;
}

afterEach(() => {
  document.body.innerHTML = '';
});

const business = checkerBusiness;

describe('server-rendered islands', () => {
  test('the inquiry form is complete in the server HTML with its submit disabled, and enabled once hydrated', async () => {
    const html = renderToString(inquiryForm());
    const parsed = parseHtml(html);
    for (const label of Object.values(forms.contact.form.labels)) {
      expect([...parsed.querySelectorAll('label')].map((node) => node.textContent)).toContain(label);
    }
    expect(parsed.querySelector('button[type="submit"]')).toHaveAttribute('disabled');

    const { recoverable, unmount } = await serverRenderThenHydrate(inquiryForm());
    expect(recoverable).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: forms.contact.form.submit })).toBeEnabled();
    unmount();
  });

  test('the planner renders its example plan and price in the server HTML, inputs disabled, and hydrates without a mismatch', async () => {
    const { example } = plannerJson.planner;
    const { mix: _mix, ...input } = example;
    const priced = estimatePrice(input, { prices: PRICES, phone: BUSINESS_PHONE, now: clock.now, locate: locateTexasZip });
    if (!priced.ok) throw new Error('the example has no price');
    const planner = () => (
      <BarPlanner
        rules={plannerJson.planner as unknown as PlannerRules}
        cocktails={cocktailsJson.map(({ id, name }) => ({ id, name }))}
        prices={prices}
        phone={BUSINESS_PHONE}
        initial={example as Parameters<typeof BarPlanner>[0]['initial']}
        initialEstimate={priced.value}
      />
    );
    const parsed = parseHtml(renderToString(planner()));
    expect(parsed.querySelector('input[name="guests"]')).toHaveAttribute('disabled');
    expect(parsed.querySelector('caption')?.textContent).toBe(plannerJson.planner.copy.price.heading);
    const { recoverable, unmount } = await serverRenderThenHydrate(planner());
    expect(recoverable).not.toHaveBeenCalled();
    expect(screen.getByLabelText(plannerJson.planner.copy.labels.guests)).toBeEnabled();
    unmount();
  });

  test('the checker renders its date picker disabled and without a min on the server, then sets today in UTC', async () => {
    const parsed = parseHtml(renderToString(<AvailabilityChecker copy={forms.availability.checker} business={business} />));
    const serverInput = parsed.querySelector('input[type="date"]');
    expect(serverInput).toHaveAttribute('disabled');
    expect(serverInput).not.toHaveAttribute('min');

    const { recoverable, unmount } = await serverRenderThenHydrate(<AvailabilityChecker copy={forms.availability.checker} business={business} />);
    expect(recoverable).not.toHaveBeenCalled();
    const input = screen.getByLabelText(forms.availability.checker.dateLabel);
    expect(input).toBeEnabled();
    expect(input).toHaveAttribute('min', new Date().toISOString().slice(0, 10));
    unmount();
  });

  test('the toaster ships its two empty live regions in the server HTML', () => {
    const parsed = parseHtml(renderToString(<Toaster />));
    expect(parsed.querySelector('[role="status"][aria-live="polite"]')).toBeEmptyDOMElement();
    expect(parsed.querySelector('[role="alert"][aria-live="assertive"]')).toBeEmptyDOMElement();
  });
});
