import { Client } from '@neondatabase/serverless';
import { deadlineIn, msLeft, requestDeadlineOf, serverLimitMs, type Deadline } from './deadline';
import { ConfigError, databaseConfig, type DatabaseConfig } from './env';

// A request's connecting, lock waits and statements share one deadline (netlify/lib/deadline.ts) under Netlify's 10 s
// limit for synchronous functions, so a visitor gets our 503 rather than the platform's timeout, and a burst queues
// for as long as that allows (a Neon compute waking up from suspend, a full server, a lock) instead of failing early.

/** Longest wait for a connection with fixed limits (no deadline: migrations, scheduled jobs), in ms. */
const FIXED_CONNECT_TIMEOUT_MS = 8_000;
/** Longest a closing connection is waited for (in the background, via waitUntil), in ms. */
const CLOSE_TIMEOUT_MS = 2_000;
/** Pause before trying again to connect to a server that is full or starting up, in ms (a little jitter is added). */
const CONNECT_RETRY_MS = 100;

/**
 * The one thing data-layer functions need: run a parameterised statement and get its rows. A request's connection
 * also carries its deadline, which inTransaction hands to the server as the transaction's limits.
 */
export type Queryable = {
  query<Row extends Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<{ rows: Row[] }>;
  readonly deadline?: Deadline;
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
// (the statement just prepared is gone) and 08P01 come from a connection whose session was disturbed, not from our SQL;
// 55P03 is a lock waited for until the deadline (lock_timeout is set to the time left: see inTransaction).
const UNAVAILABLE_CODES = new Set(['57014', '57P01', '57P02', '57P03', '53300', '53400', '26000', '55P03']);
// The server is full or still starting: a new connection may well succeed a moment later.
const RETRY_CONNECT_CODES = new Set(['53300', '57P03']);

/** Whether a driver error means the database is unreachable, overloaded or too slow (rather than a bug). */
export function isUnavailableError(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError || error instanceof ConfigError) return true;
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
  const message = error instanceof Error ? error.message : '';
  return /timeout|Connection terminated|ECONNREFUSED|ECONNRESET|WebSocket/i.test(message);
}

/**
 * Options of withDatabase: another database, the request's deadline, or fixed longer limits instead of a deadline
 * (migrations, scheduled jobs, seeding a benchmark).
 */
export type DatabaseOptions = {
  /** Defaults to the environment's settings (databaseConfig()). */
  config?: DatabaseConfig;
  /** When the work must be done (default: the request's; else REQUEST_DEADLINE_MS after asking for the connection). */
  deadline?: Deadline;
  /** A fixed server-side limit per statement in ms (0: none), instead of a deadline. */
  statementTimeoutMs?: number;
  /** A fixed client-side wait for each answer in ms, instead of a deadline. */
  queryTimeoutMs?: number;
};

type Limits = { connectTimeoutMs: number; statementTimeoutMs: number; queryTimeoutMs?: number };

