import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { pathWithoutLocale } from '@sthsm/contract/languages';
import { useI18n } from '../../i18n/i18n';
import type { DatedListingData } from '../../lib/listing.server';
import { findPage } from '../../lib/site-map';
import { PageHeader } from '../page-header';
import { FilterForm } from './filter-form';
import { ListingResults } from './listing-results';
import { Pagination } from './pagination';
import { listingSummary, monthSelect, pageSizeSelect, yearSelect } from './listing';

/**
 * What is listed, in the page's language: a number of them ("12 news items": the noun's form
 * depends on the number), or an English singular and plural (a listing not yet translated).
 */
export type ListedNouns = ((n: number) => string) | readonly [string, string];

/**
 * The page frame of a dated listing (news, events, gallery): header and breadcrumb, the filter bar
 * (year, month, title search) and the results, one card per record.
 */
export function DatedListing<I extends { _id: string }>({
  data,
  nouns,
  what,
  searchLabel,
  failedWhat,
  listClass,
  label,
  intro,
  renderItem,
}: {
  data: DatedListingData<I>;
  /** A number of what is listed in words ("12 news items"), or its singular and plural, e.g. ['news item', 'news items']. */
  nouns: ListedNouns;
  /** What did not match, e.g. "news items" (the plural of `nouns` when they are a pair). */
  what?: string;
  /** The accessible name of the filter form, e.g. "Filter news". */
  searchLabel: string;
  /** What could not be loaded, e.g. "photo albums". */
  failedWhat: string;
  listClass: 'card-list' | 'card-grid';
  label: string;
  intro?: ReactNode;
  renderItem: (item: I) => ReactNode;
}) {
  const { t, path, monthName } = useI18n();
  const { pathname } = useLocation();
  const { items, total, years, months, filters, failed, paging } = data;
  // "All" is explicit: without a year the page would open on its default year again.
  const page = pathWithoutLocale(pathname);
  const clearTo = path(`${findPage(page)?.path ?? page}?year=All`);
  const count = typeof nouns === 'function' ? nouns : (n: number) => `${n} ${n === 1 ? nouns[0] : nouns[1]}`;
  const all = t('lists.all');
  return (
    <>
      <PageHeader />
      <div className="container listing">
        {intro}
        <FilterForm
          selects={[
            yearSelect(years, filters.year, t('lists.year'), all),
            monthSelect(months, filters.month, { label: t('lists.month'), all, monthName }),
            ...(paging ? [pageSizeSelect(paging.size, t('lists.perPage'))] : []),
          ]}
          q={filters.q}
          searchLabel={searchLabel}
          summary={listingSummary(t, paging ? paging.matched : items.length, total, count, paging)}
          clearTo={clearTo}
        />
        <ListingResults
          items={items}
          failed={failed}
          failedWhat={failedWhat}
          what={what ?? (typeof nouns === 'function' ? '' : nouns[1])}
          clearTo={clearTo}
          listClass={listClass}
          label={label}
          renderItem={renderItem}
        />
        {paging && !failed ? <Pagination paging={paging} label={t('lists.pages', { label })} /> : null}
      </div>
    </>
  );
}
