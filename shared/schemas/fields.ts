import * as v from 'valibot';

/** The message for text holding characters that cannot be stored. */
export const UNSTORABLE_TEXT_MESSAGE = 'Please remove the unsupported characters from this text.';

/** Whether `value` can be stored as Postgres text exactly as sent: no NUL character and no lone UTF-16 surrogate. */
export function isStorableText(value: string): boolean {
  // With the u flag a surrogate pair is one code point, so \p{Cs} only matches a lone (unpaired) surrogate.
  return !value.includes('\u0000') && !/\p{Cs}/u.test(value);
}

/** Refuses text that Postgres cannot store as sent (a NUL fails the insert; a lone surrogate would become U+FFFD). */
export function storableText() {
  return v.check<string, string>(isStorableText, UNSTORABLE_TEXT_MESSAGE);
}

// Characters refused in text, and why (docs/security-and-data.md, "Hostile input"). Line breaks and other control characters let text
// that reaches an e-mail header, a log line or a CSV export start a new header, line or cell; bidi controls make the
// owner's screen show text in another order than it is stored ("abc\u202Egnp.exe" displays as "abcexe.png"); invisible
// characters make a name look blank, or like another name.

/** Characters that break a line: LF, VT, FF, CR, NEL and the Unicode line and paragraph separators. */
const LINE_BREAK = /[\n\v\f\r\u0085\u2028\u2029]/u;
/** C0 and C1 control characters and DEL (the tab included). */
const CONTROL = /\p{Cc}/u;
/** C0 and C1 control characters and DEL, except the tab, LF and CR a multi-line text keeps. */
const CONTROL_IN_MULTI_LINE = /(?![\t\n\r])\p{Cc}/u;
/** Bidirectional controls: the marks (LRM, RLM, ALM), embeddings, overrides and isolates. */
const BIDI_CONTROL = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
/** Letters that draw nothing: the Hangul fillers (U+115F, U+1160, U+3164, U+FFA0) and the blank Braille pattern. */
const BLANK_LETTER = /[\u115F\u1160\u3164\uFFA0\u2800]/u;
/** A visible character on either side of a joiner: letter, mark, number, punctuation or symbol (emoji are symbols). */
const VISIBLE = String.raw`[\p{L}\p{M}\p{N}\p{P}\p{S}]`;
/**
 * ZWNJ (U+200C) and ZWJ (U+200D) between two visible characters: ZWJ joins emoji sequences (a family, a rainbow
 * flag) and shapes Indic letters, ZWNJ is part of Persian and Indic spelling. Anywhere else they are padding.
 */
const JOINER_IN_WORD = new RegExp(`(?<=${VISIBLE})[\u200C\u200D](?=${VISIBLE})`, 'gu');
/** A subdivision flag (Scotland, Wales, England): a black flag, tag letters or digits, a cancel tag. */
// Tag characters anywhere else carry hidden ASCII text.
const TAG_FLAG = /\u{1F3F4}[\u{E0030}-\u{E0039}\u{E0061}-\u{E007A}]{1,8}\u{E007F}/gu;
/** Format characters (\p{Cf}: zero-width space, word joiner, BOM, soft hyphen, tags...) other than bidi controls. */
const FORMAT = /(?![\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069])\p{Cf}/u;
/** A letter or digit that is not a blank filler. */
const LETTER_OR_DIGIT = /(?![\u115F\u1160\u3164\uFFA0])[\p{L}\p{N}]/u;

/** Whether `value` holds a line break (LF, CR, VT, FF, NEL, U+2028, U+2029). */
export function hasLineBreak(value: string): boolean {
  return LINE_BREAK.test(value);
}

/** Whether `value` holds a control character; `multiLine` text may hold tabs, LF and CR. */
export function hasControlCharacter(value: string, multiLine = false): boolean {
  return (multiLine ? CONTROL_IN_MULTI_LINE : CONTROL).test(value);
}

/** Whether `value` holds a bidirectional control (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069). */
export function hasBidiControl(value: string): boolean {
  return BIDI_CONTROL.test(value);
}

/**
 * Whether `value` holds an invisible character: a format character (\p{Cf}) other than a bidi control, or a blank
 * letter. Kept: ZWJ and ZWNJ between two visible characters, and the tags of a subdivision flag.
 */
export function hasInvisibleCharacter(value: string): boolean {
  const kept = value.replace(TAG_FLAG, '\u{1F3F4}').replace(JOINER_IN_WORD, '');
  return FORMAT.test(kept) || BLANK_LETTER.test(kept);
}

/** Whether `value` holds at least one letter or digit (\p{L} or \p{N}, blank fillers not counted). */
export function hasLetterOrDigit(value: string): boolean {
  return LETTER_OR_DIGIT.test(value);
}

/**
 * The rules of one line of text a person types (a name, a place, a phone number): no line break, no control
 * character, no bidi control, no invisible character, and at least one letter or digit. `what` names the field in
 * the messages ("your first name").
 */
export function singleLineText(what: string) {
  return v.pipe(
    v.string(),
    v.check((value) => !hasLineBreak(value), `Please remove the line breaks from ${what}.`),
    v.check(
      (value) => hasLineBreak(value) || !hasControlCharacter(value),
      `Please remove the tabs and hidden control characters from ${what}.`,
    ),
    v.check((value) => !hasBidiControl(value), `Please remove the hidden text-direction marks from ${what}.`),
    v.check((value) => !hasInvisibleCharacter(value), `Please remove the invisible characters from ${what}.`),
    v.check(hasLetterOrDigit, `Please use at least one letter or number in ${what}.`),
  );
}

