/** The byte-order mark that makes Excel read a CSV file as UTF-8. */
export const UTF8_BOM = '\uFEFF';

// A spreadsheet treats a cell starting with one of these as a formula (tab and CR too, after Excel strips them).
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell: text that a spreadsheet would run as a formula gets a leading apostrophe (OWASP's advice), then the
 * cell is quoted with inner quotes doubled (RFC 4180). Null becomes an empty cell.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '""';
  const text = String(value);
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** A whole CSV document: BOM, a header row, then one row per record, every line ending in CRLF (RFC 4180). */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | number | null)[])[]): string {
  const lines = [header, ...rows].map((cells) => cells.map(csvCell).join(','));
  return `${UTF8_BOM}${lines.join('\r\n')}\r\n`;
}
