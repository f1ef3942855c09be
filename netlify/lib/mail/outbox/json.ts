/** A jsonb column as read back: PGlite's socket hands jsonb over as text, Postgres as parsed JSON. */
export function jsonColumn<T>(value: T | string): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}
