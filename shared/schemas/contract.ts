import * as v from 'valibot';

/** The facts a contract's words may name, as `{name}` placeholders (netlify/lib/proposals/document.ts fills them). */
export const CONTRACT_PLACEHOLDERS = [
  'brandName',
  'businessPhone',
  'businessEmail',
  'clientName',
  'clientEmail',
  'eventDate',
  'timeSlot',
  'eventType',
  'eventLocation',
  'guestCount',
  'totalAmount',
  'retainerAmount',
  'balanceAmount',
  'balanceDueOn',
  'validUntil',
  'changeDays',
] as const;

/** One of the contract's placeholder names. */
export type ContractPlaceholder = (typeof CONTRACT_PLACEHOLDERS)[number];

/** The `{name}` placeholders a template uses, in order of appearance (repeats included). */
export function placeholdersOf(template: string): string[] {
  return [...template.matchAll(/\{(\w+)\}/g)].map(([, name]) => name!);
}

const Text = v.pipe(v.string(), v.trim(), v.nonEmpty());

/** Text whose placeholders are all among `names` (a misspelt one would reach the signed document). */
// No side effects (as valibot's own functions are marked): a module that imports only the names drops the schema.
/* @__NO_SIDE_EFFECTS__ */
function template(names: readonly string[]) {
  return v.pipe(
    Text,
    v.check(
      (text: string) => placeholdersOf(text).every((name) => names.includes(name)),
      `may use only the placeholders ${names.map((name) => `{${name}}`).join(', ')}`,
    ),
  );
}

const ContractText = template(CONTRACT_PLACEHOLDERS);

const Clause = v.object({
  /** Stable name of the clause (kebab-case): tests and docs point at it; the number is its place in the list. */
  id: v.pipe(v.string(), v.regex(/^[a-z0-9-]+$/)),
  heading: Text,
  body: ContractText,
});

/** content/contract.json: the contract's words, one version of them (a new version is a new `version` string). */
export const ContractContentSchema = v.object({
  /** The terms' version, a date (YYYY-MM-DD) by convention: stored with each proposal frozen from it. */
  version: v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/, 'write the version as YYYY-MM-DD')),
  title: Text,
  /** For the people editing the terms; never part of the document. */
  reviewNote: Text,
  intro: ContractText,
  clauses: v.pipe(
    v.array(Clause),
    v.minLength(1),
    v.check((clauses) => new Set(clauses.map((clause) => clause.id)).size === clauses.length, 'clause ids must be unique'),
  ),
  /** The words around the clauses in the frozen document: the price table, the schedule, the ESIGN section. */
  document: v.object({
    introHeading: Text,
    priceHeading: Text,
    totalLabel: Text,
    scheduleHeading: Text,
    scheduleLine: template(['label', 'amount', 'dueOn']),
    esignHeading: Text,
    /** Stands for a fact not yet known (the location or the guest count). */
    toBeConfirmed: Text,
  }),
  /** ESIGN (15 U.S.C. §7001(c)) consumer disclosures, the consent checkbox's sentence, the statement by the button. */
  esign: v.object({
    disclosures: v.pipe(v.array(ContractText), v.minLength(1)),
    consent: ContractText,
    intent: ContractText,
  }),
  /** The words of the PDF's signature block. */
  signatureBlock: v.object({
    heading: Text,
    proposal: Text,
    version: Text,
    signedBy: Text,
    on: Text,
    /** After a signature's date and time: the clock it is told in. */
    timeZoneName: Text,
    ipAddress: Text,
    browser: Text,
    notRecorded: Text,
    notSigned: Text,
    countersignedBy: Text,
    awaitingCountersignature: Text,
    sha256: Text,
    sha256Note: Text,
    page: template(['page', 'pages']),
  }),
});

/** The contract's words as checked. */
export type ContractContent = v.InferOutput<typeof ContractContentSchema>;

/** The contract content, checked: throws with every problem when content/contract.json breaks a rule. */
export function checkContractContent(json: unknown): ContractContent {
  const result = v.safeParse(ContractContentSchema, json);
  if (result.success) return result.output;
  const problems = result.issues.map((issue) => `${v.getDotPath(issue) ?? '(root)'}: ${issue.message}`);
  throw new Error(`content/contract.json: ${problems.join('; ')}`);
}
