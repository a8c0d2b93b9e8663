import type { ListFilters } from '../../lib/filters';
import { FilterForm } from './FilterForm';
import { monthSelect, yearSelect } from './listing';

/** The filter bar of a dated listing (news, events, gallery): year, month and title search. */
export function DatedFilterForm({
  years, months, filters, searchLabel, summary, clearTo,
}: {
  years: readonly number[];
  months: readonly number[];
  filters: ListFilters;
  searchLabel: string;
  summary: string;
  clearTo: string;
}) {
  return (
    <FilterForm
      selects={[yearSelect(years, filters.year), monthSelect(months, filters.month)]}
      q={filters.q}
      searchLabel={searchLabel}
      summary={summary}
      clearTo={clearTo}
    />
  );
}
