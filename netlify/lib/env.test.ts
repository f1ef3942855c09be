import { describe, expect, test } from 'vitest';
import { ConfigError, databaseConfig, isLocalDatabaseUrl } from './env';

describe('databaseConfig', () => {
  test.each([
    [
      'a Neon URL, no bridge needed',
      { DATABASE_URL: 'postgresql://app:secret@ep-cool-darkness-123456-pooler.us-east-2.aws.neon.tech/db?sslmode=require' },
      undefined,
    ],
    [
      'a local server through the bridge',
      { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres', NEON_WS_PROXY: '127.0.0.1:40123' },
      '127.0.0.1:40123',
    ],
    [
      'localhost through the bridge',
      { DATABASE_URL: 'postgres://postgres@localhost:5432/postgres', NEON_WS_PROXY: 'localhost:40123' },
      'localhost:40123',
    ],
    [
      "the project's bridge with its per-run secret",
      { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres', NEON_WS_PROXY: '127.0.0.1:40123/Zx9_-aB3cD4eF5gH6iJ7kL8m' },
      '127.0.0.1:40123/Zx9_-aB3cD4eF5gH6iJ7kL8m',
    ],
    [
      'a Neon URL ignoring a stray bridge',
      { DATABASE_URL: 'postgres://app@ep-x.neon.tech/db', NEON_WS_PROXY: '127.0.0.1:1' },
      undefined,
    ],
  ])('accepts %s', (_label, env, wsProxy) => {
    const config = databaseConfig(env);
    expect(config).toEqual({ url: env.DATABASE_URL, wsProxy });
  });

  test.each([
    ['no DATABASE_URL', {}, 'DATABASE_URL is not set.'],
    ['a blank DATABASE_URL', { DATABASE_URL: '   ' }, 'DATABASE_URL is not set.'],
    ['something that is no URL', { DATABASE_URL: 'localhost:5432' }, 'DATABASE_URL must start with postgres://'],
    ['another database kind', { DATABASE_URL: 'mysql://root@db/app' }, 'DATABASE_URL must start with postgres://'],
    [
      'a local URL without the bridge',
      { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres' },
      'NEON_WS_PROXY is not set, and DATABASE_URL points at a local server',
    ],
    [
      'a bridge address with a protocol',
      { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres', NEON_WS_PROXY: 'ws://127.0.0.1:4000' },
      'NEON_WS_PROXY must be host:port',
    ],
    [
      'a secret too short to be one',
      { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres', NEON_WS_PROXY: '127.0.0.1:4000/abc' },
      'NEON_WS_PROXY must be host:port',
    ],
    [
      'a path with more than the secret',
      { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres', NEON_WS_PROXY: '127.0.0.1:4000/Zx9_-aB3cD4eF5gH6iJ7kL8m/v2?address=x' },
      'NEON_WS_PROXY must be host:port',
    ],
  ])('refuses %s with a ConfigError', (_label, env, message) => {
    expect(() => databaseConfig(env)).toThrow(ConfigError);
    expect(() => databaseConfig(env)).toThrow(message);
  });

  test('validates a value once and reuses the result', () => {
    const env = { DATABASE_URL: 'postgres://app@ep-y.neon.tech/db' };
    expect(databaseConfig(env)).toBe(databaseConfig({ ...env }));
  });

  test('reads process.env when it is first needed', () => {
    const saved = process.env.DATABASE_URL;
    process.env.DATABASE_URL = 'postgres://app@ep-z.neon.tech/db';
    try {
      expect(databaseConfig().url).toBe('postgres://app@ep-z.neon.tech/db');
    } finally {
      if (saved === undefined) delete process.env.DATABASE_URL;
      else process.env.DATABASE_URL = saved;
    }
  });
});

describe('isLocalDatabaseUrl', () => {
  test.each([
    ['postgres://postgres@127.0.0.1:5432/postgres', true],
    ['postgres://postgres@localhost/postgres', true],
    ['postgres://postgres@[::1]:5432/postgres', true],
    ['postgres://app@ep-x.neon.tech/db', false],
    ['not a url', false],
  ])('%s is local: %s', (url, expected) => {
    expect(isLocalDatabaseUrl(url)).toBe(expected);
  });
});
