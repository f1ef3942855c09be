/**
 * The scoring rules of the MDN HTTP Observatory (github.com/mdn/mdn-http-observatory, src/grader/charts.js and
 * src/analyzer/tests/*.js) for what a response's headers and HTML decide: CSP, cookies, CORS, CORP, Referrer-Policy,
 * HSTS, Subresource Integrity, X-Content-Type-Options and X-Frame-Options. The redirection test (http:// to https://)
 * is Netlify's and cannot be judged from configuration; it is reported as passed.
 *
 * Scoring as the Observatory does it: start at 100, apply every penalty, then the bonuses only when the score is still
 * at least 90; 100 and above is A+.
 */

/** One test's outcome: the Observatory's expectation name and its score modifier. */
export type TestResult = { result: string; modifier: number };

/** What the grader looks at: the response headers (lower-case names) and, for a page, its HTML. */
export type ObservedResponse = { url: string; headers: Record<string, string>; html?: string };

/** The grade of one response. */
export type Grade = { score: number; grade: string; tests: Record<string, TestResult> };

type Policy = Map<string, Set<string>>;

const BROAD = new Set(['ftp:', 'http:', 'https:', '*', 'http://*', 'http://*.*', 'https://*', 'https://*.*']);
const UNSAFE_INLINE = new Set(["'unsafe-inline'", 'data:']);
const HASH_OR_NONCE = /^'(sha256|sha384|sha512|nonce)-/;
const DISALLOWED_IN_META = ['frame-ancestors', 'report-uri', 'sandbox'];

/** Parses one serialized policy; throws on a repeated directive, as the Observatory does. */
export function parsePolicy(text: string): Policy {
  const policy: Policy = new Map();
  for (const part of text.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/).filter(Boolean);
    if (!name) continue;
    const directive = name.toLowerCase();
    if (policy.has(directive)) throw new Error(`Duplicate directive ${directive}`);
    // Keywords and hosts are case-insensitive; the base64 of a hash or nonce is not.
    const values = sources.map((source) => (HASH_OR_NONCE.test(source.toLowerCase()) ? source : source.toLowerCase()));
    policy.set(directive, new Set(values.length === 0 && directive.endsWith('-src') ? ["'none'"] : values));
  }
  return policy;
}

