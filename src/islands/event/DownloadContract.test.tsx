import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { EVENT_TOKEN, eventCopy, json } from './event-test-support';
import DownloadContract from './DownloadContract';

type FetchArgs = Parameters<typeof fetch>;

const copy = eventCopy.signed;
const PROPOSAL_ID = '3f1c2b9a-6d4e-4f7a-8b1c-2d3e4f5a6b7c';
let fetchMock: ReturnType<typeof vi.fn<(...args: FetchArgs) => Promise<Response>>>;
// jsdom has no object URLs: the page's own calls are recorded instead.
const createObjectURL = vi.fn((_blob: Blob) => 'blob:contract');
const revokeObjectURL = vi.fn();
const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  Object.assign(URL, { createObjectURL, revokeObjectURL });
});
afterEach(() => {
  // The files share one jsdom: its URL goes back as it was.
  Object.assign(URL, original);
  createObjectURL.mockClear();
  revokeObjectURL.mockClear();
});

function open() {
  render(<DownloadContract label={copy.download} pending={copy.downloading} failure={copy.downloadFailed} token={EVENT_TOKEN} proposalId={PROPOSAL_ID} />);
  return userEvent.setup();
}

describe('DownloadContract', () => {
  test('POSTs token and proposal, and saves the answer as contract.pdf through an object URL', async () => {
    fetchMock.mockResolvedValueOnce(new Response('%PDF-1.7', { status: 200, headers: { 'Content-Type': 'application/pdf' } }));
    const clicked: HTMLAnchorElement[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const user = open();
    await user.click(screen.getByRole('button', { name: copy.download }));
    await vi.waitFor(() => expect(clicked).toHaveLength(1));
    click.mockRestore();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect([String(url), init?.method, init?.body]).toEqual(['/api/portal/contract.pdf', 'POST', JSON.stringify({ token: EVENT_TOKEN, proposalId: PROPOSAL_ID })]);
    expect(await createObjectURL.mock.calls[0]![0].text()).toBe('%PDF-1.7');
    expect([clicked[0]!.download, clicked[0]!.getAttribute('href'), clicked[0]!.isConnected]).toEqual(['contract.pdf', 'blob:contract', false]);
    await vi.waitFor(() => expect(revokeObjectURL).toHaveBeenCalledWith('blob:contract'));
  });

  test('a refusal says so and keeps the button', async () => {
    fetchMock.mockResolvedValueOnce(json(409, { error: { code: 'proposal_not_signed', message: 'Not signed.' } }));
    const user = open();
    await user.click(screen.getByRole('button', { name: copy.download }));
    expect(await screen.findByRole('alert')).toHaveTextContent(copy.downloadFailed);
    expect(screen.getByRole('button', { name: copy.download })).toBeEnabled();
  });
});
