import { describe, expect, test } from 'vitest';
import { CONTRACT } from '@shared/contract';
import { formatCents } from '@shared/money';
import { formatLongDate } from '@shared/texas-time';
import { contractFacts } from '../../../tests/fixtures';
import { documentSha256, freezeContract } from './document';

describe('freezeContract', () => {
  test('returns the same text and hash for the same facts', () => {
    const first = freezeContract(contractFacts());
    const second = freezeContract(contractFacts());
    expect(second).toEqual(first);
    expect(documentSha256(second.text)).toBe(documentSha256(first.text));
  });

  test('fills every placeholder, with or without a location and a guest count', () => {
    for (const facts of [contractFacts(), contractFacts({ eventLocation: null, guestCount: null })]) {
      const contract = freezeContract(facts);
      expect(contract.text).not.toMatch(/[{}]/);
      expect(contract.sections.every((section) => !/[{}]/.test(section.heading + section.body))).toBe(true);
    }
    expect(freezeContract(contractFacts({ guestCount: null })).text).toContain(`Guests expected: ${CONTRACT.document.toBeConfirmed}.`);
  });

  test('names the client, the event date, the slot, the event type and every amount', () => {
    const facts = contractFacts();
    const { text } = freezeContract(facts);
    expect(text).toContain('Zoë Nguyễn');
    expect(text).toContain(facts.clientEmail);
    expect(text).toContain(formatLongDate(facts.date));
    expect(text).toContain('Evening 6PM - 11PM');
    expect(text).toContain('Event: Wedding.');
    expect(text).toContain(`Total: ${formatCents(facts.totalCents)}`);
    for (const line of facts.lines) expect(text).toContain(`${line.label}: ${formatCents(line.amountCents)}`);
    for (const payment of facts.schedule) expect(text).toContain(`${formatCents(payment.amountCents)}, due ${formatLongDate(payment.dueOn)}`);
  });

  test('holds the title, every clause in order with its number, and the ESIGN disclosures', () => {
    const contract = freezeContract(contractFacts());
    expect(contract.version).toBe(CONTRACT.version);
    expect(contract.text.startsWith(`${CONTRACT.title}\n\n`)).toBe(true);
    const clauseHeadings = CONTRACT.clauses.map((clause, index) => `${index + 1}. ${clause.heading}`);
    expect(contract.sections.map((section) => section.heading)).toEqual(expect.arrayContaining(clauseHeadings));
    const positions = clauseHeadings.map((heading) => contract.text.indexOf(`\n${heading}\n`));
    expect(positions.every((position) => position > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(contract.text).toContain(CONTRACT.esign.disclosures.at(-1)!);
    for (const section of contract.sections) expect(contract.text).toContain(`${section.heading}\n${section.body}`);
  });

  test('a different fact gives a different text and hash', () => {
    const first = freezeContract(contractFacts());
    const other = freezeContract(contractFacts({ clientName: 'Zoe Nguyen' }));
    expect(documentSha256(other.text)).not.toBe(documentSha256(first.text));
  });
});

describe('documentSha256', () => {
  test.each([
    ['', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
    ['abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
  ])('returns the lowercase hex SHA-256 of %j', (text, hash) => {
    expect(documentSha256(text)).toBe(hash);
  });

  test('hashes the UTF-8 bytes of the text', () => {
    expect(documentSha256('Zoë')).toMatch(/^[0-9a-f]{64}$/);
    expect(documentSha256('Zoë')).toBe(documentSha256('Zo\u00eb'));
    expect(documentSha256('Zoë')).not.toBe(documentSha256('Zoe\u0308'));
  });
});
