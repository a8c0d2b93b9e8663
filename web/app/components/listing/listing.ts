import { MONTH_NAMES } from '../../lib/dates';
import { ALL } from '../../lib/filters';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type Paging } from '../../lib/paging';
import { ENGLISH } from '../../i18n/catalogue';
import { translator, type Translate } from '../../i18n/i18n';
import type { FilterSelect } from './filter-form';

/** The words of a select in the page's language; the defaults are English (a caller not yet translated). */
export interface SelectWords {
  label?: string;
  all?: string;
  monthName?: (month: number) => string;
}

export function yearSelect(years: readonly number[], selected: number | typeof ALL, label = 'Year', all = 'All'): FilterSelect {
  return {
    name: 'year',
    label,
    value: String(selected),
    options: [{ value: ALL, label: all }, ...years.map((y) => ({ value: String(y), label: String(y) }))],
  };
}

export function monthSelect(months: readonly number[], selected: number | typeof ALL, words: SelectWords = {}): FilterSelect {
  const name = words.monthName ?? ((m: number) => MONTH_NAMES[m] ?? '');
  return {
    name: 'month',
    label: words.label ?? 'Month',
    value: String(selected),
    options: [{ value: ALL, label: words.all ?? 'All' }, ...months.map((m) => ({ value: String(m), label: name(m - 1) || String(m) }))],
  };
}

/** The page size choice of a paged listing. */
export function pageSizeSelect(size: number, label = 'Per page'): FilterSelect {
  return {
    name: 'size',
    label,
    value: String(size),
    implied: String(DEFAULT_PAGE_SIZE),
    options: PAGE_SIZES.map((n) => ({ value: String(n), label: String(n) })),
  };
}

/**
 * "Showing 3 of 12 news items" / "12 news items"; on a page of several, which ones:
 * "Showing 35 of 42 news items: 11–20 on this page". `count` says a number of the things listed
 * in the page's language ("12 news items", "12 समाचार"): the noun's form depends on the number.
 */
export function listingSummary(t: Translate, shown: number, total: number, count: (n: number) => string, paging?: Paging | null): string {
  const whole = shown === total ? count(total) : t('lists.summaryShowing', { shown: String(shown), total: count(total) });
  if (!paging || paging.pages <= 1) return whole;
  const last = Math.min(paging.first + paging.size, paging.matched);
  return t('lists.summaryPage', { whole, first: String(paging.first + 1), last: String(last) });
}

const english = translator('en', ENGLISH);

/** `listingSummary` in English, from a singular and a plural (the listings not yet translated). */
export function summaryText(shown: number, total: number, singular: string, plural: string, paging?: Paging | null): string {
  return listingSummary(english, shown, total, (n) => `${n} ${n === 1 ? singular : plural}`, paging);
}
