// CSV for spreadsheets (RFC 4180), safe to open: a cell that a spreadsheet would read as a formula
// (starting with =, +, -, @, tab or carriage return) is prefixed with an apostrophe (OWASP's
// advice against CSV injection), and every cell is quoted.

const FORMULA_START = /^[=+\-@\t\r]/;
/**
 * A telephone number as people write it (+91 98765 43210): digits and spaces after a plus cannot
 * name a cell or call a function, so it keeps its plus without the apostrophe (issue 30, item 10).
 * A minus, brackets or dashes stay neutralised: "98765-43210" would be a subtraction.
 */
const TELEPHONE = /^\+[0-9][0-9 ]*$/;

export function csvCell(value: string | null | undefined): string {
  let text = value ?? '';
  if (FORMULA_START.test(text) && !TELEPHONE.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

export function csvRow(cells: Array<string | null | undefined>): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
