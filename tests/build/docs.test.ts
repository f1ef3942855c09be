import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const DOCS_DIR = join(ROOT, 'docs');

/** The README is a front door: what the project is, the two commands, the map, links into docs/. */
const README_MAX_LINES = 150;

// Output, caches and installs: named in the docs (`dist/`) but absent from a clean clone.
const NOT_IN_CLONE = new Set([
  'node_modules',
  'dist',
  '.astro',
  '.netlify',
  '.data',
  '.cache',
  '.git',
  'coverage',
  'test-results',
  'bench-results',
]);

/** The top-level files and folders of the repository that a path in the docs may start with. */
const TOP_LEVEL = new Set(readdirSync(ROOT).filter((name) => !NOT_IN_CLONE.has(name)));

/** README.md and every docs/*.md, relative to the repository root. */
const DOC_FILES = ['README.md', ...readdirSync(DOCS_DIR).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];

/** A repository path named in a markdown text, with the heading anchor a link points at. */
type Named = { kind: 'code' | 'link'; path: string; anchor?: string };

/**
 * The repository paths a markdown text names, as written: every inline code span that starts with a top-level file or
 * folder of the repository (`netlify/lib/`, `package.json`; globs and placeholders such as `*`, `<id>`, `{x}` and `…`
 * are patterns, not paths), and every relative link target (`[API](docs/api.md#errors)`: the path, and the heading it points at).
 */
