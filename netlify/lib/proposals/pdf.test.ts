import { describe, expect, test } from 'vitest';
import { CONTRACT } from '@shared/contract';
import { formatCents } from '@shared/money';
import { formatLongDate, formatTexasDateTime } from '@shared/texas-time';
import { contractFacts, site } from '../../../tests/fixtures';
import { pdfText } from '../../../tests/pdf-text';
import { documentSha256, freezeContract } from './document';
import { renderContractPdf, type ContractPdfInput } from './pdf';

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
    const { lines, words } = await pdfText(await renderContractPdf(signed));
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
    const { words, pages } = await pdfText(pdf);
    expect(words).toContain(`${site.brandName} · ${contract.title}`);
    for (const section of contract.sections) expect(words).toContain(section.heading);
    expect(words).toContain(contract.sections.at(-1)!.body.split('\n').at(-1)!.replace(/\s+/g, ' '));
    expect(pages).toBeGreaterThan(1);
  });

  test('a countersigned contract names the countersigner', async () => {
    const countersignedAt = new Date('2026-11-29T15:30:00Z');
    const pdf = await renderContractPdf({ ...signed, countersignature: { name: 'Dolly Rivera', signedAt: countersignedAt } });
    const { words } = await pdfText(pdf);
    const block = CONTRACT.signatureBlock;
    expect(words).toContain(`${block.countersignedBy} Dolly Rivera ${block.on} ${formatTexasDateTime(countersignedAt)}`);
    expect(words).not.toContain(block.awaitingCountersignature);
  });

  test('a name typed with a combining mark is drawn as the same letters', async () => {
    const pdf = await renderContractPdf({ ...signed, signature: { ...signed.signature!, name: 'Zoe\u0308 Nguye\u0302\u0303n' } });
    const { words } = await pdfText(pdf);
    expect(words).toContain(`${CONTRACT.signatureBlock.signedBy} Zoë Nguyễn ${CONTRACT.signatureBlock.on}`);
  });

  test('renders made at the same time (sharing the parsed fonts) each hold their own signer', async () => {
    const names = ['Ана Петрова', 'Łukasz Żółć', 'Zoë Nguyễn'];
    const pdfs = await Promise.all(names.map((name) => renderContractPdf({ ...signed, signature: { ...signed.signature!, name } })));
    for (const [index, name] of names.entries()) {
      const { words, lines } = await pdfText(pdfs[index]!);
      expect(words).toContain(`${CONTRACT.signatureBlock.signedBy} ${name} ${CONTRACT.signatureBlock.on}`);
      expect(lines).toContain(sha256);
    }
  });

  test('an unsigned contract says so, and a long browser string wraps without losing the hash', async () => {
    const unsigned = await pdfText(await renderContractPdf({ ...signed, signature: null }));
    expect(unsigned.words).toContain(CONTRACT.signatureBlock.notSigned);
    const longAgent = `Mozilla/5.0 ${'x'.repeat(300)}`;
    const long = await pdfText(
      await renderContractPdf({ ...signed, signature: { ...signed.signature!, ip: null, userAgent: longAgent } }),
    );
    expect(long.words).toContain(CONTRACT.signatureBlock.notRecorded);
    expect(long.lines).toContain(sha256);
  });
});
