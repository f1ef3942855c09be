import { createHash } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import type { Transaction } from './transaction';

/** The budgets the client throttle keeps (the table's CHECK lists the same names). */
export type ThrottleScope = 'holds_per_ip' | 'idempotency_keys_per_ip';

/** One budget: at most `limit` units per client in each fixed window of `windowSeconds` (aligned to the epoch, UTC). */
export type ThrottleRule = { readonly scope: ThrottleScope; readonly limit: number; readonly windowSeconds: number };

/**
 * The network a client's address stands for: an IPv4 address itself (also when written IPv4-mapped, ::ffff:a.b.c.d),
 * an IPv6 address's /64 (one household or server gets a whole /64 and could otherwise rotate through it), written
 * `a:b:c:d::/64`. Anything else is returned as given.
 */
export function clientNetwork(ip: string): string {
  const address = ip.trim().replace(/%.*$/, '').toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  if (!isIPv6(address)) return address;
  const [head = '', tail] = address.split('::');
  const groups = (part: string | undefined) => (part ? part.split(':') : []).flatMap((group) => {
    if (!group.includes('.')) return [group];
    const [a, b, c, d] = group.split('.').map(Number) as [number, number, number, number];
    return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
  });
  const front = groups(head);
  const back = groups(tail);
  const all = tail === undefined ? front : [...front, ...Array(8 - front.length - back.length).fill('0'), ...back];
  return `${all.slice(0, 4).map((group) => parseInt(group, 16).toString(16)).join(':')}::/64`;
}

/**
 * What the throttle stores for a client: the SHA-256 (hex) of the scope and the client's network (clientNetwork),
 * never the IP itself (one client's rows in two scopes do not share a key). A missing IP (a caller outside Netlify)
 * counts as one client, "unknown".
 */
export function throttleClientKey(scope: ThrottleScope, ip: string | undefined): string {
  return createHash('sha256').update(`${scope}\n${ip === undefined ? 'unknown' : clientNetwork(ip)}`).digest('hex');
}

/** The start of the fixed window of `windowSeconds` that holds `now`. */
export function windowStart(now: Date, windowSeconds: number): Date {
  const size = windowSeconds * 1000;
  return new Date(Math.floor(now.getTime() / size) * size);
}

// One statement, atomic under concurrency: the first unit of a window inserts the row; later ones add to it only
// while it is under the limit. ON CONFLICT DO UPDATE locks the row and judges the WHERE on its latest version, so
// simultaneous requests queue on the row and exactly `limit` of them get a unit. The row stays locked until the
// caller's transaction ends (a rolled-back transaction spends nothing): take the unit as the transaction's last
// write, so that a client's other requests queue on it only for the commit.
const TAKE_SQL = `
  INSERT INTO client_throttle (scope, client_key, window_start, window_end, used)
  VALUES ($1, $2, $3, $4, 1)
  ON CONFLICT (scope, client_key, window_start) DO UPDATE SET used = client_throttle.used + 1
    WHERE client_throttle.used < $5
  RETURNING used`;

/**
 * Takes one unit of `rule`'s budget for the client at `ip` in the window holding `now`, inside `tx`: false when the
 * client has used the whole budget of this window (nothing is stored for a refusal). Take it for work already done
 * in `tx`, as the last write before COMMIT, and undo that work on false: the budget's row is then locked only for
 * the end of the transaction, not while the work runs.
 */
export async function takeFromThrottle(
  tx: Transaction,
  rule: ThrottleRule,
  ip: string | undefined,
  now: Date,
): Promise<boolean> {
  if (rule.limit < 1) return false;
  const start = windowStart(now, rule.windowSeconds);
  const clientKey = throttleClientKey(rule.scope, ip);
  const { rows } = await tx.query<{ used: number }>(TAKE_SQL, [
    rule.scope,
    clientKey,
    start,
    new Date(start.getTime() + rule.windowSeconds * 1000),
    rule.limit,
  ]);
  return rows.length > 0;
}
