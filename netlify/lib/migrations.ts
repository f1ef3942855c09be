import { createHash } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { withDatabase, type DatabaseOptions, type Queryable } from './db';

/** The folder holding the numbered .sql migrations. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../db/migrations/', import.meta.url));

const MIGRATION_FILE = /^(\d{3,})_([a-z0-9_]+)\.sql$/;
// Any constant works; it only has to be the same for every runner so that two of them never interleave.
const MIGRATION_LOCK_KEY = 7_243_011;

/** One migration file. */
export type Migration = { version: string; name: string; sql: string; checksum: string };

/** What a migration run did. */
export type MigrationReport = { applied: string[]; alreadyApplied: string[] };

/** The numbered .sql files of `dir` in order (001_x.sql, 002_y.sql, ...). */
async function migrationFiles(dir: string): Promise<string[]> {
  return (await readdir(dir)).filter((file) => MIGRATION_FILE.test(file)).sort();
}

/**
 * The labels of the migrations in `dir` ("001_initial_schema", ...), in order, from the file names alone: what the
 * running code expects the database to have. The functions carry db/migrations with them (netlify.toml's
 * included_files), beside their bundle as in the repository, so MIGRATIONS_DIR resolves there too.
 */
export async function migrationLabels(dir: string = MIGRATIONS_DIR): Promise<string[]> {
  return (await migrationFiles(dir)).map((file) => file.replace(/\.sql$/, ''));
}

/** Reads the numbered migrations of `dir` in order (001_x.sql, 002_y.sql, ...). */
export async function readMigrations(dir: string = MIGRATIONS_DIR): Promise<Migration[]> {
  const files = await migrationFiles(dir);
  const migrations: Migration[] = [];
  for (const file of files) {
    const [, version, name] = MIGRATION_FILE.exec(file)!;
    const sql = (await readFile(`${dir}/${file}`, 'utf8')).replace(/\r\n/g, '\n');
    const checksum = createHash('sha256').update(sql).digest('hex');
    if (migrations.some((migration) => migration.version === version)) {
      throw new Error(`Two migrations share the number ${version}.`);
    }
    migrations.push({ version: version!, name: name!, sql, checksum });
  }
  return migrations;
}

async function applyOne(db: Queryable, migration: Migration): Promise<boolean> {
  await db.query('BEGIN');
  try {
    // A transaction-level lock also works through PgBouncer (Neon's pooled endpoints), unlike a session lock.
    await db.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await db.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version text PRIMARY KEY,
      name text NOT NULL,
      checksum text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const { rows } = await db.query<{ checksum: string }>(
      'SELECT checksum FROM schema_migrations WHERE version = $1',
      [migration.version],
    );
    if (rows[0]) {
      if (rows[0].checksum !== migration.checksum) {
        throw new Error(
          `Migration ${migration.version}_${migration.name} changed after it was applied; add a new migration instead.`,
        );
      }
      await db.query('COMMIT');
      return false;
    }
    await db.query(migration.sql);
    await db.query('INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)', [
      migration.version,
      migration.name,
      migration.checksum,
    ]);
    await db.query('COMMIT');
    return true;
  } catch (error) {
    await db.query('ROLLBACK').catch(() => {});
    throw error;
  }
}

/**
 * Applies every migration not yet recorded in schema_migrations, each in its own transaction, in number order.
 * Safe to run again and from two places at once. Refuses to go on when an applied file was edited.
 */
export async function migrate(
  options: DatabaseOptions & { dir?: string } = {},
): Promise<MigrationReport> {
  const migrations = await readMigrations(options.dir);
  const report: MigrationReport = { applied: [], alreadyApplied: [] };
  await withDatabase(
    undefined,
    async (db) => {
      for (const migration of migrations) {
        const label = `${migration.version}_${migration.name}`;
        (await applyOne(db, migration)) ? report.applied.push(label) : report.alreadyApplied.push(label);
      }
    },
    { statementTimeoutMs: 0, queryTimeoutMs: 120_000, ...options },
  );
  return report;
}
