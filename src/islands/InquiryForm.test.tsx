import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { clock } from '../../tests/fixtures';
import forms from '@content/forms.json';
import cocktailsJson from '@content/cocktails.json';
import plannerJson from '@content/bar-planner.json';
import { planBar, planMessage, type PlannerRules } from '../lib/bar-planner';
import { browserPrices } from '../lib/estimate';
import { MAX_PLAN_MESSAGE_LENGTH } from '../lib/plan-message';
import { BUSINESS_PHONE, PRICES } from '@shared/prices';
import { estimatePrice } from '@shared/pricing';
import { locateTexasZip } from '@shared/texas-zips';
import { formatCents } from '@shared/money';
import { fillTemplate } from '@shared/template';
import InquiryForm from './InquiryForm';
import Toaster from './Toaster';

type FetchArgs = Parameters<typeof fetch>;

const copy = forms.contact.form;
const { labels } = copy;
const prices = browserPrices(PRICES);

let fetchMock: ReturnType<typeof vi.fn<(...args: FetchArgs) => Promise<Response>>>;

function answerWith(response: Response | (() => Promise<Response>)) {
  fetchMock.mockImplementation(typeof response === 'function' ? response : async () => response);
}

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});

function setup() {
  const user = userEvent.setup();
  render(
    <>
      <InquiryForm copy={copy} plan={plannerJson.planner.copy} prices={prices} phone={BUSINESS_PHONE} />
      <Toaster />
    </>,
  );
  return { user };
}

// Inside the inquiry's window (today to 3 years ahead), whatever day the tests run.
const EVENT_DATE = clock.day(200);
const field = (label: string) => screen.getByLabelText(label);
const submitButton = () => screen.getByRole('button', { name: new RegExp(`^(${copy.submit}|${copy.pending.replaceAll('.', '\\.')})$`) });

async function fillValidInquiry(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field(labels.firstName), 'Dolly');
  await user.type(field(labels.lastName), 'Parton');
  await user.type(field(labels.email), 'dolly@example.com');
  await user.type(field(labels.phone), '(512) 555-0199');
  await user.selectOptions(field(labels.eventType), 'Private Party');
  await user.type(field(labels.guestCount), '85');
  await user.type(field(labels.eventDate), EVENT_DATE);
  await user.type(field(labels.eventLocation), 'Austin, TX');
  await user.type(field(labels.message), 'Backyard birthday.');
}

