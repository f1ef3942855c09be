/** Where and how the functions reach Postgres, read from the environment. */
export type DatabaseConfig = {
  /** The connection string (DATABASE_URL). */
  url: string;
  /**
   * Where the WebSocket-to-TCP bridge of a local server listens (NEON_WS_PROXY): `host:port`, or `host:port/SECRET`
   * for the project's own bridge, which refuses requests without its per-run secret. Undefined for Neon.
   */
  wsProxy: string | undefined;
};

/**
 * The environment is missing or holds an unusable setting (an operator's problem, not a visitor's). It names the
 * variable and the problem in our own words, never the value (which may hold a password).
 */
export class ConfigError extends Error {
  override name = 'ConfigError';
  /** The environment variable at fault, e.g. DATABASE_URL. */
  readonly variable: string;
  /** What is wrong with it, e.g. "is not set." */
  readonly problem: string;

  constructor(variable: string, problem: string) {
    super(`${variable} ${problem}`);
    this.variable = variable;
    this.problem = problem;
  }
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

/**
 * The setting `variable` read as the address of a service whose scheme is one of `schemes` (for example
 * `['smtp:', 'smtps:']`), with a host. Throws `Failure` (a ConfigError) naming what is wrong, never the value.
 */
export function serviceUrl(
  variable: string,
  value: string,
  schemes: readonly string[],
  Failure: new (variable: string, problem: string) => ConfigError = ConfigError,
): URL {
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new Failure(variable, 'is not a valid URL.');
  }
  if (!schemes.includes(parsed.protocol)) {
    throw new Failure(variable, `must start with ${schemes.map((scheme) => `${scheme}//`).join(' or ')}.`);
  }
  if (!parsed.hostname) throw new Failure(variable, 'has no host.');
  return parsed;
}

let cached: { key: string; config: DatabaseConfig } | undefined;

function validate(url: string | undefined, wsProxy: string | undefined): DatabaseConfig {
  if (!url) throw new ConfigError('DATABASE_URL', 'is not set.');
  const parsed = serviceUrl('DATABASE_URL', url, ['postgres:', 'postgresql:']);
  if (!LOCAL_HOSTS.has(parsed.hostname)) return { url, wsProxy: undefined };
  if (!wsProxy) {
    throw new ConfigError(
      'NEON_WS_PROXY',
      'is not set, and DATABASE_URL points at a local server: it must name the bridge (host:port).',
    );
  }
  if (!/^(?:[A-Za-z0-9.-]+|\[[0-9a-fA-F:]+\]):\d{1,5}(?:\/[A-Za-z0-9_-]{16,128})?$/.test(wsProxy)) {
    throw new ConfigError('NEON_WS_PROXY', 'must be host:port or host:port/SECRET, without a protocol.');
  }
  return { url, wsProxy };
}

/**
 * The database settings from DATABASE_URL and NEON_WS_PROXY, read when first needed (so modules import cleanly)
 * and validated once per distinct value. Throws ConfigError when they are unusable.
 */
export function databaseConfig(env: NodeJS.ProcessEnv = process.env): DatabaseConfig {
  const url = env.DATABASE_URL?.trim() || undefined;
  const wsProxy = env.NEON_WS_PROXY?.trim() || undefined;
  const key = `${url ?? ''}\n${wsProxy ?? ''}`;
  if (cached?.key !== key) cached = { key, config: validate(url, wsProxy) };
  return cached.config;
}

/** Whether a connection string names a server on this machine (reached through the local bridge). */
export function isLocalDatabaseUrl(url: string): boolean {
  try {
    return LOCAL_HOSTS.has(new URL(url).hostname);
  } catch {
    return false;
  }
}
