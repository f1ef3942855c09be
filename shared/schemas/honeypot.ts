import * as v from 'valibot';

/** Name of the hidden form field that only bots fill in. */
export const HONEYPOT_FIELD = 'website';

/** The honeypot's value: optional, anything stringy; empty when a person sent the form. */
export const HoneypotSchema = v.optional(
  v.pipe(
    v.union([v.string(), v.number(), v.boolean(), v.null()], 'Please leave this field empty.'),
    v.transform((value) => (value === null ? '' : String(value).trim())),
  ),
  '',
);

/** Whether a validated payload came from a bot (its honeypot field is filled in). */
export function isHoneypotFilled(payload: { readonly [HONEYPOT_FIELD]?: string }): boolean {
  return (payload[HONEYPOT_FIELD] ?? '') !== '';
}
