import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useI18n } from '../../i18n/i18n';

export interface TableRow {
  /** The row header (th scope="row"); also the row's key. */
  header: string;
  /** The data cells; a row with fewer cells than data columns lets its last cell span the rest. */
  cells: ReactNode[];
  /** Whether the row header, and the data cells, are the school's text (marked English on a page in another language). */
  schoolHeader?: boolean;
  schoolCells?: boolean;
}

/**
 * A headed section holding one table whose rows start with a header cell (timings, month plans).
 * The wrapper scrolls on its own at narrow widths, so it is a focusable, named region that keyboard
 * users can scroll (WCAG 2.1.1, axe scrollable-region-focusable).
 */
export function RowTable({
  id,
  heading,
  columns,
  rows,
  className,
}: {
  id: string;
  heading: string;
  /** Column headings, the row-header column first. */
  columns: string[];
  rows: TableRow[];
  className?: string;
}) {
  const { t, contentLang, contentDir } = useI18n();
  const dataColumns = columns.length - 1;
  const wrap = useRef<HTMLElement>(null);
  const fits = useFits(wrap);
  return (
    <section className="prose-section">
      <h2 id={id}>{heading}</h2>
      <p className={fits ? 'table-hint table-hint--idle' : 'table-hint'} aria-hidden="true">
        {t('info.tableHint')} <span className="table-hint__arrow">→</span>
      </p>
      {/* oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take focus to be scrolled by keyboard */}
      <section ref={wrap} className="table-wrap table-wrap--hinted" tabIndex={0} aria-labelledby={id}>
        <table className={`data-table info-table${className ? ` ${className}` : ''}`} aria-labelledby={id}>
          <thead>
            <tr>
              {columns.map((column) => (
                <th scope="col" key={column}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.header}>
                <th scope="row" lang={row.schoolHeader ? contentLang : undefined} dir={row.schoolHeader ? contentDir : undefined}>
                  {row.header}
                </th>
                {row.cells.map((cell, i) => (
                  <td
                    key={i}
                    lang={row.schoolCells ? contentLang : undefined}
                    dir={row.schoolCells ? contentDir : undefined}
                    colSpan={i === row.cells.length - 1 && row.cells.length < dataColumns ? dataColumns - i : undefined}
                  >
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

/**
 * Whether the table fits its box. The hint under a table is in the server HTML at phone widths (CSS)
 * and keeps its line; once the page runs, it turns invisible where the table fits, so nothing moves.
 */
function useFits(ref: React.RefObject<HTMLElement | null>): boolean {
  const [fits, setFits] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setFits(element.scrollWidth <= element.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return fits;
}
