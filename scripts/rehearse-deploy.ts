/**
 * `npm run rehearse:deploy`: a deploy rehearsal. Bundles every function with Netlify's bundler and netlify.toml's
 * settings into a temporary folder outside the repository, loads them from there, and calls them against a fresh
 * database (a new one on TEST_DATABASE_URL's server, dropped afterwards; else an embedded one in memory): before the
 * build's migration step, then with each configuration error, then healthy. Prints what the operator would see (the
 * status and the function's log lines) and exits non-zero when anything differs from what docs/operations.md promises.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrationLabels } from '../netlify/lib/migrations';
import { bundleFunctions, formatOutcome, rehearse } from './lib/deploy-rehearsal';
import { freshTestDatabase } from './lib/shared-harness/database';

const outDir = await mkdtemp(join(tmpdir(), 'lone-star-deploy-'));
const database = await freshTestDatabase('lone_star_rehearsal');
try {
  const started = performance.now();
  const functions = await bundleFunctions(undefined, outDir);
  console.log(`Bundled ${functions.length} functions in ${((performance.now() - started) / 1000).toFixed(1)} s into ${outDir}`);
  console.log(`Database: ${database.description}\n`);
  const outcomes = await rehearse(functions, database, await migrationLabels(), (line) => console.log(line));
  console.log('');
  for (const outcome of outcomes) console.log(`${formatOutcome(outcome)}\n`);
  const failed = outcomes.filter((outcome) => !outcome.ok).length;
  const count = outcomes.length;
  console.log(failed === 0 ? `All ${count} calls answered as expected.` : `${failed} of ${count} calls did not.`);
  if (failed > 0) process.exitCode = 1;
} finally {
  await database.stop();
  await rm(outDir, { recursive: true, force: true });
}