describe('InquiryForm', () => {
  test('shows every field with its exact label and input type', () => {
    setup();
    expect(field(labels.firstName)).toHaveAttribute('type', 'text');
    expect(field(labels.lastName)).toHaveAttribute('type', 'text');
    expect(field(labels.email)).toHaveAttribute('type', 'email');
    expect(field(labels.phone)).toHaveAttribute('type', 'tel');
    expect(field(labels.guestCount)).toHaveAttribute('inputmode', 'numeric');
    expect(field(labels.eventDate)).toHaveAttribute('type', 'date');
    expect(field(labels.eventLocation)).toHaveAttribute('placeholder', copy.locationPlaceholder);
    expect(field(labels.message).tagName).toBe('TEXTAREA');
    expect(field(labels.message)).toHaveAttribute('rows', '4');
    const options = within(field(labels.eventType)).getAllByRole('option');
    expect(options.map((option) => [option.getAttribute('value'), option.textContent])).toEqual([
      ['', copy.eventTypePlaceholder],
      ['wedding', 'Wedding'],
      ['private', 'Private Party'],
      ['corporate', 'Corporate Event'],
      ['other', 'Other'],
    ]);
    expect(submitButton()).toHaveTextContent(copy.submit);
    expect(submitButton()).toBeEnabled();
  });

  test('renders the honeypot hidden from people: aria-hidden wrapper, no tab stop, no autofill', () => {
    const { container } = render(<InquiryForm copy={copy} plan={plannerJson.planner.copy} prices={prices} phone={BUSINESS_PHONE} />);
    const honeypot = container.querySelector<HTMLInputElement>('input[name="website"]');
    expect(honeypot).toHaveAttribute('tabindex', '-1');
    expect(honeypot).toHaveAttribute('autocomplete', 'off');
    expect(honeypot?.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Website' })).not.toBeInTheDocument();
  });

  test('checks the fields with the shared schema before sending: messages next to fields, first one focused', async () => {
    const { user } = setup();
    await user.type(field(labels.firstName), 'Dolly');
    await user.type(field(labels.email), 'not-an-email');
    await user.click(submitButton());

    expect(fetchMock).not.toHaveBeenCalled();
    expect(field(labels.firstName)).not.toHaveAttribute('aria-invalid');
    expect(field(labels.firstName)).not.toHaveAttribute('aria-describedby');
    expect(field(labels.lastName)).toHaveAttribute('aria-invalid', 'true');
    expect(field(labels.lastName)).toHaveAccessibleDescription('Please enter your last name.');
    expect(field(labels.email)).toHaveAccessibleDescription('Please enter a valid email address.');
    expect(field(labels.phone)).toHaveAccessibleDescription('Please enter your phone number.');
    expect(field(labels.eventType)).toHaveAccessibleDescription('Please choose an event type.');
    expect(field(labels.guestCount)).toHaveAccessibleDescription('Please enter your guest count.');
    expect(field(labels.eventDate)).toHaveAccessibleDescription('Please choose your event date.');
    expect(field(labels.eventLocation)).toHaveAccessibleDescription('Please enter your event location.');
    expect(field(labels.message)).not.toHaveAttribute('aria-invalid');
    expect(field(labels.lastName)).toHaveFocus();
  });

  test('drops a field message once the visitor edits that field', async () => {
    const { user } = setup();
    await user.click(submitButton());
    expect(field(labels.firstName)).toHaveAccessibleDescription('Please enter your first name.');
    await user.type(field(labels.firstName), 'D');
    expect(field(labels.firstName)).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Please enter your first name.')).not.toBeInTheDocument();
    expect(field(labels.lastName)).toHaveAttribute('aria-invalid', 'true');
  });

  test('sends the trimmed inquiry as JSON with credentials, shows "Sending..." disabled, then thanks and resets', async () => {
    let answer!: (response: Response) => void;
    answerWith(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { user } = setup();
    await fillValidInquiry(user);
    await user.type(field(labels.eventLocation), '  ');
    await user.click(submitButton());

    expect(submitButton()).toHaveTextContent(copy.pending);
    expect(submitButton()).toBeDisabled();
    await user.click(submitButton());
    expect(fetchMock).toHaveBeenCalledTimes(1);

    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/contact');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
    expect(JSON.parse(String(init?.body))).toEqual({
      firstName: 'Dolly',
      lastName: 'Parton',
      email: 'dolly@example.com',
      phone: '(512) 555-0199',
      eventType: 'private',
      guestCount: '85',
      eventDate: EVENT_DATE,
      eventLocation: 'Austin, TX',
      message: 'Backyard birthday.',
      website: '',
    });

    await act(async () => answer(Response.json({ id: 'inq_1' }, { status: 201 })));
    const toast = await screen.findByRole('status');
    expect(toast).toHaveTextContent(`${copy.success.title}${copy.success.description}`);
    expect(field(labels.firstName)).toHaveValue('');
    expect(field(labels.email)).toHaveValue('');
    expect(field(labels.eventType)).toHaveValue('');
    expect(field(labels.eventDate)).toHaveValue('');
    expect(field(labels.message)).toHaveValue('');
    expect(submitButton()).toHaveTextContent(copy.submit);
    expect(submitButton()).toBeEnabled();
  });

  test.each([
    // SPEC §8: an answer that is not ours shows as "<status>: <body text>", or the status text when the body is empty.
    { case: "a proxy's 500 with body boom", answer: () => new Response('boom', { status: 500, statusText: 'Internal Server Error' }), shown: '500: boom' },
    { case: 'a 500 with an empty body', answer: () => new Response('', { status: 500, statusText: 'Internal Server Error' }), shown: '500: Internal Server Error' },
    { case: 'a 502 with a plain-text body', answer: () => new Response('upstream unavailable', { status: 502 }), shown: '502: upstream unavailable' },
    {
      case: "a 503 with the server's message",
      answer: () =>
        Response.json(
          { error: { code: 'service_unavailable', message: 'We cannot take requests right now. Please try again in a minute.' } },
          { status: 503 },
        ),
      shown: 'We cannot take requests right now. Please try again in a minute.',
    },
  ])('on $case shows the destructive toast "$shown" and keeps the input', async ({ answer, shown }) => {
    answerWith(async () => answer());
    const { user } = setup();
    await fillValidInquiry(user);
    await user.click(submitButton());

    const alert = await screen.findByText(shown);
    expect(screen.getByRole('alert')).toContainElement(alert);
    expect(screen.getByRole('alert')).toHaveTextContent(`${copy.failure.title}${shown}`);
    expect(field(labels.firstName)).toHaveValue('Dolly');
    expect(field(labels.eventType)).toHaveValue('private');
    expect(field(labels.eventDate)).toHaveValue(EVENT_DATE);
    expect(field(labels.message)).toHaveValue('Backyard birthday.');
    expect(submitButton()).toBeEnabled();
  });

  test('shows the field messages of a server 400 next to their fields and focuses the first', async () => {
    answerWith(
      Response.json(
        {
          error: {
            code: 'invalid_fields',
            message: 'Please check the highlighted fields.',
            fields: { phone: 'Please enter a valid phone number.', eventDate: 'Please choose a valid event date.' },
          },
        },
        { status: 400, statusText: 'Bad Request' },
      ),
    );
    const { user } = setup();
    await fillValidInquiry(user);
    await user.click(submitButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(`${copy.failure.title}Please check the highlighted fields.`);
    expect(field(labels.phone)).toHaveAttribute('aria-invalid', 'true');
    expect(field(labels.phone)).toHaveAccessibleDescription('Please enter a valid phone number.');
    expect(field(labels.eventDate)).toHaveAccessibleDescription('Please choose a valid event date.');
    expect(field(labels.email)).not.toHaveAttribute('aria-invalid');
    expect(field(labels.phone)).toHaveFocus();
    expect(field(labels.phone)).toHaveValue('(512) 555-0199');
  });

  test('shows the fallback message when the request never reaches the server', async () => {
    answerWith(() => Promise.reject(new TypeError('Failed to fetch')));
    const { user } = setup();
    await fillValidInquiry(user);
    await user.click(submitButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(`${copy.failure.title}${copy.failure.fallback}`);
    expect(field(labels.lastName)).toHaveValue('Parton');
  });

  test('sends an Idempotency-Key, the same one when the visitor retries after a failure, a new one after a change', async () => {
    answerWith(async () => new Response('', { status: 503 }));
    const { user } = setup();
    await fillValidInquiry(user);
    const key = (call: number) => new Headers(fetchMock.mock.calls[call]?.[1]?.headers).get('Idempotency-Key');

    await user.click(submitButton());
    await screen.findByRole('alert');
    answerWith(() => Promise.reject(new TypeError('Failed to fetch')));
    await user.click(submitButton());
    await screen.findByText(copy.failure.fallback);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(key(0)).toMatch(/^[0-9a-f-]{36}$/);
    expect(key(1)).toBe(key(0));

    // Changed values are a new submission; a trailing space is not (the schema trims it, the body is the same).
    await user.type(field(labels.eventLocation), '  ');
    await user.click(submitButton());
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
    expect(key(2)).toBe(key(0));
    // 85 → 86 (a zero would make 850, above the guest range, and never be sent).
    await user.type(field(labels.guestCount), '{Backspace}6');
    await user.click(submitButton());
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(4));
    expect(key(3)).not.toBe(key(0));
  });

  test('uses a new key for the next inquiry after a success, even with the same values', async () => {
    answerWith(async () => Response.json({ id: 'inq_1' }, { status: 201 }));
    const { user } = setup();
    await fillValidInquiry(user);
    await user.click(submitButton());
    await screen.findByText(copy.success.title);
    // user-event keeps its own idea of typed values across form.reset(): clear them through it first.
    for (const name of ['firstName', 'lastName', 'email', 'phone', 'guestCount', 'eventDate', 'eventLocation', 'message'] as const) {
      await user.clear(field(labels[name]));
    }
    await fillValidInquiry(user);
    await user.click(submitButton());
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    const [first, second] = fetchMock.mock.calls.map(([, init]) => new Headers(init?.headers).get('Idempotency-Key'));
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).not.toBe(first);
    expect(fetchMock.mock.calls[1]?.[1]?.body).toBe(fetchMock.mock.calls[0]?.[1]?.body);
  });
});

describe('InquiryForm, opened with the bar planner\'s numbers in the address', () => {
  function openWith(search: string) {
    window.history.replaceState({ kept: true }, '', `/contact${search}`);
    return setup();
  }
  const query = (values: Record<string, string>) => `?${new URLSearchParams(values)}`;
  const rules = plannerJson.planner as unknown as PlannerRules;
  const planned = planBar({ guests: 120, hours: 5, mix: 'spirits' }, rules, cocktailsJson, prices, BUSINESS_PHONE);
  if (!planned.ok) throw new Error('the example plan is out of range');
  const PLAN = planMessage(planned.plan, rules.copy);

  test('fills the guest count and the message, removes those parameters and keeps the rest of the address', async () => {
    openWith(`${query({ guestCount: '120', message: PLAN })}&ref=planner#form`);
    await waitFor(() => expect(field(labels.guestCount)).toHaveValue('120'));
    expect(field(labels.message)).toHaveValue(PLAN);
    expect(window.location.pathname).toBe('/contact');
    expect(window.location.search).toBe('?ref=planner');
    expect(window.location.hash).toBe('#form');
    expect(window.history.state).toEqual({ kept: true });
    for (const name of ['firstName', 'lastName', 'email', 'phone', 'eventLocation'] as const) expect(field(labels[name])).toHaveValue('');
  });

  test('the visitor can still edit what was filled in, and sends it', async () => {
    const { user } = openWith(query({ guestCount: '120', message: PLAN }));
    await waitFor(() => expect(field(labels.guestCount)).toHaveValue('120'));
    await user.clear(field(labels.guestCount));
    await user.type(field(labels.guestCount), '90');
    await user.type(field(labels.message), ' Outdoor wedding.');
    expect(field(labels.guestCount)).toHaveValue('90');
    expect(field(labels.message)).toHaveValue(`${PLAN} Outdoor wedding.`);
  });

  test.each([
    ['NaN guests', { guestCount: 'NaN' }],
    ['a negative count', { guestCount: '-5' }],
    ['a fraction', { guestCount: '12.5' }],
    ['more guests than the form takes', { guestCount: '351' }],
    ['script text as guests', { guestCount: '<script>alert(1)</script>' }],
    ['an empty count', { guestCount: '' }],
  ])('ignores %s, and still removes the parameter', async (_name, values) => {
    openWith(query(values));
    await waitFor(() => expect(window.location.search).toBe(''));
    expect(field(labels.guestCount)).toHaveValue('');
  });

  test('fills a plan message spread over blank lines as the planner’s one paragraph', async () => {
    openWith(query({ message: `\n\n${PLAN.replaceAll('. ', '.\n\n\n')}\n\n` }));
    await waitFor(() => expect(field(labels.message)).toHaveValue(PLAN));
  });

  test('grows the message box to the height of what it holds', async () => {
    // jsdom lays nothing out: a box of 80 px showing 200 px of text, 2 px of border.
    const box = (name: 'scrollHeight' | 'clientHeight' | 'offsetHeight', px: number) =>
      vi.spyOn(HTMLTextAreaElement.prototype, name, 'get').mockReturnValue(px);
    box('scrollHeight', 200);
    box('clientHeight', 80);
    box('offsetHeight', 82);
    try {
      openWith(query({ message: PLAN }));
      await waitFor(() => expect(field(labels.message)).toHaveValue(PLAN));
      expect((field(labels.message) as HTMLTextAreaElement).style.height).toBe('202px');
    } finally {
      vi.restoreAllMocks();
    }
  });

  test.each([
    ['60 blank lines hiding a postscript', `${PLAN}${'\n'.repeat(60)}P.S. please cancel my other booking`],
    ['a postscript on the same line', `${PLAN} P.S. please cancel my other booking.`],
    ['free text', 'Please cancel my other booking, thanks.'],
    ['script text', '<script>window.pwned = true</script><img src=x onerror="window.pwned = true">'],
    ['a message longer than the planner writes', `${PLAN} ${'x'.repeat(MAX_PLAN_MESSAGE_LENGTH)}`],
    ['hidden control characters', `${PLAN}\u0000`],
    ['a text-direction override', PLAN.replace('About', '\u202EAbout')],
  ])('ignores a message with %s', async (_name, message) => {
    openWith(query({ message, guestCount: '80' }));
    await waitFor(() => expect(field(labels.guestCount)).toHaveValue('80'));
    expect(field(labels.message)).toHaveValue('');
    expect(window.location.search).toBe('');
  });

  test('ignores unknown parameters and leaves the address alone without its own', async () => {
    openWith(query({ firstName: 'Mallory', email: 'mallory@example.com', eventLocation: 'Nowhere' }));
    await act(async () => {});
    for (const name of ['firstName', 'email', 'eventLocation', 'guestCount', 'message'] as const) expect(field(labels[name])).toHaveValue('');
    expect(window.location.search).toBe(`?${new URLSearchParams({ firstName: 'Mallory', email: 'mallory@example.com', eventLocation: 'Nowhere' })}`);
  });
});

describe('InquiryForm, opened with an estimate in the address ("Send this estimate with my inquiry")', () => {
  const estimateCopy = copy.estimate;
  const ESTIMATE_DATE = clock.day(120);
  const params = {
    guestCount: '120',
    package: 'wedding',
    level: 'premium',
    hours: '5',
    zip: '78701',
    addOns: 'champagne-toast,mocktail-bar',
    date: ESTIMATE_DATE,
  };
  const priced = estimatePrice(
    { packageId: 'wedding', serviceLevel: 'premium', guests: 120, hours: 5, zip: '78701', addOns: ['champagne-toast', 'mocktail-bar'] },
    { prices: PRICES, phone: BUSINESS_PHONE, now: clock.now, locate: locateTexasZip },
  );
  if (!priced.ok) throw new Error('the sample estimate has no price');
  const TOTAL = fillTemplate(estimateCopy.total, { total: formatCents(priced.value.estimate.totalCents) });

  /** Answers /api/estimate with `estimate` and /api/contact with 201. */
  function answerEstimate(estimate: () => Promise<Response> = async () => Response.json({ estimate: priced.ok && priced.value.estimate })) {
    answerWith(async () => Response.json({ id: 'inq_1' }, { status: 201 }));
    fetchMock.mockImplementation(async (url) => (url === '/api/estimate' ? estimate() : Response.json({ id: 'inq_1' }, { status: 201 })));
  }
  const calls = (path: string) => fetchMock.mock.calls.filter(([url]) => url === path);
  const section = () => screen.getByRole('region', { name: estimateCopy.heading });

  function openWith(values: Record<string, string>) {
    window.history.replaceState(null, '', `/contact?${new URLSearchParams(values)}`);
    return setup();
  }

  async function fillTheRest(user: ReturnType<typeof userEvent.setup>) {
    await user.type(field(labels.firstName), 'Dolly');
    await user.type(field(labels.lastName), 'Parton');
    await user.type(field(labels.email), 'dolly@example.com');
    await user.type(field(labels.phone), '(512) 555-0199');
    await user.selectOptions(field(labels.eventType), 'Wedding');
    await user.type(field(labels.eventLocation), 'Austin, TX');
  }

  test('shows "Estimate attached" with what it holds and its total, asked once; fills the guests and date; cleans the address', async () => {
    answerEstimate();
    openWith(params);
    expect(await screen.findByText(TOTAL)).toBeInTheDocument();
    const shown = section();
    expect(shown).toHaveTextContent(
      fillTemplate(estimateCopy.summary, { package: PRICES.packages.wedding.label, level: PRICES.serviceLevels.premium.short, guests: 120, hours: 5, zip: '78701' }),
    );
    expect(shown).toHaveTextContent('Champagne toast and Mocktail bar');
    expect(calls('/api/estimate')).toHaveLength(1);
    expect(JSON.parse(String(calls('/api/estimate')[0]?.[1]?.body))).toEqual({
      packageId: 'wedding',
      serviceLevel: 'premium',
      guests: 120,
      hours: 5,
      zip: '78701',
      addOns: ['champagne-toast', 'mocktail-bar'],
      date: ESTIMATE_DATE,
    });
    expect(field(labels.guestCount)).toHaveValue('120');
    expect(field(labels.eventDate)).toHaveValue(ESTIMATE_DATE);
    expect(window.location.search).toBe('');
  });

  test('sends the estimate with the inquiry, with the form\'s own guest count and event date', async () => {
    answerEstimate();
    const { user } = openWith(params);
    await screen.findByText(TOTAL);
    await fillTheRest(user);
    await user.clear(field(labels.guestCount));
    await user.type(field(labels.guestCount), '140');
    const date = clock.day(150);
    await user.clear(field(labels.eventDate));
    await user.type(field(labels.eventDate), date);
    await user.click(submitButton());
    await waitFor(() => expect(calls('/api/contact')).toHaveLength(1));
    const body = JSON.parse(String(calls('/api/contact')[0]?.[1]?.body));
    expect(body.guestCount).toBe('140');
    expect(body.estimate).toEqual({
      packageId: 'wedding',
      serviceLevel: 'premium',
      guests: 140,
      hours: 5,
      zip: '78701',
      addOns: ['champagne-toast', 'mocktail-bar'],
      date,
    });
    // Sent: the form is empty again, and the estimate goes with it.
    await waitFor(() => expect(screen.queryByRole('region', { name: estimateCopy.heading })).toBeNull());
  });

  test('"Remove the estimate" takes it off: a note says so and takes the focus, and the inquiry goes without it', async () => {
    answerEstimate();
    const { user } = openWith(params);
    await screen.findByText(TOTAL);
    await user.click(within(section()).getByRole('button', { name: estimateCopy.remove }));
    expect(screen.queryByRole('region', { name: estimateCopy.heading })).toBeNull();
    expect(screen.getByText(estimateCopy.removed)).toHaveFocus();
    await fillTheRest(user);
    await user.click(submitButton());
    await waitFor(() => expect(calls('/api/contact')).toHaveLength(1));
    expect(JSON.parse(String(calls('/api/contact')[0]?.[1]?.body))).not.toHaveProperty('estimate');
  });

  test('works by keyboard: Tab reaches "Remove the estimate", Enter removes it', async () => {
    answerEstimate();
    const { user } = openWith(params);
    await screen.findByText(TOTAL);
    field(labels.message).focus();
    await user.tab();
    expect(within(section()).getByRole('button', { name: estimateCopy.remove })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByText(estimateCopy.removed)).toHaveFocus();
  });

  test('when the total cannot be asked, says so and still sends the estimate', async () => {
    answerEstimate(() => Promise.reject(new TypeError('Failed to fetch')));
    const { user } = openWith(params);
    expect(await screen.findByText(estimateCopy.failed)).toBeInTheDocument();
    await fillTheRest(user);
    await user.click(submitButton());
    await waitFor(() => expect(calls('/api/contact')).toHaveLength(1));
    expect(JSON.parse(String(calls('/api/contact')[0]?.[1]?.body)).estimate.packageId).toBe('wedding');
  });

  test('an estimate the server cannot price is not attached, and a note says so', async () => {
    const refusal = { error: { code: 'outside_service_area', message: PRICES.copy.outsideServiceArea, fields: { zip: PRICES.copy.outsideServiceArea } } };
    answerEstimate(async () => Response.json(refusal, { status: 400 }));
    openWith({ ...params, zip: '10001' });
    expect(await screen.findByText(estimateCopy.refused)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: estimateCopy.heading })).toBeNull();
  });

  test.each([
    ['an unknown package', { package: 'funeral' }],
    ['hours out of range', { hours: '12' }],
    ['a ZIP that is not 5 digits', { zip: '787' }],
    ['an add-on the package does not offer', { addOns: 'branded-menus' }],
    ['more guests than the range', { guestCount: '351' }],
  ])('attaches nothing for %s, asks nothing, and cleans the address', async (_name, patch) => {
    answerEstimate();
    openWith({ ...params, ...patch });
    await waitFor(() => expect(window.location.search).toBe(''));
    expect(screen.queryByRole('region', { name: estimateCopy.heading })).toBeNull();
    expect(calls('/api/estimate')).toHaveLength(0);
  });
});
