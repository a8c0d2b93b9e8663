import { z } from './zod.ts';
import { schoolTimeSchema, topperFields } from './content.ts';

// Results day (issue 30, item 8): toppers pasted from a spreadsheet. Rows copied from Excel or
// Google Sheets arrive tab-separated (a CSV file's lines comma-separated); the columns are name,
// class, percentage, stream, with or without a header row (a header's words may put them in
// another order). The staff page reads the text with parseTopperPaste for its preview; the API
// checks every row of the batch with topperRowFields, the very fields of a single topper, so the
// preview and the server give the same message for the same row (docs/decisions/0128).

/** One topper's own fields in a pasted row (the session, the publishing window and the intent are the batch's). */
export const topperRowFields = topperFields.pick({ name: true, class: true, division: true, stream: true });
export type TopperRow = z.input<typeof topperRowFields>;

export const TOPPER_BATCH_MAX = 200;
export const TOPPER_BATCH_INTENTS = ['draft', 'review', 'publish'] as const;

/** POST /api/admin/{code}/toppers/batch: the shared session year and window, and the rows. */
export const topperBatchBody = z.object({
  sessionYear: topperFields.shape.sessionYear,
  publishAt: schoolTimeSchema('Publish at'),
  unpublishAt: schoolTimeSchema('Unpublish at'),
  intent: z.enum(TOPPER_BATCH_INTENTS, { error: 'Choose how the toppers are added.' }).default('draft'),
  rows: z
    .array(z.record(z.string(), z.unknown()), { error: 'Rows must be a list of toppers.' })
    .min(1, { error: 'Paste at least one row.' })
    .max(TOPPER_BATCH_MAX, { error: `Paste at most ${TOPPER_BATCH_MAX} rows at a time.` })
    .describe('Each: name, class (X or XII), division (the percentage), stream'),
});

/** What is wrong with one row: its number (1 = the first row after any header) and a message per field. */
export interface RowProblem {
  row: number;
  errors: Record<string, string>;
}

const COLUMN_WORDS: Record<keyof TopperRow, RegExp> = {
  name: /^(student('?s)?\s*)?name$/,
  class: /^class$/,
  division: /^(percentage|percent|%|division|marks?|score|result)$/,
  stream: /^stream$/,
};
const DEFAULT_ORDER: ReadonlyArray<keyof TopperRow> = ['name', 'class', 'division', 'stream'];

/** One line's cells: split on tabs, or else on commas (with "quoted, text" kept whole). */
function cellsOf(line: string): string[] {
  if (line.includes('\t')) return line.split('\t').map((c) => c.trim());
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const c = line[i];
    if (c === '"' && quoted && line[i + 1] === '"') {
      cell += '"';
      i += 1;
    } else if (c === '"') quoted = !quoted;
    else if (c === ',' && !quoted) {
      cells.push(cell.trim());
      cell = '';
    } else cell += c;
  }
  cells.push(cell.trim());
  return cells;
}

/** A class as people write it: "X", "x", "10", "Class X", "XII", "12", "Class 12th" → X or XII; anything else as typed. */
export function topperClass(text: string): string {
  const t = text
    .trim()
    .toUpperCase()
    .replace(/^CLASS\s*/, '')
    .replace(/(TH)$/, '');
  if (t === 'X' || t === '10') return 'X';
  if (t === 'XII' || t === '12') return 'XII';
  return text.trim();
}

/** A pasted row's four cells as text. */
export type PastedRow = Record<keyof TopperRow, string>;

/** The pasted text as rows of raw fields (class made X or XII where it plainly is), blank lines left out. */
export function parseTopperPaste(text: string): { header: boolean; rows: PastedRow[] } {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  const first = lines[0] ? cellsOf(lines[0]).map((c) => c.toLowerCase()) : [];
  // A header row (one cell says "Name") puts the columns where it names them; a column it does not name is left empty.
  const header = first.some((c) => COLUMN_WORDS.name.test(c));
  const order: ReadonlyArray<keyof TopperRow | undefined> = header
    ? first.map((c) => DEFAULT_ORDER.find((k) => COLUMN_WORDS[k].test(c)))
    : DEFAULT_ORDER;
  const rows = (header ? lines.slice(1) : lines).map((line) => {
    const cells = cellsOf(line);
    const row: PastedRow = { name: '', class: '', division: '', stream: '' };
    const seen = new Set<string>();
    order.forEach((key, i) => {
      if (key && !seen.has(key)) {
        seen.add(key);
        row[key] = cells[i] ?? '';
      }
    });
    row.class = topperClass(row.class);
    return row;
  });
  return { header, rows };
}

/** Every row checked with a single topper's fields: the rows as they will be saved, or each wrong row's messages. */
export function checkTopperRows(
  rows: ReadonlyArray<Record<string, unknown>>,
): { ok: true; rows: Array<z.output<typeof topperRowFields>> } | { ok: false; problems: RowProblem[] } {
  const good: Array<z.output<typeof topperRowFields>> = [];
  const problems: RowProblem[] = [];
  rows.forEach((raw, i) => {
    const parsed = topperRowFields.safeParse(raw);
    if (parsed.success) good.push(parsed.data);
    else {
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? 'row')] ??= issue.message;
      problems.push({ row: i + 1, errors });
    }
  });
  return problems.length ? { ok: false, problems } : { ok: true, rows: good };
}

/** "Row 4: Percentage must be …" — one line per problem, fields in column order. */
export function rowProblemLines(problems: readonly RowProblem[]): string[] {
  return problems.flatMap((p) => [...DEFAULT_ORDER, 'row'].flatMap((k) => (p.errors[k] ? [`Row ${p.row}: ${p.errors[k]}`] : [])));
}
