import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { withDatabase } from '../../netlify/lib/db';
import { createInquiry } from '../../netlify/lib/inquiries/write';
import { enqueueInquiryMails } from '../../netlify/lib/mail/outbox/write';
import { maskAddress } from '../../netlify/lib/mail/status';
import { ROOT_DIR } from '../../scripts/lib/data-paths';
import type { TestDatabase } from '../setup/database';
import { mailInquiry, mailWording } from '../fixtures';
import { oneEngine, query, useDatabase } from './support';

const run = promisify(execFile);

describe('maskAddress', () => {
  test.each([
    ['dolly@example.com', 'd***@example.com'],
    ['a@b.co', 'a***@b.co'],
    ['"odd@name"@example.com', '"***@example.com'],
    ['no-at-sign', '***'],
  ])('%s → %s', (address, masked) => {
    expect(maskAddress(address)).toBe(masked);
  });
});

describe.each(oneEngine)('npm run mail:status on $name', (database: TestDatabase) => {
  useDatabase(database);
  beforeEach(async () => {
    vi.stubEnv('OWNER_EMAIL', 'owner@lonestar.example');
    await query(database, 'TRUNCATE outbox');
    await withDatabase(
      undefined,
      async (db) => {
        const stored = mailInquiry({ message: 'A secret message body' });
        const { id } = await createInquiry(db, stored);
        await enqueueInquiryMails(db, { ...stored, id });
      },
      { config: { url: database.url, wsProxy: database.wsProxy } },
    );
    await query(database, "UPDATE outbox SET status = 'failed', attempts = 10, last_error = 'ESOCKET' WHERE kind = 'inquiry_client'");
  });

  const status = (...args: string[]) =>
    run(process.execPath, [join(ROOT_DIR, 'node_modules/tsx/dist/cli.mjs'), join(ROOT_DIR, 'scripts/mail-status.ts'), ...args], {
      env: { ...process.env, DATABASE_URL: database.url, NEON_WS_PROXY: database.wsProxy },
      timeout: 60_000,
    });

  test('lists waiting and failed messages with masked recipients and no bodies', async () => {
    const { stdout } = await status();
    expect(stdout).toContain('Outbox: 1 pending, 0 being sent, 0 sent, 1 failed');
    expect(stdout).toMatch(/Waiting \(1\):\n {2}[0-9a-f-]{36} .* inquiry_owner +o\*\*\*@lonestar\.example {2}0 tries/);
    expect(stdout).toMatch(/Failed \(1\):\n {2}[0-9a-f-]{36} .* inquiry_client +d\*\*\*@example\.com {2}10 tries {2}last error ESOCKET/);
    expect(stdout).not.toContain('dolly@example.com');
    expect(stdout).not.toContain('secret message');
    expect(stdout).not.toContain('Dolly');
  });

  test('--full shows addresses and subjects; --retry=<id> puts a failed message back in line', async () => {
    const { stdout } = await status('--full');
    expect(stdout).toContain('dolly@example.com');
    expect(stdout).toContain(mailWording('inquiryClient', 'subject', { firstName: 'Dolly' }));
    expect(stdout).not.toContain('secret message');

    const [failed] = await query<{ id: string }>(database, "SELECT id FROM outbox WHERE status = 'failed'");
    const retried = await status(`--retry=${failed!.id}`);
    expect(retried.stdout).toContain('Put 1 of 1 failed message(s) back in line.');
    expect(retried.stdout).toContain('Outbox: 2 pending');
  });

  test('a failed message whose body was dropped says it cannot be sent again, and --retry leaves it', async () => {
    const [failed] = await query<{ id: string }>(
      database,
      "UPDATE outbox SET text_body = '', html_body = '' WHERE status = 'failed' RETURNING id",
    );
    const { stdout } = await status(`--retry=${failed!.id}`);
    expect(stdout).toContain('Put 0 of 1 failed message(s) back in line.');
    expect(stdout).toMatch(/Failed \(1\):\n {2}[0-9a-f-]{36} .* last error ESOCKET {2}body dropped \(it held a cancel link\): cannot be sent again/);
  });

  test('--retry refuses something that is not a message id', async () => {
    await expect(status('--retry=1;DROP TABLE outbox')).rejects.toMatchObject({
      stderr: expect.stringContaining('--retry takes message ids'),
    });
  });
});
