import type { ReactNode } from 'react';

export interface TableRow {
  /** The row header (th scope="row"); also the row's key. */
  header: string;
  /** The data cells; a row with fewer cells than data columns lets its last cell span the rest. */
  cells: ReactNode[];
}

/**
 * A headed section holding one table whose rows start with a header cell (timings, month plans).
 * The wrapper scrolls on its own at narrow widths, so it is a focusable, named region that keyboard
 * users can scroll (WCAG 2.1.1, axe scrollable-region-focusable).
 */
export function RowTable({ id, heading, columns, rows, className }: {
  id: string;
  heading: string;
  /** Column headings, the row-header column first. */
  columns: string[];
  rows: TableRow[];
  className?: string;
}) {
  const dataColumns = columns.length - 1;
  return (
    <section className="prose-section">
      <h2 id={id}>{heading}</h2>
      {/* oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take focus to be scrolled by keyboard */}
      <section className="table-wrap" tabIndex={0} aria-labelledby={id}>
        <table className={`data-table info-table${className ? ` ${className}` : ''}`} aria-labelledby={id}>
          <thead>
            <tr>
              {columns.map((column) => (
                <th scope="col" key={column}>{column}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.header}>
                <th scope="row">{row.header}</th>
                {row.cells.map((cell, i) => (
                  <td key={i} colSpan={i === row.cells.length - 1 && row.cells.length < dataColumns ? dataColumns - i : undefined}>
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </section>
  );
}
