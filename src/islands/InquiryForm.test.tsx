import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { dismissToast } from '../stores/toasts';
import InquiryForm from './InquiryForm';
import Toaster from './Toaster';

type FetchArgs = Parameters<typeof fetch>;

let fetchMock: ReturnType<typeof vi.fn<(...args: FetchArgs) => Promise<Response>>>;

function answerWith(response: Response | (() => Promise<Response>)) {
  fetchMock.mockImplementation(typeof response === 'function' ? response : async () => response);
}

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  act(() => dismissToast());
  vi.unstubAllGlobals();
});

function setup() {
  const user = userEvent.setup();
  render(
    <>
      <InquiryForm />
      <Toaster />
    </>,
  );
  return { user };
}

const field = (label: string) => screen.getByLabelText(label);
const submitButton = () => screen.getByRole('button', { name: /Send My Request|Sending\.\.\./ });

async function fillValidInquiry(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field('First Name'), 'Dolly');
  await user.type(field('Last Name'), 'Parton');
  await user.type(field('Email Address'), 'dolly@example.com');
  await user.type(field('Phone Number'), '(512) 555-0199');
  await user.selectOptions(field('Event Type'), 'Private Party');
  await user.type(field('Guest Count'), '85');
  await user.type(field('Event Date'), '2030-06-01');
  await user.type(field('Event Location'), 'Austin, TX');
  await user.type(field('Tell us about your event'), 'Backyard birthday.');
}

