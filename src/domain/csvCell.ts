/**
 * One CSV cell, for every CSV the product writes (the tab's exports and the server's chart
 * CSV): semicolon separated, quoted when it holds a separator, a quote or a line break, and
 * safe to open in a spreadsheet. A text that starts with a formula character (=, +, -, @, a
 * tab or a carriage return) gets a leading apostrophe, so a station name such as
 * `=HYPERLINK(…)` is shown as text and never run (CSV injection, OWASP). A plain number
 * (`-3,5`, `+12`, `1.5e-3`) is not a formula and stays as it is, so a negative value still
 * reads as a number.
 */

/** A number as a spreadsheet reads it: sign, digits, decimal point or comma, exponent. */
const PLAIN_NUMBER = /^[+-]?(\d+([.,]\d*)?|[.,]\d+)([eE][+-]?\d+)?$/;
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[;"\n\r]/;

export function csvCell(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  const safe = FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One CSV line of cells, semicolon separated. */
export function csvLine(cells: readonly unknown[]): string {
  return cells.map(csvCell).join(';');
}
