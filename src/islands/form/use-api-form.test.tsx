import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { postJson } from '../../lib/api';
import { $toast, dismissToast } from '../../stores/toasts';
import Field from './Field';
import { useApiForm, type ApiFormOptions } from './use-api-form';

const Schema = v.object({
  name: v.pipe(v.string(), v.trim(), v.nonEmpty('Please enter a name.')),
  email: v.pipe(v.string(), v.trim(), v.nonEmpty('Please enter an e-mail.'), v.email('Please enter a valid e-mail.')),
});

const FAILURE = { title: 'It failed', fallback: 'Please try again.' };
const MISSING = { title: 'Missing', description: 'Fill in everything.' };

type Options = ApiFormOptions<typeof Schema, { id: string }>;

/** A two-field form on the hook, sending to /api/thing; `overrides` replace the hook's options. */
function TestForm({ overrides = {} }: { overrides?: Partial<Options> }) {
  const { pending, errors, failure, onSubmit, clearError } = useApiForm({
    schema: Schema,
    send: (values, request) => postJson<{ id: string }>('/api/thing', values, request),
    failure: FAILURE,
    missingToast: MISSING,
    onSuccess: (_answer, { form }) => form.reset(),
    ...overrides,
  });
  return (
    <form noValidate aria-busy={pending} onSubmit={onSubmit} onInput={(event) => clearError((event.target as HTMLInputElement).name)}>
      <Field id="t-name" label="Name" error={errors.name}>
        {(control) => <input {...control} name="name" />}
      </Field>
      <Field id="t-email" label="E-mail" error={errors.email}>
        {(control) => <input {...control} name="email" />}
      </Field>
      {failure && <p role="note">{failure}</p>}
      <button type="submit" disabled={pending}>
        {pending ? 'Sending' : 'Send'}
      </button>
    </form>
  );
}

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
const keys = () => fetchMock.mock.calls.map(([, init]) => new Headers(init?.headers).get('Idempotency-Key'));

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>(async () => Response.json({ id: '1' }, { status: 201 }));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  act(() => dismissToast());
  vi.unstubAllGlobals();
});

async function setup(overrides?: Partial<Options>) {
  const user = userEvent.setup();
  render(<TestForm overrides={overrides} />);
  const send = () => user.click(screen.getByRole('button'));
  return { user, send };
}

async function fill(user: ReturnType<typeof userEvent.setup>, name = 'Ada', email = 'ada@example.com') {
  await user.clear(screen.getByLabelText('Name'));
  await user.clear(screen.getByLabelText('E-mail'));
  if (name) await user.type(screen.getByLabelText('Name'), name);
  if (email) await user.type(screen.getByLabelText('E-mail'), email);
}

const deferred = () => {
  let resolve!: (response: Response) => void;
  return { promise: new Promise<Response>((done) => (resolve = done)), resolve };
};