/** The rules of free text over several lines (a message): tabs and line breaks are kept, other controls refused. */
export function multiLineText(what: string) {
  return v.pipe(
    v.string(),
    v.check((value) => !hasControlCharacter(value, true), `Please remove the hidden control characters from ${what}.`),
    v.check((value) => !hasBidiControl(value), `Please remove the hidden text-direction marks from ${what}.`),
  );
}

/**
 * A required single line of text: trimmed, NFC-normalised (so "Zoë" is stored one way however it was typed), at most
 * `maxLength` characters, storable, and following `singleLineText`; `required` when missing or blank. `what` names
 * the field in the messages of the character rules.
 */
export function requiredText(required: string, maxLength: number, tooLong: string, what = 'this text') {
  return v.pipe(
    v.string(required),
    v.trim(),
    v.normalize('NFC'),
    v.nonEmpty(required),
    v.maxLength(maxLength, tooLong),
    storableText(),
    singleLineText(what),
  );
}

/** The message for an e-mail address holding ?, % or &. */
export const EMAIL_URL_CHARACTERS_MESSAGE = 'Please enter an email address without ?, % or & characters.';

// RFC 5322 allows ? % & in a local part, but in a mailto: link they start a query (?cc=…&subject=…) or an escape
// (%40), so an address holding them could add recipients or a subject to the owner's reply. No real mailbox needs them.
const URL_CHARACTERS_IN_ADDRESS = /[?%&]/;

/** A required e-mail address: trimmed, at most 254 characters, in a real address format, without ? % &. */
export function emailAddress(required: string) {
  return v.pipe(
    v.string(required),
    v.trim(),
    v.nonEmpty(required),
    v.maxLength(254, 'Please enter an email address of at most 254 characters.'),
    // RFC 5322 local parts (o'brien@…, first.last+tag@…), which valibot's stricter `email` refuses, and a real
    // top-level domain, which the RFC alone does not ask for.
    v.rfcEmail('Please enter a valid email address.'),
    v.regex(/\.[a-z]{2,}$/i, 'Please enter a valid email address.'),
    v.check((value) => !URL_CHARACTERS_IN_ADDRESS.test(value), EMAIL_URL_CHARACTERS_MESSAGE),
  );
}

// A name reaches mail we send to the address a visitor typed, so it must not carry a link or an address there
// (docs/security-and-data.md, "No relay"). Full stops: ASCII, ideographic, fullwidth and halfwidth (mail clients and
// browsers read all four as a domain's dot).
const DOT = '[.\u3002\uFF0E\uFF61]';
/** A scheme (https://, mailto:), www., an @ (or fullwidth ＠), or a dotted IPv4 address. */
const LINK_MARKER = new RegExp(
  `[a-z][a-z0-9+.-]*://|\\b(?:mailto|https?|ftp|file|data|javascript):|www${DOT}|[@\\uFF20]|\\d{1,3}(?:${DOT}\\d{1,3}){3}`,
  'iu',
);
/** A domain: labels joined by full stops ending in a top-level domain of two or more letters ("paypa1-secure.example"). */
const DOMAIN = new RegExp(`[\\p{L}\\p{N}](?:[\\p{L}\\p{N}-]*[\\p{L}\\p{N}])?${DOT}\\p{L}{2,}(?![\\p{L}\\p{N}])`, 'u');

/**
 * Whether `value` holds text a mail client could turn into a link or an address: a URL, www., a domain
 * ("paypa1-secure.example", "bit.ly"), an e-mail-like @ or an IP address. Initials ("J.R.", "Ph.D") are not domains.
 */
export function hasLinkLikeText(value: string): boolean {
  return LINK_MARKER.test(value) || DOMAIN.test(value);
}

/** Longest first name that goes into mail to a visitor-given address, in characters. */
export const MAX_FIRST_NAME_LENGTH = 50;

/**
 * A person's name that we may greet them by in an e-mail to the address they typed: `requiredText` and no
 * web or e-mail address (hasLinkLikeText), with `noLinks` as the message.
 */
export function personName(required: string, maxLength: number, tooLong: string, what: string, noLinks: string) {
  return v.pipe(
    requiredText(required, maxLength, tooLong, what),
    v.check((value) => !hasLinkLikeText(value), noLinks),
  );
}

/** Whether a form value counts as not given: absent, null, or a text that is blank after trimming. */
export function isBlankValue(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/**
 * An optional field with the rules of `schema` when given: absent, null or blank text is "not given" and comes out
 * as null (the column's value); anything else must pass `schema`, with its messages.
 */
export function optionalField<TSchema extends v.GenericSchema>(schema: TSchema) {
  // The outer default (null) runs through the pipe too, as any value does: it comes out as null.
  return v.optional(
    v.pipe(
      v.unknown(),
      v.transform((value) => (isBlankValue(value) ? undefined : value)),
      v.optional(schema),
      v.transform((value) => value ?? null),
    ),
    null,
  );
}

type Entries = v.ObjectEntries;

/**
 * A form payload object whose missing fields report the field's own message ("Please enter your first name.")
 * instead of valibot's generic key message. Unknown keys are dropped (valibot's `object` strips them).
 */
export function formObject<const TEntries extends Entries>(entries: TEntries, notAnObject: string) {
  return v.object(entries, (issue) => {
    const key = issue.path?.[0]?.key;
    const entry = typeof key === 'string' && Object.hasOwn(entries, key) ? entries[key] : undefined;
    const message = entry && 'message' in entry ? entry.message : undefined;
    return typeof message === 'string' ? message : notAnObject;
  });
}
