import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { migrationLabels } from '../../netlify/lib/migrations';
import {
  REHEARSAL_FUNCTIONS,
  REHEARSAL_SECRET,
  bundleFunctions,
  formatOutcome,
  rehearse,
  type BundledFunction,
  type Outcome,
} from '../../scripts/lib/deploy-rehearsal';
import { freshTestDatabase, type DatabaseHandle } from '../../scripts/lib/shared-harness/database';

/**
 * The deploy rehearsal of docs/operations.md on a few functions (`npm run rehearse:deploy` bundles all of them):
 * bundled by Netlify's bundler into a folder outside the repository, loaded from there, and called against a fresh
 * database (PostgreSQL when TEST_DATABASE_URL is set, else the embedded one) before migrating, with each
 * configuration error, and healthy.
 */
describe('a deploy rehearsal with the bundled functions', () => {
  let outDir: string;
  let database: DatabaseHandle;
  let functions: BundledFunction[];
  let outcomes: Outcome[];
  const build: string[] = [];

  beforeAll(async () => {
    outDir = await mkdtemp(join(tmpdir(), 'lone-star-deploy-'));
    database = await freshTestDatabase('lone_star_rehearsal');
    functions = await bundleFunctions(REHEARSAL_FUNCTIONS, outDir);
    outcomes = await rehearse(functions, database, await migrationLabels(), (line) => build.push(line));
    console.log([`Database: ${database.description}`, ...build, ...outcomes.map(formatOutcome)].join('\n'));
  });
  afterAll(async () => {
    await database?.stop();
    if (outDir) await rm(outDir, { recursive: true, force: true });
  });

  const outcome = (title: string) => outcomes.find((candidate) => candidate.scenario.title === title)!;
  /** The failure fields of an outcome's log lines. */
  const failures = (found: Outcome) =>
    found.lines.map((line) => (JSON.parse(line) as Record<string, unknown>).failure).filter(Boolean);

  test('every call answered what docs/operations.md promises, and no log line holds a configured secret', () => {
    expect(outcomes.filter((found) => !found.ok).map(formatOutcome)).toEqual([]);
    expect(outcomes.flatMap((found) => found.lines).filter((line) => line.includes(REHEARSAL_SECRET))).toEqual([]);
  });

  test('unmigrated: 503, the log line naming every migration the code expects, the newest among them', async () => {
    const labels = await migrationLabels();
    const found = outcome('unmigrated database');
    expect(found.status).toBe(503);
    expect(JSON.parse(found.lines.at(-1)!)).toMatchObject({ failure: 'error 42P01', schemaBehind: `missing ${labels.join(', ')}` });
    expect(found.lines.at(-1)).toContain(labels.at(-1));
  });

  test.each([
    ['DATABASE_URL missing', 'ConfigError DATABASE_URL: is not set'],
    ['DATABASE_URL not a postgres:// URL', 'ConfigError DATABASE_URL: must start with postgres:// or postgresql://'],
    ['NEON_WS_PROXY with a protocol', 'ConfigError NEON_WS_PROXY: must be host:port or host:port/SECRET, without a protocol'],
    ['MAIL_FROM missing in production', expect.stringMatching(/^MailConfigError MAIL_FROM: is not set/)],
  ])('%s: 503, the log line naming the variable', (title, failure) => {
    const found = outcome(title);
    expect(found.status).toBe(503);
    expect(failures(found)).toEqual([failure]);
  });

  test('SMTP_URL missing in production: the inquiry is kept (201), its send logs an error naming SMTP_URL; the scheduled run: 503', () => {
    const kept = outcome('SMTP_URL missing in production: the inquiry is kept');
    expect(kept.status).toBe(201);
    expect(failures(kept)).toEqual([expect.stringMatching(/^MailConfigError SMTP_URL: is not set in production/)]);
    expect(outcome('SMTP_URL missing in production: scheduled run').status).toBe(503);
  });

  test("after the build's migration step: 2xx", () => {
    expect(build.some((line) => /Migrations: applied \d+, 0 already there\./.test(line))).toBe(true);
    expect(outcome('migrated, a deploy preview (no SMTP_URL needed)').status).toBe(200);
    expect(outcome('migrated, a deploy preview: an inquiry').status).toBe(201);
  });
});
