import { databaseConfig } from './env';
import { withDatabase, type BackgroundWork } from './db';
import { migrationLabels } from './migrations';

/** The database's schema is older than the code: these migrations (labels such as "011_x") are not applied yet. */
export class SchemaBehindError extends Error {
  override name = 'SchemaBehindError';
  /** The missing migrations, oldest first. */
  readonly missing: readonly string[];

  constructor(missing: readonly string[]) {
    super(`The database lacks ${missing.length} migration(s): ${missing.join(', ')}.`);
    this.missing = missing;
  }
}

// SQLSTATEs a query meets when the code is ahead of the schema: an unknown table or view, column, function, type,
// or an ON CONFLICT without the unique index it names. Any other error says nothing about the schema's age.
const SCHEMA_CODES = new Set(['42P01', '42703', '42883', '42704', '42P10']);

// Databases (by URL) this worker found up to date: their schema only moves forward, so they are never asked again.
const current = new Set<string>();

/** What a log line says about the missing migrations: "missing 011_x, 012_y". */
export function describeMissing(error: SchemaBehindError): string {
  return `missing ${error.missing.join(', ')}`;
}

/**
 * After `error`, whether the database's schema is behind the code: for an error of an unknown table, column,
 * function, type or conflict target it compares schema_migrations with the migrations the code was shipped with
 * (migrationLabels) and answers a SchemaBehindError naming those not applied. Undefined when the error is of another
 * kind, the schema is current (remembered per database for this worker, so a real bug costs one look), or the check
 * itself cannot run (the caller then reports the original error). Never throws.
 */
export async function schemaBehind(error: unknown, context?: BackgroundWork): Promise<SchemaBehindError | undefined> {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !SCHEMA_CODES.has(code)) return undefined;
  try {
    const url = databaseConfig().url;
    if (current.has(url)) return undefined;
    const expected = await migrationLabels();
    const applied = await withDatabase(context, async (db) => {
      try {
        const { rows } = await db.query<{ version: string }>('SELECT version FROM schema_migrations');
        return new Set(rows.map((row) => row.version));
      } catch (failure) {
        // No schema_migrations table: nothing was ever applied.
        if ((failure as { code?: unknown }).code === '42P01') return new Set<string>();
        throw failure;
      }
    });
    const missing = expected.filter((label) => !applied.has(label.slice(0, label.indexOf('_'))));
    if (missing.length === 0) {
      current.add(url);
      return undefined;
    }
    return new SchemaBehindError(missing);
  } catch {
    return undefined;
  }
}
