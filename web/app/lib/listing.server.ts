import { applyFilters, filterChoices, parseListFilters, sortNewestFirst, type ALL, type ListFilters, type Titled } from './filters';
import { pageOf, parsePaging, type Paging } from './paging';

/** What a dated listing page (news, events, gallery) renders: one page of filtered cards and the filter choices. */
export interface DatedListingData<I> {
  items: I[];
  /** Records before filtering. */
  total: number;
  years: number[];
  months: number[];
  filters: ListFilters;
  /** The API call failed: the page says so instead of "no matches". */
  failed: boolean;
  /** The page shown of the matching records (`?page=&size=`); null when the listing is not paged. */
  paging: Paging | null;
}

/**
 * The loader pipeline of a dated listing (SPEC §4, §5): newest first, `?year=&month=&q=` with the
 * page's default year, year and month choices from the data, one page of the matches when `paged`
 * (`?page=&size=`), and only what a card shows of each record (`card`), so the page's HTML and
 * hydration data stay small.
 */
export function datedListing<T extends Titled, I>(
  request: Request,
  records: readonly T[] | null,
  options: {
    defaultYear: (all: T[]) => number | typeof ALL;
    monthOrder?: 'descending' | 'calendar';
    card: (record: T) => I;
    /** Show one page at a time (news, events). */
    paged?: boolean;
  },
): DatedListingData<I> {
  const all = sortNewestFirst(records ?? []);
  const params = new URL(request.url).searchParams;
  const filters = parseListFilters(params, options.defaultYear(all));
  const matched = applyFilters(all, filters);
  const paging = options.paged ? parsePaging(params, matched.length) : null;
  return {
    items: (paging ? pageOf(matched, paging) : matched).map(options.card),
    total: all.length,
    ...filterChoices(all, filters, options.monthOrder),
    filters,
    failed: records === null,
    paging,
  };
}