describe('InquiryForm', () => {
  test('shows every field with its exact label and input type', () => {
    setup();
    expect(field('First Name')).toHaveAttribute('type', 'text');
    expect(field('Last Name')).toHaveAttribute('type', 'text');
    expect(field('Email Address')).toHaveAttribute('type', 'email');
    expect(field('Phone Number')).toHaveAttribute('type', 'tel');
    expect(field('Guest Count')).toHaveAttribute('inputmode', 'numeric');
    expect(field('Event Date')).toHaveAttribute('type', 'date');
    expect(field('Event Location')).toHaveAttribute('placeholder', 'City, State');
    expect(field('Tell us about your event').tagName).toBe('TEXTAREA');
    expect(field('Tell us about your event')).toHaveAttribute('rows', '4');
    const options = within(field('Event Type')).getAllByRole('option');
    expect(options.map((option) => [option.getAttribute('value'), option.textContent])).toEqual([
      ['', 'Select event type'],
      ['wedding', 'Wedding'],
      ['private', 'Private Party'],
      ['corporate', 'Corporate Event'],
      ['other', 'Other'],
    ]);
    expect(submitButton()).toHaveTextContent('Send My Request');
    expect(submitButton()).toBeEnabled();
  });

  test('renders the honeypot hidden from people: aria-hidden wrapper, no tab stop, no autofill', () => {
    const { container } = render(<InquiryForm />);
    const honeypot = container.querySelector<HTMLInputElement>('input[name="website"]');
    expect(honeypot).toHaveAttribute('tabindex', '-1');
    expect(honeypot).toHaveAttribute('autocomplete', 'off');
    expect(honeypot?.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Website' })).not.toBeInTheDocument();
  });

  test('checks the fields with the shared schema before sending: messages next to fields, first one focused', async () => {
    const { user } = setup();
    await user.type(field('First Name'), 'Dolly');
    await user.type(field('Email Address'), 'not-an-email');
    await user.click(submitButton());

    expect(fetchMock).not.toHaveBeenCalled();
    expect(field('First Name')).not.toHaveAttribute('aria-invalid');
    expect(field('First Name')).not.toHaveAttribute('aria-describedby');
    expect(field('Last Name')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Last Name')).toHaveAccessibleDescription('Please enter your last name.');
    expect(field('Email Address')).toHaveAccessibleDescription('Please enter a valid email address.');
    expect(field('Phone Number')).toHaveAccessibleDescription('Please enter your phone number.');
    expect(field('Event Type')).toHaveAccessibleDescription('Please choose an event type.');
    expect(field('Guest Count')).toHaveAccessibleDescription('Please enter your guest count.');
    expect(field('Event Date')).toHaveAccessibleDescription('Please choose your event date.');
    expect(field('Event Location')).toHaveAccessibleDescription('Please enter your event location.');
    expect(field('Tell us about your event')).not.toHaveAttribute('aria-invalid');
    expect(field('Last Name')).toHaveFocus();
  });

  test('drops a field message once the visitor edits that field', async () => {
    const { user } = setup();
    await user.click(submitButton());
    expect(field('First Name')).toHaveAccessibleDescription('Please enter your first name.');
    await user.type(field('First Name'), 'D');
    expect(field('First Name')).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Please enter your first name.')).not.toBeInTheDocument();
    expect(field('Last Name')).toHaveAttribute('aria-invalid', 'true');
  });

  test('sends the trimmed inquiry as JSON with credentials, shows "Sending..." disabled, then thanks and resets', async () => {
    let answer!: (response: Response) => void;
    answerWith(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { user } = setup();
    await fillValidInquiry(user);
    await user.type(field('Event Location'), '  ');
    await user.click(submitButton());

    expect(submitButton()).toHaveTextContent('Sending...');
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
      eventDate: '2030-06-01',
      eventLocation: 'Austin, TX',
      message: 'Backyard birthday.',
      website: '',
    });

    await act(async () => answer(Response.json({ id: 'inq_1' }, { status: 201 })));
    const toast = await screen.findByRole('status');
    expect(toast).toHaveTextContent("Thank you for your inquiry!We'll get back to you within 24 hours.");
    expect(field('First Name')).toHaveValue('');
    expect(field('Email Address')).toHaveValue('');
    expect(field('Event Type')).toHaveValue('');
    expect(field('Event Date')).toHaveValue('');
    expect(field('Tell us about your event')).toHaveValue('');
    expect(submitButton()).toHaveTextContent('Send My Request');
    expect(submitButton()).toBeEnabled();
  });

  test.each([
    { body: '', status: 500, statusText: 'Internal Server Error', shown: '500: Internal Server Error' },
    { body: 'upstream unavailable', status: 502, statusText: 'Bad Gateway', shown: '502: upstream unavailable' },
  ])('on a $status answer with body "$body" shows the destructive "Error" toast "$shown" and keeps the input', async ({ body, status, statusText, shown }) => {
    answerWith(new Response(body, { status, statusText }));
    const { user } = setup();
    await fillValidInquiry(user);
    await user.click(submitButton());

    const alert = await screen.findByText(shown);
    expect(screen.getByRole('alert')).toContainElement(alert);
    expect(screen.getByRole('alert')).toHaveTextContent(`Error${shown}`);
    expect(field('First Name')).toHaveValue('Dolly');
    expect(field('Event Type')).toHaveValue('private');
    expect(field('Event Date')).toHaveValue('2030-06-01');
    expect(field('Tell us about your event')).toHaveValue('Backyard birthday.');
    expect(submitButton()).toBeEnabled();
  });

  test('shows the field messages of a server 400 next to their fields and focuses the first', async () => {
    answerWith(
      Response.json(
        {
          error: {
            code: 'invalid_request',
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

    expect(await screen.findByRole('alert')).toHaveTextContent('ErrorPlease check the highlighted fields.');
    expect(field('Phone Number')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Phone Number')).toHaveAccessibleDescription('Please enter a valid phone number.');
    expect(field('Event Date')).toHaveAccessibleDescription('Please choose a valid event date.');
    expect(field('Email Address')).not.toHaveAttribute('aria-invalid');
    expect(field('Phone Number')).toHaveFocus();
    expect(field('Phone Number')).toHaveValue('(512) 555-0199');
  });

  test('shows the fallback message when the request never reaches the server', async () => {
    answerWith(() => Promise.reject(new TypeError('Failed to fetch')));
    const { user } = setup();
    await fillValidInquiry(user);
    await user.click(submitButton());

    expect(await screen.findByRole('alert')).toHaveTextContent('ErrorFailed to submit inquiry. Please try again.');
    expect(field('Last Name')).toHaveValue('Parton');
  });
});
