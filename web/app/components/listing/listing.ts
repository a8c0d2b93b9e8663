import type { MetaDescriptor } from 'react-router';
import { MONTH_NAMES } from '../../lib/dates';
import { ALL } from '../../lib/filters';
import { schoolNameFrom } from '../../lib/root-data';
import { pageMeta, siteUrlFrom } from '../../lib/seo';
import { findPage } from '../../lib/site-map';
import type { Crumb } from '../PageHeader';
import type { FilterSelect } from './FilterForm';

type Matches = ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;

/** Title and breadcrumb section of a listing page, from the one site map. */
export function listingPage(path: string): { title: string; section: Crumb } {
  const page = findPage(path);
  return { title: page?.title ?? 'Page', section: { label: page?.group ?? 'Home' } };
}

/** Title, description and canonical (the unfiltered path) of a listing page. */
export function listingMeta(path: string, matches: Matches, description?: string): MetaDescriptor[] {
  const page = findPage(path);
  return pageMeta(
    { title: page?.title ?? 'Page', description: description ?? page?.description ?? '', path },
    siteUrlFrom(matches),
    schoolNameFrom(matches),
  );
}

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

/** "Showing 3 of 12 news items" / "12 news items". */
export function summaryText(shown: number, total: number, singular: string, plural: string): string {
  const noun = (n: number) => (n === 1 ? singular : plural);
  return shown === total ? `${total} ${noun(total)}` : `Showing ${shown} of ${total} ${noun(total)}`;
}
