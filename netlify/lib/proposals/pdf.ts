import { PDFDocument } from 'pdf-lib';
import settings from '@content/settings.json' with { type: 'json' };
import { CONTRACT } from '@shared/contract';
import { formatTexasDateTime } from '@shared/texas-time';
import { fillTemplate } from '@shared/template';
import type { FrozenContract } from './document';
import { PLAIN_FEATURES, contractFontBytes, sharedFontkit } from './pdf-fonts';
import { PageWriter, TEXT_WIDTH, textWidth } from './pdf-layout';

/** What the contract's PDF shows: the frozen document, its fingerprint, and who signed it when. */
export type ContractPdfInput = {
  contract: FrozenContract;
  sha256: string;
  /** The client's signature: the typed name, when, and from where (null: not signed yet). */
  signature: { name: string; signedAt: Date; ip: string | null; userAgent: string | null } | null;
  countersignature: { name: string; signedAt: Date } | null;
  proposalId: string;
};

const BODY = 9.5;
const HASH_SIZE = 8;

/**
 * The contract as a PDF (US Letter, as many pages as it takes): the running header with the brand and title, every
 * section of the frozen text, then the signature block (the client's signature with its moment, IP address and browser,
 * the countersignature or that it is awaited) and the document's SHA-256 whole on a line of its own.
 */
export async function renderContractPdf(input: ContractPdfInput): Promise<Uint8Array> {
  const { contract, sha256, proposalId } = input;
  // NFC: an accented letter typed as a letter and a combining mark is drawn as the font's one precomposed glyph.
  const signature = input.signature && { ...input.signature, name: input.signature.name.normalize('NFC') };
  const countersignature = input.countersignature && { ...input.countersignature, name: input.countersignature.name.normalize('NFC') };
  const words = CONTRACT.signatureBlock;
  const brand = settings.site.brandName;
  const document = await PDFDocument.create({ updateMetadata: false });
  document.registerFontkit(sharedFontkit);
  const bytes = contractFontBytes();
  // Subsets: only the glyphs used go into the file (the full faces would weigh 1.8 MB).
  const [regular, bold, mono] = await Promise.all([
    document.embedFont(bytes.regular, { subset: true, features: PLAIN_FEATURES }),
    document.embedFont(bytes.bold, { subset: true, features: PLAIN_FEATURES }),
    document.embedFont(bytes.mono, { subset: true, features: PLAIN_FEATURES }),
  ]);
  document.setTitle(`${contract.title} – ${brand}`, { showInWindowTitleBar: true });
  document.setAuthor(brand);
  document.setSubject(`${words.proposal} ${proposalId}`);
  document.setLanguage('en-US');
  const signedAt = countersignature?.signedAt ?? signature?.signedAt;
  if (signedAt) {
    document.setCreationDate(signedAt);
    document.setModificationDate(signedAt);
  }

  const writer = new PageWriter(document, { text: `${brand} · ${contract.title}`, font: regular });
  writer.text(contract.title, { font: bold, size: 16, after: 4 });
  writer.text(`${words.proposal} ${proposalId} · ${words.version} ${contract.version}`, { font: regular, size: 8, muted: true, after: 10 });
  for (const section of contract.sections) {
    writer.keepTogether(11 * 1.35 + BODY * 1.35 * 2);
    writer.text(section.heading, { font: bold, size: 11, after: 2 });
    writer.text(section.body, { font: regular, size: BODY, after: 8, paragraphGap: 2.5 });
  }

  writer.space(6, 120);
  writer.text(words.heading, { font: bold, size: 12, after: 4 });
  const missing = words.notRecorded;
  writer.text(
    signature
      ? `${words.signedBy} ${signature.name} ${words.on} ${formatTexasDateTime(signature.signedAt)} ${words.timeZoneName} ` +
          `(${words.ipAddress} ${signature.ip ?? missing}; ${words.browser} ${signature.userAgent ?? missing})`
      : words.notSigned,
    { font: regular, size: BODY, after: 6 },
  );
  writer.text(
    countersignature
      ? `${words.countersignedBy} ${countersignature.name} ${words.on} ${formatTexasDateTime(countersignature.signedAt)} ${words.timeZoneName}`
      : words.awaitingCountersignature,
    { font: regular, size: BODY, after: 8 },
  );
  writer.keepTogether(40);
  writer.text(`${words.sha256}:`, { font: bold, size: BODY, after: 1 });
  // Whole on one line: 64 characters of the monospaced face at 8 pt take 308 of the 504 points of the text width.
  if (textWidth(sha256, mono, HASH_SIZE) > TEXT_WIDTH) throw new Error('the document hash does not fit one line');
  writer.text(sha256, { font: mono, size: HASH_SIZE, after: 3 });
  writer.text(words.sha256Note, { font: regular, size: 7.5, muted: true });

  writer.footers((page, pages) => `${words.proposal} ${proposalId} · ${fillTemplate(words.page, { page, pages })}`, regular);
  return document.save();
}