/** The content of every <meta http-equiv="content-security-policy"> in `html`. */
export function metaPolicies(html: string): string[] {
  const policies: string[] = [];
  for (const [tag] of html.matchAll(/<meta\b[^>]*>/gi)) {
    if (!/http-equiv\s*=\s*["']?content-security-policy["']?/i.test(tag)) continue;
    const content = /content\s*=\s*"([^"]*)"|content\s*=\s*'([^']*)'/i.exec(tag);
    if (content) policies.push((content[1] ?? content[2] ?? '').replace(/&#39;|&apos;/g, "'").replace(/&amp;/g, '&'));
  }
  return policies;
}

/**
 * The sources a directive effectively allows when several policies are enforced together: each policy uses the
 * directive or its fallbacks (or allows everything when it has neither), and a source must pass every policy.
 */
function effectiveSources(policies: Policy[], directive: string, fallbacks: string[] = ['default-src']): Set<string> {
  let result: Set<string> | undefined;
  for (const policy of policies) {
    const own = [directive, ...fallbacks].map((name) => policy.get(name)).find((sources) => sources !== undefined);
    if (!own) continue;
    result = result ? new Set([...result].filter((source) => own.has(source))) : new Set(own);
  }
  if (!result) return new Set(['*']);
  return result.size === 0 ? new Set(["'none'"]) : result;
}

function cspTest(response: ObservedResponse): TestResult & { frameAncestors: boolean } {
  const headerTexts = (response.headers['content-security-policy'] ?? '').split(',').map((text) => text.trim()).filter(Boolean);
  const metaTexts = response.html ? metaPolicies(response.html).flatMap((text) => text.split(',')).map((text) => text.trim()) : [];
  if (headerTexts.length + metaTexts.length === 0) return { result: 'csp-not-implemented', modifier: -25, frameAncestors: false };
  let headerPolicies: Policy[];
  let meta: Policy[];
  try {
    headerPolicies = headerTexts.map(parsePolicy);
    meta = metaTexts.map(parsePolicy);
  } catch {
    return { result: 'csp-header-invalid', modifier: -25, frameAncestors: false };
  }
  for (const policy of meta) for (const directive of DISALLOWED_IN_META) policy.delete(directive);
  const all = [...headerPolicies, ...meta];

  const script = effectiveSources(all, 'script-src');
  const style = effectiveSources(all, 'style-src');
  const object = effectiveSources(all, 'object-src');
  const defaults = effectiveSources(all, 'default-src', []);
  for (const sources of [script, style]) {
    if ([...sources].some((source) => HASH_OR_NONCE.test(source))) sources.delete("'unsafe-inline'");
  }
  const frameAncestors = headerPolicies.some((policy) => {
    const sources = policy.get('frame-ancestors');
    return sources !== undefined && ![...sources].some((source) => BROAD.has(source));
  });

  const https = response.url.startsWith('https:');
  const insecure = (sources: Iterable<string>) => [...sources].some((s) => s.startsWith('http:') || s.startsWith('ftp:'));
  if ([...script].some((s) => BROAD.has(s) || UNSAFE_INLINE.has(s)) || [...object].some((s) => BROAD.has(s))) {
    return { result: 'csp-implemented-with-unsafe-inline', modifier: -20, frameAncestors };
  }
  if (https && insecure([...script, ...object, ...style])) {
    return { result: 'csp-implemented-with-insecure-scheme', modifier: -20, frameAncestors };
  }
  if (script.has("'unsafe-eval'") || style.has("'unsafe-eval'")) {
    return { result: 'csp-implemented-with-unsafe-eval', modifier: -10, frameAncestors };
  }
  if (https && insecure([...effectiveSources(all, 'img-src'), ...effectiveSources(all, 'media-src')])) {
    return { result: 'csp-implemented-with-insecure-scheme-in-passive-content-only', modifier: -10, frameAncestors };
  }
  if ([...style].some((s) => BROAD.has(s) || UNSAFE_INLINE.has(s))) {
    return { result: 'csp-implemented-with-unsafe-inline-in-style-src-only', modifier: 0, frameAncestors };
  }
  if (defaults.size === 1 && defaults.has("'none'")) {
    return { result: 'csp-implemented-with-no-unsafe-default-src-none', modifier: 10, frameAncestors };
  }
  return { result: 'csp-implemented-with-no-unsafe', modifier: 5, frameAncestors };
}

function hstsTest(headers: Record<string, string>): TestResult {
  const value = headers['strict-transport-security'];
  if (!value) return { result: 'hsts-not-implemented', modifier: -20 };
  const maxAge = /(?:^|;)\s*max-age\s*=\s*"?(\d+)"?/i.exec(value);
  if (!maxAge) return { result: 'hsts-header-invalid', modifier: -20 };
  return Number(maxAge[1]) >= 15_768_000
    ? { result: 'hsts-implemented-max-age-at-least-six-months', modifier: 0 }
    : { result: 'hsts-implemented-max-age-less-than-six-months', modifier: -10 };
}

function referrerTest(headers: Record<string, string>, html: string | undefined): TestResult {
  const good = ['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'];
  const bad = ['origin', 'origin-when-cross-origin', 'unsafe-url', 'no-referrer-when-downgrade'];
  const meta = html ? [...html.matchAll(/<meta\b[^>]*name\s*=\s*["']?referrer["']?[^>]*content\s*=\s*"([^"]*)"/gi)].map((m) => m[1]!) : [];
  const values = [headers['referrer-policy'], ...meta].filter((value): value is string => Boolean(value));
  if (values.length === 0) return { result: 'referrer-policy-not-implemented', modifier: 0 };
  const tokens = values.join(',').split(',').map((token) => token.trim().toLowerCase());
  const policy = tokens.filter((token) => good.includes(token) || bad.includes(token)).pop() ?? '';
  if (good.includes(policy)) return { result: 'referrer-policy-private', modifier: 5 };
  if (bad.includes(policy)) return { result: 'referrer-policy-unsafe', modifier: -5 };
  return { result: 'referrer-policy-header-invalid', modifier: -5 };
}

function contentTypeOptionsTest(headers: Record<string, string>): TestResult {
  const value = headers['x-content-type-options'];
  if (!value) return { result: 'x-content-type-options-not-implemented', modifier: -5 };
  return value.trim().toLowerCase() === 'nosniff'
    ? { result: 'x-content-type-options-nosniff', modifier: 0 }
    : { result: 'x-content-type-options-header-invalid', modifier: -5 };
}

function frameOptionsTest(headers: Record<string, string>, viaCsp: boolean): TestResult {
  if (viaCsp) return { result: 'x-frame-options-implemented-via-csp', modifier: 5 };
  const value = headers['x-frame-options']?.trim().toLowerCase();
  if (!value) return { result: 'x-frame-options-not-implemented', modifier: -20 };
  if (value === 'deny' || value === 'sameorigin') return { result: 'x-frame-options-sameorigin-or-deny', modifier: 0 };
  if (value.startsWith('allow-from')) return { result: 'x-frame-options-allow-from-origin', modifier: 0 };
  return { result: 'x-frame-options-header-invalid', modifier: -20 };
}

function resourcePolicyTest(headers: Record<string, string>): TestResult {
  const value = headers['cross-origin-resource-policy']?.trim().toLowerCase();
  if (!value) return { result: 'corp-not-implemented', modifier: 0 };
  if (value === 'same-origin') return { result: 'corp-implemented-with-same-origin', modifier: 10 };
  if (value === 'same-site') return { result: 'corp-implemented-with-same-site', modifier: 10 };
  if (value === 'cross-origin') return { result: 'corp-implemented-with-cross-origin', modifier: 0 };
  return { result: 'corp-header-invalid', modifier: -5 };
}

function corsTest(headers: Record<string, string>): TestResult {
  const origin = headers['access-control-allow-origin']?.trim();
  if (!origin) return { result: 'cross-origin-resource-sharing-not-implemented', modifier: 0 };
  if (origin === '*' && headers['access-control-allow-credentials'] !== 'true') {
    return { result: 'cross-origin-resource-sharing-implemented-with-public-access', modifier: 0 };
  }
  return { result: 'cross-origin-resource-sharing-implemented-with-universal-access', modifier: -50 };
}

function cookiesTest(headers: Record<string, string>): TestResult {
  const cookie = headers['set-cookie'];
  if (!cookie) return { result: 'cookies-not-found', modifier: 0 };
  const secure = /;\s*secure/i.test(cookie) && /;\s*httponly/i.test(cookie);
  return secure && /;\s*samesite=(strict|lax)/i.test(cookie)
    ? { result: 'cookies-secure-with-httponly-sessions-and-samesite', modifier: 5 }
    : { result: 'cookies-without-secure-flag', modifier: -20 };
}

function subresourceIntegrityTest(response: ObservedResponse): TestResult {
  if (!response.html) return { result: 'sri-not-implemented-response-not-html', modifier: 0 };
  const sources = [...response.html.matchAll(/<script\b[^>]*\bsrc\s*=\s*["']?([^"'\s>]+)/gi)].map((match) => match[1]!);
  if (sources.length === 0 && !/<script\b/i.test(response.html)) {
    return { result: 'sri-not-implemented-but-no-scripts-loaded', modifier: 0 };
  }
  const origin = new URL(response.url).origin;
  const external = sources.filter((src) => new URL(src, response.url).origin !== origin);
  if (external.length === 0) return { result: 'sri-not-implemented-but-all-scripts-loaded-from-secure-origin', modifier: 0 };
  return external.every((src) => src.startsWith('https:'))
    ? { result: 'sri-not-implemented-but-external-scripts-loaded-securely', modifier: -5 }
    : { result: 'sri-not-implemented-and-external-scripts-not-loaded-securely', modifier: -50 };
}

/** Grades one response by the Observatory's rules. */
export function grade(response: ObservedResponse): Grade {
  const headers = Object.fromEntries(Object.entries(response.headers).map(([name, value]) => [name.toLowerCase(), value]));
  const observed = { ...response, headers };
  const { frameAncestors, ...csp } = cspTest(observed);
  const tests: Record<string, TestResult> = {
    'content-security-policy': csp,
    cookies: cookiesTest(headers),
    'cross-origin-resource-sharing': corsTest(headers),
    'cross-origin-resource-policy': resourcePolicyTest(headers),
    redirection: { result: 'redirection-to-https (Netlify)', modifier: 0 },
    'referrer-policy': referrerTest(headers, response.html),
    'strict-transport-security': hstsTest(headers),
    'subresource-integrity': subresourceIntegrityTest(observed),
    'x-content-type-options': contentTypeOptionsTest(headers),
    'x-frame-options': frameOptionsTest(headers, frameAncestors),
  };
  const modifiers = Object.values(tests).map((test) => test.modifier);
  let score = 100 + modifiers.filter((m) => m < 0).reduce((sum, m) => sum + m, 0);
  if (score >= 90) score += modifiers.filter((m) => m > 0).reduce((sum, m) => sum + m, 0);
  score = Math.max(score, 0);
  const chart: Array<[number, string]> = [
    [100, 'A+'], [90, 'A'], [85, 'A-'], [80, 'B+'], [70, 'B'], [65, 'B-'], [60, 'C+'], [50, 'C'], [45, 'C-'],
    [40, 'D+'], [30, 'D'], [25, 'D-'], [0, 'F'],
  ];
  return { score, grade: chart.find(([minimum]) => score >= minimum)![1], tests };
}
