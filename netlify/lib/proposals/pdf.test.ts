import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CONTRACT } from '@shared/contract';
import { formatCents } from '@shared/money';
import { formatLongDate, formatTexasDateTime } from '@shared/texas-time';
import { contractFacts, site } from '../../../tests/fixtures';
import { documentSha256, freezeContract } from './document';
import { renderContractPdf, type ContractPdfInput } from './pdf';

/**
 * The PDF is read the way a person's tools read it: poppler's pdftotext (`.ci/run` installs poppler-utils), never a
 * parser of our own. Words a wrapped line splits are joined again by reading the text with its whitespace collapsed.
 */
const run = promisify(execFile);
let folder: string;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'contract-pdf-'));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

/** The PDF's text as `pdftotext -layout` reads it: `lines` as printed, `words` with every run of whitespace as one space. */
async function pdfText(pdf: Uint8Array, name: string): Promise<{ lines: string[]; words: string }> {
  const file = join(folder, `${name}.pdf`);
  await writeFile(file, pdf);
  const { stdout } = await run('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-']);
  return { lines: stdout.split('\n').map((line) => line.trim()), words: stdout.replace(/\s+/g, ' ') };
}

const facts = contractFacts();
const contract = freezeContract(facts);
const sha256 = documentSha256(contract.text);
const signedAt = new Date('2026-11-28T23:05:00Z');
const signed: ContractPdfInput = {
  contract,
  sha256,
  signature: { name: 'Zoë Nguyễn', signedAt, ip: '203.0.113.9', userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/142.0' },
  countersignature: null,
  proposalId: 'prop_7Hq2',
};

describe('renderContractPdf', () => {
  test('a signed contract shows the typed name, its moment and address, the event date, the total and the whole hash', async () => {
    const { lines, words } = await pdfText(await renderContractPdf(signed), 'signed');
    const block = CONTRACT.signatureBlock;
    expect(words).toContain(`${block.signedBy} Zoë Nguyễn ${block.on} ${formatTexasDateTime(signedAt)} ${block.timeZoneName}`);
    expect(formatTexasDateTime(signedAt)).toBe('Saturday, November 28, 2026, 5:05 PM');
    expect(words).toContain('203.0.113.9');
    expect(words).toContain(formatLongDate(facts.date));
    expect(words).toContain(`Total: ${formatCents(facts.totalCents)}`);
    expect(words).toContain(block.awaitingCountersignature);
    expect(lines).toContain(sha256);
    expect(sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  test('holds the brand, the title and every section, over more than one page', async () => {
    const pdf = await renderContractPdf(signed);
    const { words } = await pdfText(pdf, 'sections');
    expect(words).toContain(`${site.brandName} · ${contract.title}`);
    for (const section of contract.sections) expect(words).toContain(section.heading);
    expect(words).toContain(contract.sections.at(-1)!.body.split('\n').at(-1)!.replace(/\s+/g, ' '));
    const { stdout } = await run('pdfinfo', [join(folder, 'sections.pdf')]);
    expect(Number(/Pages:\s+(\d+)/.exec(stdout)?.[1])).toBeGreaterThan(1);
  });

  test('a countersigned contract names the countersigner', async () => {
    const countersignedAt = new Date('2026-11-29T15:30:00Z');
    const pdf = await renderContractPdf({ ...signed, countersignature: { name: 'Dolly Rivera', signedAt: countersignedAt } });
    const { words } = await pdfText(pdf, 'countersigned');
    const block = CONTRACT.signatureBlock;
    expect(words).toContain(`${block.countersignedBy} Dolly Rivera ${block.on} ${formatTexasDateTime(countersignedAt)}`);
    expect(words).not.toContain(block.awaitingCountersignature);
  });

  test('a name typed with a combining mark is drawn as the same letters', async () => {
    const pdf = await renderContractPdf({ ...signed, signature: { ...signed.signature!, name: 'Zoe\u0308 Nguye\u0302\u0303n' } });
    const { words } = await pdfText(pdf, 'combining');
    expect(words).toContain(`${CONTRACT.signatureBlock.signedBy} Zoë Nguyễn ${CONTRACT.signatureBlock.on}`);
  });

  test('renders made at the same time (sharing the parsed fonts) each hold their own signer', async () => {
    const names = ['Ана Петрова', 'Łukasz Żółć', 'Zoë Nguyễn'];
    const pdfs = await Promise.all(names.map((name) => renderContractPdf({ ...signed, signature: { ...signed.signature!, name } })));
    for (const [index, name] of names.entries()) {
      const { words, lines } = await pdfText(pdfs[index]!, `parallel-${index}`);
      expect(words).toContain(`${CONTRACT.signatureBlock.signedBy} ${name} ${CONTRACT.signatureBlock.on}`);
      expect(lines).toContain(sha256);
    }
  });

  test('an unsigned contract says so, and a long browser string wraps without losing the hash', async () => {
    const unsigned = await pdfText(await renderContractPdf({ ...signed, signature: null }), 'unsigned');
    expect(unsigned.words).toContain(CONTRACT.signatureBlock.notSigned);
    const longAgent = `Mozilla/5.0 ${'x'.repeat(300)}`;
    const long = await pdfText(
      await renderContractPdf({ ...signed, signature: { ...signed.signature!, ip: null, userAgent: longAgent } }),
      'long-agent',
    );
    expect(long.words).toContain(CONTRACT.signatureBlock.notRecorded);
    expect(long.lines).toContain(sha256);
  });
});
