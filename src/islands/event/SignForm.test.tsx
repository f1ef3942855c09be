import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { PROPOSAL_REFUSALS, SignRequestSchema } from '@shared/schemas/proposal';
import { CONTRACT, EVENT_TOKEN, clientProposal, eventCopy, json } from './event-test-support';
import SignForm from './SignForm';

type FetchArgs = Parameters<typeof fetch>;

const copy = eventCopy.sign;
const PROPOSAL = clientProposal();
let fetchMock: ReturnType<typeof vi.fn<(...args: FetchArgs) => Promise<Response>>>;

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});

function open() {
  const onSigned = vi.fn();
  const onRefused = vi.fn();
  render(<SignForm copy={copy} esign={CONTRACT.esign} token={EVENT_TOKEN} proposalId={PROPOSAL.id} onSigned={onSigned} onRefused={onRefused} />);
  return { user: userEvent.setup(), onSigned, onRefused };
}

const consent = () => screen.getByRole('checkbox', { name: CONTRACT.esign.consent });
const nameField = () => screen.getByRole('textbox', { name: copy.name });
const signButton = () => screen.getByRole('button', { name: copy.submit });
/** The message a field is described by. */
const description = (field: HTMLElement) => document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent;

describe('SignForm', () => {
  test('shows the disclosures, the consent, the name field and the intent beside the button', () => {
    open();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(CONTRACT.esign.disclosures);
    expect(nameField()).toHaveAttribute('autocomplete', 'name');
    expect(signButton()).toHaveAccessibleDescription(CONTRACT.esign.intent);
  });

  test('refuses without consent and name: the shared schema’s messages beside the fields, nothing sent', async () => {
    const { user } = open();
    await user.click(signButton());
    const fields = SignRequestSchema.entries;
    expect(description(consent())).toBe(fields.consent.message);
    expect(consent()).toHaveAttribute('aria-invalid', 'true');
    expect(description(nameField())).toBe('Please type your full name to sign.');
    expect(consent()).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  test('the server’s field errors are shown beside their fields', async () => {
    fetchMock.mockResolvedValueOnce(
      json(400, { error: { code: 'invalid_fields', message: 'Please check the highlighted fields.', fields: { signatureName: 'Server says: your full name.' } } }),
    );
    const { user, onSigned } = open();
    await user.click(consent());
    await user.type(nameField(), 'Peggy Hill');
    await user.click(signButton());
    expect(await screen.findByText('Server says: your full name.')).toBeInTheDocument();
    expect(description(nameField())).toBe('Server says: your full name.');
    expect(onSigned).not.toHaveBeenCalled();
  });

  test('signs with one POST of token, proposal, consent and name', async () => {
    const signed = clientProposal({ state: 'signed', signedAt: '2026-05-02T15:30:00.000Z', signatureName: 'Peggy Hill' });
    fetchMock.mockResolvedValueOnce(json(200, { proposal: signed }));
    const { user, onSigned } = open();
    await user.click(consent());
    await user.type(nameField(), 'Peggy Hill');
    await user.click(signButton());
    await vi.waitFor(() => expect(onSigned).toHaveBeenCalledWith(signed));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect([String(url), init?.method, init?.body]).toEqual([
      '/api/portal/sign',
      'POST',
      JSON.stringify({ token: EVENT_TOKEN, proposalId: PROPOSAL.id, consent: true, signatureName: 'Peggy Hill' }),
    ]);
  });

  test('a proposal that can no longer be signed says why in an alert', async () => {
    fetchMock.mockResolvedValueOnce(json(409, { error: { code: 'proposal_replaced', message: PROPOSAL_REFUSALS.proposal_replaced } }));
    const { user, onRefused } = open();
    await user.click(consent());
    await user.type(nameField(), 'Peggy Hill');
    await user.click(signButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(PROPOSAL_REFUSALS.proposal_replaced);
    expect(onRefused).not.toHaveBeenCalled();
  });
});
