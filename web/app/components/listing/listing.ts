import { MONTH_NAMES } from '../../lib/dates';
import { ALL } from '../../lib/filters';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type Paging } from '../../lib/paging';
import type { FilterSelect } from './filter-form';

export function yearSelect(years: readonly number[], selected: number | typeof ALL, label = 'Year'): FilterSelect {
  return {
    name: 'year',
    label,
    value: String(selected),
    options: [{ value: ALL, label: 'All' }, ...years.map((y) => ({ value: String(y), label: String(y) }))],
  };
}

export function monthSelect(months: readonly number[], selected: number | typeof ALL): FilterSelect {
  return {
    name: 'month',
    label: 'Month',
    value: String(selected),
    options: [{ value: ALL, label: 'All' }, ...months.map((m) => ({ value: String(m), label: MONTH_NAMES[m - 1] ?? String(m) }))],
  };
}

/** The page size choice of a paged listing. */
export function pageSizeSelect(size: number): FilterSelect {
  return {
    name: 'size',
    label: 'Per page',
    value: String(size),
    implied: String(DEFAULT_PAGE_SIZE),
    options: PAGE_SIZES.map((n) => ({ value: String(n), label: String(n) })),
  };
}

/**
 * "Showing 3 of 12 news items" / "12 news items"; on a page of several, which ones:
 * "Showing 35 of 42 news items: 11–20 on this page".
 */
export function summaryText(shown: number, total: number, singular: string, plural: string, paging?: Paging | null): string {
  const noun = (n: number) => (n === 1 ? singular : plural);
  const whole = shown === total ? `${total} ${noun(total)}` : `Showing ${shown} of ${total} ${noun(total)}`;
  if (!paging || paging.pages <= 1) return whole;
  const last = Math.min(paging.first + paging.size, paging.matched);
  return `${whole}: ${paging.first + 1}–${last} on this page`;
}
