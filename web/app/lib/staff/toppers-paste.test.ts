import { describe, expect, it } from 'vitest';
import { topperFields } from '@sthsm/contract';
import { checkTopperRows, parseTopperPaste, rowProblemLines, topperClass } from '@sthsm/contract/toppers-paste';

// Toppers pasted from a spreadsheet (issue 30, item 8): what the preview reads from the text, and
// the per-row messages the preview and the API both give (the single topper's own field rules).

describe('parseTopperPaste', () => {
  it('reads tab-separated rows copied from a spreadsheet, without a header', () => {
    const { header, rows } = parseTopperPaste('Asha Verma\tXII\t97.2%\tScience\r\nRavi Kumar\t10\t95\t\n\n');
    expect(header).toBe(false);
    expect(rows).toEqual([
      { name: 'Asha Verma', class: 'XII', division: '97.2%', stream: 'Science' },
      { name: 'Ravi Kumar', class: 'X', division: '95', stream: '' },
    ]);
  });

  it('reads comma-separated rows with a header in another order, quoted commas kept', () => {
    const { header, rows } = parseTopperPaste('Stream,Percentage,Name,Class\nCommerce,91.5,"Sharma, Neha",Class XII\n');
    expect(header).toBe(true);
    expect(rows).toEqual([{ name: 'Sharma, Neha', class: 'XII', division: '91.5', stream: 'Commerce' }]);
  });

  it('makes the usual ways of writing a class X or XII and leaves others as typed', () => {
    expect(['x', 'Class X', '10', '10th', 'XII', '12', 'class 12th'].map(topperClass)).toEqual(['X', 'X', 'X', 'X', 'XII', 'XII', 'XII']);
    expect(topperClass(' XI ')).toBe('XI');
  });
});

describe('checkTopperRows', () => {
  it('numbers the wrong rows from the first after the header and keeps a percentage as 96.4%', () => {
    const { rows } = parseTopperPaste('Name\tClass\tPercentage\tStream\nA\tX\t96.4\t\nB\tXII\tninety\tScience\nC\tXI\t101\t\n\tX\t90\t');
    const checked = checkTopperRows(rows);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(rowProblemLines(checked.problems)).toEqual([
      'Row 2: Percentage must be a number from 0 to 100, like 96.4.',
      'Row 3: Class must be X or XII.',
      'Row 3: Percentage must be a number from 0 to 100, like 96.4.',
      'Row 4: Name is required.',
    ]);
    const fixed = checkTopperRows([{ name: 'A', class: 'X', division: '96.4 %', stream: '' }]);
    expect(fixed).toEqual({ ok: true, rows: [{ name: 'A', class: 'X', division: '96.4%', stream: '' }] });
  });

  it('gives a single topper the same percentage rule', () => {
    const base = { name: 'A', class: 'X', sessionYear: '2024-2025' };
    expect(topperFields.parse({ ...base, division: '97.25' }).division).toBe('97.25%');
    expect(topperFields.parse({ ...base, division: '100%' }).division).toBe('100%');
    for (const bad of ['100.5', '', '9a', '-1', '96.456']) expect(topperFields.safeParse({ ...base, division: bad }).success).toBe(false);
  });
});