function namedPaths(markdown: string): Named[] {
  const found: Named[] = [];
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '');
  for (const [, span] of prose.matchAll(/`([^`\n]+)`/g)) {
    const candidate = span!.trim();
    if (/[\s*<>{}…$]/.test(candidate)) continue;
    const first = candidate.split('/')[0]!;
    if (TOP_LEVEL.has(first)) found.push({ kind: 'code', path: candidate });
  }
  for (const [, target] of prose.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target!) || target!.startsWith('#')) continue;
    const [path, anchor] = target!.split('#');
    found.push({ kind: 'link', path: path!, ...(anchor ? { anchor } : {}) });
  }
  return found;
}

/** Every `npm run <script>` a markdown text names. */
function namedScripts(markdown: string): string[] {
  return [...markdown.matchAll(/npm run ([\w:.-]+)/g)].map(([, name]) => name!);
}

/** The anchors of a markdown file's headings, as GitHub writes them ("## The owner's desk" -> the-owners-desk). */
function headingAnchors(markdown: string): string[] {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '');
  return [...prose.matchAll(/^#{1,6} (.+)$/gm)].map(([, heading]) =>
    heading!.trim().toLowerCase().replace(/[^\p{L}\p{N} _-]/gu, '').replace(/ /g, '-'),
  );
}

const HTTP_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Every ALL_CAPS name in an inline code span but HTTP methods: a constant or an environment variable. */
function namedConstants(markdown: string): string[] {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '');
  const names = [...prose.matchAll(/`([A-Z][A-Z0-9_]{2,})`/g)].map(([, name]) => name!);
  return [...new Set(names)].filter((name) => !HTTP_METHODS.has(name));
}

// Where a named constant may be defined or an environment variable read; this file is left out, since it names some.
const SOURCE_ROOTS = ['src', 'shared', 'content', 'netlify', 'scripts', 'tests', 'db', '.ci', 'astro.config.mjs', 'netlify.toml', 'vitest.config.ts'];
const SOURCE_FILE = /\.(ts|tsx|mjs|astro|sql|toml)$|^run$/;

function sourceFiles(path: string): string[] {
  if (statSync(path).isDirectory()) return readdirSync(path).flatMap((name) => sourceFiles(join(path, name)));
  return SOURCE_FILE.test(path.split('/').pop()!) && path !== import.meta.filename ? [path] : [];
}

const SOURCES = SOURCE_ROOTS.flatMap((root) => sourceFiles(join(ROOT, root))).map((file) => readFileSync(file, 'utf8'));

/** How the code knows `name`: a constant with a JSDoc line above it, a constant without one, a word only, or not at all. */
function constantStatus(name: string, sources: readonly string[]): 'documented' | 'undocumented' | 'used' | 'missing' {
  const declaration = new RegExp(`^(.*)\\n\\s*(?:export )?const ${name}\\b`, 'm');
  const declared = sources.map((source) => source.match(declaration)).find((match) => match !== null);
  if (declared) return declared[1]!.trim().endsWith('*/') ? 'documented' : 'undocumented';
  return sources.some((source) => new RegExp(`\\b${name}\\b`).test(source)) ? 'used' : 'missing';
}

function resolveNamed(docFile: string, named: Named): string {
  // Code spans name paths from the repository root; links are relative to the file that holds them.
  return named.kind === 'code' ? join(ROOT, named.path) : resolve(dirname(join(ROOT, docFile)), named.path);
}

const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');
const PATH_CASES = DOC_FILES.flatMap((file) =>
  namedPaths(read(file)).map((named) => [file, named.kind, named.path, resolveNamed(file, named)] as const),
);
const ANCHOR_CASES = DOC_FILES.flatMap((file) =>
  namedPaths(read(file))
    .filter((named) => named.anchor !== undefined && named.path.endsWith('.md'))
    .map((named) => [file, `${named.path}#${named.anchor}`, resolveNamed(file, named), named.anchor!] as const),
);
const CONSTANT_CASES = DOC_FILES.flatMap((file) => namedConstants(read(file)).map((name) => [file, name] as const));
const SCRIPTS = Object.keys((JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts);
const SCRIPT_CASES = DOC_FILES.flatMap((file) => namedScripts(read(file)).map((name) => [file, name] as const));

describe('headingAnchors', () => {
  test.each([
    ["## The owner's endpoints", 'the-owners-endpoints'],
    ['## The outbox, sending and retries', 'the-outbox-sending-and-retries'],
    ['# `mail:status`', 'mailstatus'],
  ])('turns %s into #%s', (heading, anchor) => {
    expect(headingAnchors(heading)).toEqual([anchor]);
  });
});

describe('constantStatus', () => {
  test.each([
    ['a constant with JSDoc', ['/** Why. */\nexport const MAX_X = 1;'], 'documented'],
    ['a constant without JSDoc', ['import x;\nconst MAX_X = 1;'], 'undocumented'],
    ['an environment variable', ['process.env.MAX_X'], 'used'],
    ['a name the code lost', ['const OTHER = 1;'], 'missing'],
  ] as const)('knows %s', (_name, sources, status) => {
    expect(constantStatus('MAX_X', sources)).toBe(status);
  });
});

describe('namedPaths', () => {
  test.each([
    ['a file in backticks', 'see `netlify/lib/db.ts`', [{ kind: 'code', path: 'netlify/lib/db.ts' }]],
    ['a folder in backticks', 'in `shared/schemas/`', [{ kind: 'code', path: 'shared/schemas/' }]],
    ['a root file', 'read `package.json`', [{ kind: 'code', path: 'package.json' }]],
    ['a relative link', 'the [API](docs/api.md)', [{ kind: 'link', path: 'docs/api.md' }]],
    ['a link to a heading', '[errors](docs/api.md#errors)', [{ kind: 'link', path: 'docs/api.md', anchor: 'errors' }]],
    ['a glob', '`db/migrations/*.sql`', []],
    ['a placeholder', '`src/pages/<route>.astro`', []],
    ['a word that is no top-level entry', '`npm start` and `outbox`', []],
    ['a web link', '[Astro](https://astro.build)', []],
    ['a path inside a fenced block', '```\n`src/nowhere.ts`\n```', []],
  ])('finds %s', (_name, markdown, expected) => {
    expect(namedPaths(markdown)).toEqual(expected);
  });

  test('finds a path that does not exist, so the check below can fail', () => {
    const [bogus] = namedPaths('the sender lives in `netlify/lib/no-such-file.ts`');
    expect(bogus).toEqual({ kind: 'code', path: 'netlify/lib/no-such-file.ts' });
    expect(existsSync(resolveNamed('README.md', bogus!))).toBe(false);
  });
});

describe('README.md and docs/', () => {
  test('docs/ holds the reference', () => {
    expect(DOC_FILES.length).toBeGreaterThan(1);
  });

  test(`README.md has at most ${README_MAX_LINES} lines`, () => {
    expect(read('README.md').trimEnd().split('\n').length).toBeLessThanOrEqual(README_MAX_LINES);
  });

  test.each(PATH_CASES)('%s names %s %s, which exists', (_file, _kind, _path, absolute) => {
    expect(existsSync(absolute), relative(ROOT, absolute)).toBe(true);
  });

  test.each(ANCHOR_CASES)('%s links to %s, a heading there', (_file, _link, absolute, anchor) => {
    expect(headingAnchors(readFileSync(absolute, 'utf8'))).toContain(anchor);
  });

  // A value is stated once, in the JSDoc of its constant; the docs name the constant.
  test.each(CONSTANT_CASES)('%s names `%s`, which the code defines with a JSDoc line or reads', (_file, name) => {
    expect(constantStatus(name, SOURCES)).toMatch(/^(documented|used)$/);
  });

  test.each(SCRIPT_CASES)('%s names `npm run %s`, a script of package.json', (_file, name) => {
    expect(SCRIPTS).toContain(name);
  });
});
