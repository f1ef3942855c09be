import fc from 'fast-check';

/**
 * Text an attacker or an unusual visitor sends: SQL and HTML injection, template and format strings, right-to-left
 * and invisible characters, emoji and other astral characters, control characters, a NUL and lone surrogates
 * (neither can be stored in a Postgres text column), and JavaScript's own special names.
 */
export const HOSTILE_STRINGS: readonly string[] = [
  "'; DROP TABLE contact_inquiries; --",
  "Robert'); DROP TABLE bookings;--",
  "1' OR '1'='1",
  '" OR ""="',
  "admin'--",
  '$1',
  "E'\\\\x00'",
  '\\',
  "'",
  '%s%s%s%n',
  '{{7*7}}',
  '${7*7}',
  '#{7*7}',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  'javascript:alert(1)',
  '<!--',
  ']]>',
  '&lt;b&gt;&amp;',
  'مرحبا بالعالم',
  'שלום עולם',
  'abc\u202Egnp.exe',
  '\u200F\u200E\u200B\u2060',
  'Zoë Ñandú-Ångström',
  'Nguyễn Thị Minh Khai',
  '李小龙',
  '🤠🍹🐎',
  '👨‍👩‍👧‍👦',
  '𝕳𝖔𝖜𝖉𝖞',
  'Z̴̡̪͚̈́a̷̰̓l̶̙̈g̵̣̈́o̶͍͌',
  '\t\r\n',
  'tab\there',
  'line\nbreak',
  '\u0007bell',
  '\u001b[31mred',
  '\u007f',
  '\uFEFFbom',
  '\u0000',
  'nul\u0000inside',
  '\uD800',
  'lone\uDC00low',
  'null',
  'undefined',
  'true',
  'NaN',
  '-1',
  '1e309',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  ' ',
  '',
];

/** A hostile string from the list, or random text over the whole of Unicode (NULs and control characters included). */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(...HOSTILE_STRINGS), fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 10 }))
      .map(([a, b]) => `${b} ${a} ${b}`),
  },
);

/** Values of every JSON type and then some, for fields that expect a string. */
export const wrongTypeValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.constant([]),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
  // An own key named __proto__, as JSON.parse makes it from a request body.
  fc.constant(JSON.parse('{"__proto__":{"polluted":true}}') as unknown),
);

/** A string of `length` characters, for bodies at and over the size limit. */
export function longString(length: number, unit = 'x'): string {
  return unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
}
