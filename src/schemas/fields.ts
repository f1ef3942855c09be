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

/** A required text field: trimmed, at most `maxLength` characters, storable, `required` when missing or blank. */
export function requiredText(required: string, maxLength: number, tooLong: string) {
  return v.pipe(v.string(required), v.trim(), v.nonEmpty(required), v.maxLength(maxLength, tooLong), storableText());
}

/** A required e-mail address: trimmed, at most 254 characters, in a real address format. */
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
