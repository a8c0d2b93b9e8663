// CSV for spreadsheets (RFC 4180), safe to open: a cell that a spreadsheet would read as a formula
// (starting with =, +, -, @, tab or carriage return) is prefixed with an apostrophe (OWASP's
// advice against CSV injection), and every cell is quoted.

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | null | undefined): string {
  let text = value ?? '';
  if (FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

export function csvRow(cells: Array<string | null | undefined>): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
