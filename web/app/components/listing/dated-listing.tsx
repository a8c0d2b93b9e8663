import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import type { DatedListingData } from '../../lib/listing.server';
import { findPage } from '../../lib/site-map';
import { PageHeader } from '../page-header';
import { FilterForm } from './filter-form';
import { ListingResults } from './listing-results';
import { Pagination } from './pagination';
import { monthSelect, pageSizeSelect, summaryText, yearSelect } from './listing';

/**
 * The page frame of a dated listing (news, events, gallery): header and breadcrumb, the filter bar
 * (year, month, title search) and the results, one card per record.
 */
export function DatedListing<I extends { _id: string }>({
  data,
  nouns,
  searchLabel,
  failedWhat,
  listClass,
  label,
  intro,
  renderItem,
}: {
  data: DatedListingData<I>;
  /** Singular and plural of what is listed, e.g. ['news item', 'news items']. */
  nouns: readonly [string, string];
  /** The accessible name of the filter form, e.g. "Filter news". */
  searchLabel: string;
  /** What could not be loaded, e.g. "photo albums". */
  failedWhat: string;
  listClass: 'card-list' | 'card-grid';
  label: string;
  intro?: ReactNode;
  renderItem: (item: I) => ReactNode;
}) {
  const { pathname } = useLocation();
  const { items, total, years, months, filters, failed, paging } = data;
  // "All" is explicit: without a year the page would open on its default year again.
  const clearTo = `${findPage(pathname)?.path ?? pathname}?year=All`;
  return (
    <>
      <PageHeader />
      <div className="container listing">
        {intro}
        <FilterForm
          selects={[yearSelect(years, filters.year), monthSelect(months, filters.month), ...(paging ? [pageSizeSelect(paging.size)] : [])]}
          q={filters.q}
          searchLabel={searchLabel}
          summary={summaryText(paging ? paging.matched : items.length, total, nouns[0], nouns[1], paging)}
          clearTo={clearTo}
        />
        <ListingResults
          items={items}
          failed={failed}
          failedWhat={failedWhat}
          what={nouns[1]}
          clearTo={clearTo}
          listClass={listClass}
          label={label}
          renderItem={renderItem}
        />
        {paging && !failed ? <Pagination paging={paging} label={`${label} pages`} /> : null}
      </div>
    </>
  );
}
