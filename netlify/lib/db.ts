import { Client } from '@neondatabase/serverless';
import { ConfigError, databaseConfig, type DatabaseConfig } from './env';

// Connect + query limits add up to under Netlify's 10 s limit for synchronous functions, so a visitor gets our 503
// rather than the platform's timeout; 4 s to connect leaves room for a Neon compute waking up from suspend.

/** Longest wait for a connection to the database, in ms. */
export const CONNECT_TIMEOUT_MS = 4_000;
/** Longest a statement may run on the server, in ms. */
export const STATEMENT_TIMEOUT_MS = 4_000;
/** Longest the function waits for a statement's answer, in ms (a little over the server's limit). */
export const QUERY_TIMEOUT_MS = 5_000;
/** Longest a closing connection is waited for (in the background, via waitUntil), in ms. */
const CLOSE_TIMEOUT_MS = 2_000;

/** The one thing data-layer functions need: run a parameterised statement and get its rows. */
export type Queryable = {
  query<Row extends Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<{ rows: Row[] }>;
};

/** The database could not be reached or did not answer in time; the visitor may retry later. */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
}

/** What the platform offers to keep work running after the answer is sent (Netlify's context.waitUntil). */
export type BackgroundWork = { waitUntil?: (promise: Promise<unknown>) => void };

/** A timestamptz value as a driver hands it over (a Date, or text from PGlite's socket) as ISO 8601 in UTC. */
export function isoTimestamp(value: Date | string): string {
  return new Date(value).toISOString();
}

// SQLSTATE classes and codes that mean "the server is not there for us right now", not "the query is wrong". 26000
// (the statement just prepared is gone) and 08P01 come from a connection whose session was disturbed, not from our SQL.
const UNAVAILABLE_CODES = new Set(['57014', '57P01', '57P02', '57P03', '53300', '53400', '26000']);

/** Whether a driver error means the database is unreachable, overloaded or too slow (rather than a bug). */
export function isUnavailableError(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError || error instanceof ConfigError) return true;
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
  const message = error instanceof Error ? error.message : '';
  return /timeout|Connection terminated|ECONNREFUSED|ECONNRESET|WebSocket/i.test(message);
}

/** Options of withDatabase: another database or longer limits (migrations). */
export type DatabaseOptions = {
  /** Defaults to the environment's settings (databaseConfig()). */
  config?: DatabaseConfig;
  /** Server-side statement limit in ms (default STATEMENT_TIMEOUT_MS). */
  statementTimeoutMs?: number;
  /** Client-side wait for each answer in ms (default QUERY_TIMEOUT_MS). */
  queryTimeoutMs?: number;
};

function newClient(config: DatabaseConfig, options: DatabaseOptions): Client {
  const host = new URL(config.url).hostname;
  const client = new Client({
    connectionString: config.url,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    query_timeout: options.queryTimeoutMs ?? QUERY_TIMEOUT_MS,
    // PgBouncer (Neon's -pooler endpoints) refuses unknown startup parameters, and PGlite ignores this one:
    // there the client-side query_timeout alone bounds the wait.
    statement_timeout: host.includes('-pooler') ? undefined : (options.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS),
  });
  if (config.wsProxy) {
    const proxy = config.wsProxy;
    // A plain Postgres (or PGlite) on this machine, reached through the local WebSocket-to-TCP bridge; the project's
    // bridge answers only under its per-run secret path, which NEON_WS_PROXY carries (`127.0.0.1:PORT/SECRET`).
    client.neonConfig.wsProxy = (host, port) => `${proxy}/v2?address=${host}:${port}`;
    client.neonConfig.useSecureWebSocket = false;
    client.neonConfig.pipelineConnect = false;
    client.neonConfig.pipelineTLS = false;
  }
  // An error on an idle connection must not crash the process; the request already has its answer.
  client.on('error', () => {});
  return client;
}

function closeQuietly(client: Client): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, CLOSE_TIMEOUT_MS);
    timer.unref?.();
    client.end().then(
      () => {
        clearTimeout(timer);
        resolve();
      },
      () => {
        clearTimeout(timer);
        resolve();
      },
    );
  });
}

/** One open connection, for a caller that keeps it across several statements; close() never throws. */
export type Connection = { db: Queryable; close(): Promise<void> };

/**
 * Opens one connection with the environment's (or the given) settings. Connection failures and timeouts become
 * DatabaseUnavailableError. The caller closes it; withDatabase does so for a request.
 */
export async function openConnection(options: DatabaseOptions = {}): Promise<Connection> {
  let client: Client;
  try {
    client = newClient(options.config ?? databaseConfig(), options);
  } catch (error) {
    throw error instanceof ConfigError ? error : new DatabaseUnavailableError('Bad database settings.', { cause: error });
  }
  try {
    await client.connect();
  } catch (error) {
    void closeQuietly(client);
    throw new DatabaseUnavailableError('Could not connect to the database.', { cause: error });
  }
  return { db: client as unknown as Queryable, close: () => closeQuietly(client) };
}

/**
 * Opens one connection for this request, runs `work` with it and closes it (through `context.waitUntil` when the
 * platform offers it, so the answer is not held up). Connection failures and timeouts become
 * DatabaseUnavailableError; errors thrown by `work` pass through unchanged.
 */
export async function withDatabase<T>(
  context: BackgroundWork | undefined,
  work: (db: Queryable) => Promise<T>,
  options: DatabaseOptions = {},
): Promise<T> {
  const connection = await openConnection(options);
  try {
    return await work(connection.db);
  } finally {
    const closing = connection.close();
    if (context?.waitUntil) context.waitUntil(closing);
    else await closing;
  }
}
