import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import contractJson from '@content/contract.json' with { type: 'json' };
import { CONTRACT_PLACEHOLDERS, ContractContentSchema, checkContractContent, placeholdersOf } from './contract';

/** The clauses the business's terms must hold (the sale's issue lists them), by id. */
const REQUIRED_CLAUSES = [
  'parties',
  'package',
  'price',
  'retainer',
  'cancellation',
  'alcohol',
  'responsible-service',
  'gratuity',
  'site',
  'weather',
  'service-hours',
  'damage',
  'force-majeure',
  'governing-law',
  'entire-agreement',
  'electronic-signature',
];

const content = checkContractContent(contractJson);

/** Every text of the document that the contract's facts fill. */
const documentTexts = [
  content.intro,
  ...content.clauses.flatMap((clause) => [clause.heading, clause.body]),
  ...content.esign.disclosures,
  content.esign.consent,
  content.esign.intent,
];

describe('content/contract.json', () => {
  test('parses with ContractContentSchema', () => {
    expect(v.safeParse(ContractContentSchema, contractJson).issues).toBeUndefined();
  });

  test('has unique clause ids', () => {
    const ids = content.clauses.map((clause) => clause.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  test('uses only the placeholders the facts fill', () => {
    const unknown = documentTexts.flatMap(placeholdersOf).filter((name) => !(CONTRACT_PLACEHOLDERS as readonly string[]).includes(name));
    expect(unknown).toEqual([]);
  });

  test('has every clause the business needs', () => {
    expect(content.clauses.map((clause) => clause.id)).toEqual(expect.arrayContaining(REQUIRED_CLAUSES));
  });

  test('has about fifteen clauses', () => {
    expect(content.clauses.length).toBeGreaterThanOrEqual(14);
    expect(content.clauses.length).toBeLessThanOrEqual(17);
  });
});

describe('ContractContentSchema', () => {
  test('refuses a misspelt placeholder', () => {
    const broken = { ...contractJson, intro: 'Between us and {clientname}.' };
    expect(() => checkContractContent(broken)).toThrow(/intro: may use only the placeholders/);
  });

  test('refuses two clauses with one id', () => {
    const broken = { ...contractJson, clauses: [contractJson.clauses[0], contractJson.clauses[0]] };
    expect(() => checkContractContent(broken)).toThrow(/clause ids must be unique/);
  });
});
