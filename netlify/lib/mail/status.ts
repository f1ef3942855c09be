import type { OutboxEntry } from './outbox/report';

/** "d***@example.com": enough to recognise a recipient on a shared screen, not to harvest the address. */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 1) return '***';
  return `${address[0]}***${address.slice(at)}`;
}

function minute(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

function line(entry: OutboxEntry, full: boolean): string {
  const to = entry.to.map((mailbox) => (full ? mailbox.address : maskAddress(mailbox.address))).join(', ');
  const parts = [
    entry.id,
    minute(entry.createdAt),
    entry.kind.padEnd(19),
    to,
    `${entry.attempts} ${entry.attempts === 1 ? 'try' : 'tries'}`,
    ...(entry.status === 'failed' ? [] : [`next ${minute(entry.nextAttemptAt)}`]),
    ...(entry.lastError ? [`last error ${entry.lastError}`] : []),
    ...(entry.status === 'failed' && !entry.resendable ? ['body dropped (it held a cancel link): cannot be sent again'] : []),
  ];
  return `  ${parts.join('  ')}${full ? `\n      ${entry.subject}` : ''}`;
}

/**
 * The text `npm run mail:status` prints: counts per state, then the waiting and the failed messages, one line each
 * (no bodies; recipients masked unless `full`, which also shows the subject).
 */
export function formatOutboxStatus(
  counts: Record<OutboxEntry['status'], number>,
  waiting: readonly OutboxEntry[],
  failed: readonly OutboxEntry[],
  full = false,
): string {
  const lines = [
    `Outbox: ${counts.pending} pending, ${counts.sending} being sent, ${counts.sent} sent, ${counts.failed} failed`,
  ];
  lines.push('', `Waiting (${waiting.length}):`);
  lines.push(...(waiting.length > 0 ? waiting.map((entry) => line(entry, full)) : ['  none']));
  lines.push('', `Failed (${failed.length}):`);
  lines.push(...(failed.length > 0 ? failed.map((entry) => line(entry, full)) : ['  none']));
  if (failed.length > 0) {
    lines.push('', 'Put failed messages back in line (after fixing the cause): npm run mail:status -- --retry=<id>[,<id>…]');
  }
  return `${lines.join('\n')}\n`;
}
