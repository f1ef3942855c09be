import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';

/**
 * The house's layers, read from the imports of the code (docs/architecture.md): the website (`src/`) sits on `shared/`
 * and `content/`; the server (`netlify/`) sits on them too and never on the website; inside the server an arrow only
 * points down, functions → domains → services → base; no cycle anywhere; no module over a screen or two.
 */
const ROOT = join(import.meta.dirname, '..', '..');

/** The largest module (in lines) of `netlify/`, `src/` and `shared/`; tests, JSON content and styles aside. */
const MAX_MODULE_LINES = 300;

const CODE = /\.(ts|tsx|mjs|astro)$/;
const SKIP = /\.test\.tsx?$|\.d\.ts$/;

/** Every code file under `dir` (relative to the root), tests included. */
function codeFiles(dir: string): string[] {
  const path = join(ROOT, dir);
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return CODE.test(dir) ? [dir] : [];
  return readdirSync(path).flatMap((name) => codeFiles(join(dir, name)));
}

const ALIASES: Record<string, string> = { '@shared/': 'shared/', '@content/': 'content/' };
const EXTENSIONS = ['', '.ts', '.tsx', '.mjs', '.astro', '/index.ts'];

/** The repository file a specifier written in `from` names, or undefined for a package or a virtual module. */
function resolveImport(from: string, specifier: string): string | undefined {
  let base: string;
  const alias = Object.keys(ALIASES).find((prefix) => specifier.startsWith(prefix));
  if (alias) base = join(ROOT, ALIASES[alias]!, specifier.slice(alias.length));
  else if (specifier.startsWith('.')) base = resolve(ROOT, dirname(from), specifier.split('?')[0]!);
  else return undefined;
  for (const extension of EXTENSIONS) {
    const candidate = base + extension;
    if (existsSync(candidate) && statSync(candidate).isFile()) return relative(ROOT, candidate);
  }
  return relative(ROOT, base);
}

/** The repository files `file` imports (static, re-exported and dynamic imports). */
function importsOf(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const specifiers = [...text.matchAll(/(?:^|[\s;])(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|(?:^|[\s;(])import\s*\(?\s*['"]([^'"]+)['"]/gm)];
  return specifiers.flatMap(([, a, b]) => resolveImport(file, (a ?? b)!) ?? []);
}

const FILES = [...codeFiles('src'), ...codeFiles('shared'), ...codeFiles('netlify')];
const GRAPH = new Map(FILES.map((file) => [file, importsOf(file)]));
const MODULES = FILES.filter((file) => !SKIP.test(file));

/**
 * Where a server file sits: 5 entry files; 4 what reads or runs across domains (the desk's agenda and feed, the
 * time-driven jobs); 3 domains, each the one writer of its tables; 2 services; 1 base (a file of `netlify/lib/` itself).
 */
function serverLayer(file: string): { rank: number; room: string } {
  const [, second, third] = file.split('/');
  if (second === 'functions') return { rank: 5, room: 'functions' };
  const room = third && !third.includes('.') ? third : 'lib';
  if (['desk', 'jobs', 'portal'].includes(room)) return { rank: 4, room };
  if (['bookings', 'inquiries', 'owner', 'proposals', 'payments', 'details'].includes(room)) return { rank: 3, room };
  if (['mail', 'calendar', 'audit'].includes(room)) return { rank: 2, room };
  return { rank: 1, room };
}

describe('the import graph', () => {
  test('the server never imports the website', () => {
    const crossings = [...GRAPH].flatMap(([file, targets]) =>
      file.startsWith('netlify/') ? targets.filter((target) => target.startsWith('src/')).map((target) => `${file} → ${target}`) : [],
    );
    expect(crossings).toEqual([]);
  });

  test('shared/ imports neither the website nor the server', () => {
    const crossings = [...GRAPH].flatMap(([file, targets]) =>
      file.startsWith('shared/') ? targets.filter((target) => /^(src|netlify)\//.test(target)).map((target) => `${file} → ${target}`) : [],
    );
    expect(crossings).toEqual([]);
  });

  test('inside the server an arrow only points down (functions → desk and jobs → domains → services → base), and domains do not import each other', () => {
    const upward = [...GRAPH].flatMap(([file, targets]) => {
      if (!file.startsWith('netlify/') || SKIP.test(file)) return [];
      const from = serverLayer(file);
      return targets
        .filter((target) => target.startsWith('netlify/'))
        .filter((target) => {
          const to = serverLayer(target);
          if (to.room === from.room) return false;
          return to.rank > from.rank || (to.rank === from.rank && from.rank === 3);
        })
        .map((target) => `${file} → ${target}`);
    });
    expect(upward).toEqual([]);
  });

  test('has no cycle', () => {
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (file: string, path: string[]) => {
      if (state.get(file) === 'done') return;
      if (state.get(file) === 'open') {
        cycles.push([...path.slice(path.indexOf(file)), file].join(' → '));
        return;
      }
      state.set(file, 'open');
      for (const target of GRAPH.get(file) ?? []) visit(target, [...path, file]);
      state.set(file, 'done');
    };
    for (const file of MODULES) visit(file, []);
    expect(cycles).toEqual([]);
  });

  test(`no module of netlify/, src/ or shared/ is over ${MAX_MODULE_LINES} lines`, () => {
    const long = MODULES.map((file) => ({ file, lines: readFileSync(join(ROOT, file), 'utf8').split('\n').length - 1 }))
      .filter(({ lines }) => lines > MAX_MODULE_LINES)
      .map(({ file, lines }) => `${file}: ${lines}`);
    expect(long).toEqual([]);
  });
});