describe('useApiForm', () => {
  test('sends once while a send is pending, however often the form is submitted', async () => {
    const answer = deferred();
    fetchMock.mockReturnValueOnce(answer.promise);
    const { user, send } = await setup();
    await fill(user);
    await send();
    expect(screen.getByRole('button')).toHaveTextContent('Sending');
    // A second submit event while pending (a double click landing before the button re-renders as disabled).
    fireEvent.submit(screen.getByRole('button').closest('form')!);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await act(async () => answer.resolve(Response.json({ id: '1' }, { status: 201 })));
    expect(screen.getByRole('button')).toHaveTextContent('Send');
  });

  test('shows the schema messages, focuses the first invalid field and toasts "missing" only for empty fields', async () => {
    const { user, send } = await setup();
    await fill(user, '', 'not-an-email');
    await send();
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Please enter a name.');
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect($toast.get()).toMatchObject({ title: MISSING.title, variant: 'destructive', open: true });

    act(() => dismissToast());
    await fill(user, 'Ada', 'not-an-email');
    await send();
    expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription('Please enter a valid e-mail.');
    expect($toast.get()?.open).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  test("shows a server 400's field messages next to their fields and its message in the toast", async () => {
    fetchMock.mockResolvedValueOnce(
      Response.json(
        { error: { code: 'invalid_fields', message: 'Please check the highlighted fields.', fields: { email: 'That domain takes no mail.' } } },
        { status: 400 },
      ),
    );
    const { user, send } = await setup();
    await fill(user);
    await send();
    await waitFor(() => expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription('That domain takes no mail.'));
    expect(screen.getByLabelText('E-mail')).toHaveFocus();
    expect(screen.getByLabelText('Name')).not.toHaveAttribute('aria-invalid');
    expect($toast.get()).toMatchObject({ title: FAILURE.title, description: 'Please check the highlighted fields.' });
  });

  test.each([
    {
      case: "a 503's message",
      answer: () => Response.json({ error: { code: 'service_unavailable', message: 'Back in a minute.' } }, { status: 503 }),
      shown: 'Back in a minute.',
    },
    { case: 'the fallback for a 500 without the error body', answer: () => new Response('oops', { status: 500 }), shown: FAILURE.fallback },
    { case: 'the fallback for a network failure', answer: () => Promise.reject(new TypeError('Failed to fetch')), shown: FAILURE.fallback },
  ])('shows $case in the failure toast and keeps the input', async ({ answer, shown }) => {
    fetchMock.mockImplementationOnce(async () => answer());
    const onFailure = vi.fn();
    const { user, send } = await setup({ onFailure });
    await fill(user);
    await send();
    await waitFor(() => expect($toast.get()).toMatchObject({ title: FAILURE.title, description: shown, variant: 'destructive' }));
    expect(screen.getByLabelText('Name')).toHaveValue('Ada');
    expect(onFailure).toHaveBeenCalledWith(expect.anything(), { name: 'Ada', email: 'ada@example.com' });
  });

  test('can show the failure in the form instead of a toast', async () => {
    fetchMock.mockResolvedValueOnce(Response.json({ error: { code: 'invalid_credentials', message: 'Wrong e-mail or password.' } }, { status: 401 }));
    const { user, send } = await setup({ failureToast: false });
    await fill(user);
    await send();
    expect(await screen.findByRole('note')).toHaveTextContent('Wrong e-mail or password.');
    expect($toast.get()?.open).not.toBe(true);
    // The next submit clears it.
    await send();
    await waitFor(() => expect(screen.queryByRole('note')).not.toBeInTheDocument());
  });

  test('hands the answer and the validated values to onSuccess (which decides what success means)', async () => {
    const onSuccess = vi.fn();
    const { user, send } = await setup({ onSuccess });
    await fill(user, '  Ada  ');
    await send();
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    expect(onSuccess).toHaveBeenCalledWith({ id: '1' }, { form: expect.any(HTMLFormElement), values: { name: 'Ada', email: 'ada@example.com' } });
    // This form's success keeps the input: nothing resets behind its back.
    expect(screen.getByLabelText('Name')).toHaveValue('  Ada  ');
  });

  describe('Idempotency-Key', () => {
    test.each([
      { case: 'a network error', answer: () => Promise.reject(new TypeError('Failed to fetch')) },
      { case: 'a 503', answer: async () => new Response('', { status: 503 }) },
      {
        case: 'a 409 while the first request is still in flight',
        answer: async () => Response.json({ error: { code: 'idempotency_key_in_flight', message: 'Still working on it.' } }, { status: 409 }),
      },
    ])('is the same when the visitor retries the same values after $case', async ({ answer }) => {
      fetchMock.mockImplementationOnce(answer);
      const { user, send } = await setup();
      await fill(user);
      await send();
      await waitFor(() => expect($toast.get()?.variant).toBe('destructive'));
      await send();
      await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
      const [first, retry] = keys();
      expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(retry).toBe(first);
      expect(fetchMock.mock.calls[1]?.[1]?.body).toBe(fetchMock.mock.calls[0]?.[1]?.body);
    });

    test('is new once the values change, and for the next submission after a success', async () => {
      fetchMock.mockResolvedValueOnce(new Response('', { status: 502 }));
      const onSuccess = vi.fn();
      const { user, send } = await setup({ onSuccess });
      await fill(user);
      await send();
      await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
      await fill(user, 'Grace');
      await send();
      await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
      // The same values again after a success: a new submission.
      await send();
      await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(2));
      const [first, changed, again] = keys();
      expect(new Set([first, changed, again]).size).toBe(3);
      expect(fetchMock.mock.calls[2]?.[1]?.body).toBe(fetchMock.mock.calls[1]?.[1]?.body);
    });
  });
});