function newClient(config: DatabaseConfig, limits: Limits): Client {
  const host = new URL(config.url).hostname;
  const client = new Client({
    connectionString: config.url,
    connectionTimeoutMillis: limits.connectTimeoutMs,
    query_timeout: limits.queryTimeoutMs,
    // PgBouncer (Neon's -pooler endpoints) refuses unknown startup parameters, and PGlite ignores this one: there the
    // client-side limits alone bound the wait (and inTransaction's SET LOCAL, which PgBouncer passes on).
    statement_timeout: host.includes('-pooler') ? undefined : limits.statementTimeoutMs,
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

/** The request's deadline has passed (or is about to) before its work with the database was done. */
export function outOfTime(): DatabaseUnavailableError {
  return new DatabaseUnavailableError('The request ran out of time for the database.');
}

/**
 * The connection's statements, each given only what is left of `deadline`: past it a statement is not sent, and one
 * still unanswered at the deadline fails with DatabaseUnavailableError (the connection is then closed unused).
 */
function withinDeadline(client: Client, deadline: Deadline): Queryable {
  return {
    deadline,
    query<Row extends Record<string, unknown>>(text: string, params?: readonly unknown[]) {
      const left = msLeft(deadline);
      if (left <= 0) return Promise.reject(outOfTime());
      const answer = client.query(text, params as unknown[]) as unknown as Promise<{ rows: Row[] }>;
      return new Promise<{ rows: Row[] }>((resolve, reject) => {
        const timer = setTimeout(() => reject(outOfTime()), left);
        answer.then(
          (result) => {
            clearTimeout(timer);
            resolve(result);
          },
          (error: unknown) => {
            clearTimeout(timer);
            reject(error);
          },
        );
      });
    },
  };
}

function isRetryableConnectError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && RETRY_CONNECT_CODES.has(code);
}

/** A new client for `config`; settings the driver cannot use become DatabaseUnavailableError. */
function settingUp(config: DatabaseConfig, limits: Limits): Client {
  try {
    return newClient(config, limits);
  } catch (error) {
    throw new DatabaseUnavailableError('Bad database settings.', { cause: error });
  }
}

/** Connects `client`, or closes it and throws DatabaseUnavailableError (with the driver's error as its cause). */
async function connect(client: Client): Promise<void> {
  try {
    await client.connect();
  } catch (error) {
    void closeQuietly(client);
    throw new DatabaseUnavailableError('Could not connect to the database.', { cause: error });
  }
}

/**
 * Opens one connection with the environment's (or the given) settings. Connection failures and timeouts become
 * DatabaseUnavailableError. Unless fixed limits are given, the connection works to a deadline (the given one, or
 * REQUEST_DEADLINE_MS from now): connecting, each statement and each lock wait get what is left of it, and a server
 * that is full or starting up (53300, 57P03) is asked again until the deadline rather than given up on at once. The
 * caller closes the connection; withDatabase does so for a request.
 */
export async function openConnection(options: DatabaseOptions = {}): Promise<Connection> {
  const config = options.config ?? databaseConfig();
  if (options.statementTimeoutMs !== undefined || options.queryTimeoutMs !== undefined) {
    const client = settingUp(config, {
      connectTimeoutMs: FIXED_CONNECT_TIMEOUT_MS,
      statementTimeoutMs: options.statementTimeoutMs ?? 0,
      queryTimeoutMs: options.queryTimeoutMs,
    });
    await connect(client);
    return { db: client as unknown as Queryable, close: () => closeQuietly(client) };
  }
  const deadline = options.deadline ?? deadlineIn();
  for (;;) {
    const left = msLeft(deadline);
    if (serverLimitMs(deadline) < 1) throw outOfTime();
    // The server's limit per statement outside a transaction; inTransaction sets a fresh one for each transaction.
    const client = settingUp(config, {
      connectTimeoutMs: left,
      statementTimeoutMs: serverLimitMs(deadline),
    });
    try {
      await connect(client);
      return { db: withinDeadline(client, deadline), close: () => closeQuietly(client) };
    } catch (error) {
      if (!(error instanceof DatabaseUnavailableError) || !isRetryableConnectError(error.cause)) throw error;
      const pause = CONNECT_RETRY_MS * (1 + Math.random());
      if (msLeft(deadline) - pause < CONNECT_RETRY_MS) throw error;
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}

/**
 * Opens one connection for this request, runs `work` with it and closes it (through `context.waitUntil` when the
 * platform offers it, so the answer is not held up). The work has until the request's deadline (started by endpoint()
 * for `context`; without one, REQUEST_DEADLINE_MS from here) unless `options` say otherwise (see openConnection).
 * Connection failures and timeouts become DatabaseUnavailableError; errors thrown by `work` pass through unchanged.
 */
export async function withDatabase<T>(
  context: BackgroundWork | undefined,
  work: (db: Queryable) => Promise<T>,
  options: DatabaseOptions = {},
): Promise<T> {
  const connection = await openConnection({ ...options, deadline: options.deadline ?? requestDeadlineOf(context) });
  try {
    return await work(connection.db);
  } finally {
    const closing = connection.close();
    if (context?.waitUntil) context.waitUntil(closing);
    else await closing;
  }
}
