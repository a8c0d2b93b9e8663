// Pages of a filtered listing (news, events): `?page=` (1-based) and `?size=` in the URL, so a page
// is server-rendered, linkable and works without JavaScript. Pure: no React, no I/O.

/** The page sizes a visitor can choose; the first is the default. */
export const PAGE_SIZES = [10, 20, 50] as const;
export const DEFAULT_PAGE_SIZE: number = PAGE_SIZES[0];

export interface Paging {
  /** The page shown, 1-based, within 1..pages. */
  page: number;
  /** How many pages the filtered list has (at least 1). */
  pages: number;
  size: number;
  /** How many records match the filters (all pages). */
  matched: number;
  /** Index of the first record shown (0-based) — for "Showing 11–20 of 35". */
  first: number;
}

/** `?page=&size=` → the page to show; a malformed or out-of-range value takes the nearest sensible one. */
export function parsePaging(params: URLSearchParams, matched: number): Paging {
  const rawSize = Number(params.get('size'));
  const size = (PAGE_SIZES as readonly number[]).includes(rawSize) ? rawSize : DEFAULT_PAGE_SIZE;
  const pages = Math.max(1, Math.ceil(matched / size));
  const rawPage = params.get('page')?.trim() ?? '';
  const asked = /^\d{1,6}$/.test(rawPage) ? Number(rawPage) : 1;
  const page = Math.min(Math.max(1, asked), pages);
  return { page, pages, size, matched, first: (page - 1) * size };
}

export function pageOf<T>(records: readonly T[], paging: Paging): T[] {
  return records.slice(paging.first, paging.first + paging.size);
}

/**
 * The page numbers a pagination nav shows: always the first and last, the current one and its
 * neighbours; null marks a gap ("…"). Short enough for a 320 px screen.
 */
export function pageWindow(page: number, pages: number): Array<number | null> {
  const wanted = new Set([1, pages, page - 1, page, page + 1].filter((n) => n >= 1 && n <= pages));
  const sorted = [...wanted].sort((a, b) => a - b);
  const result: Array<number | null> = [];
  for (const [i, n] of sorted.entries()) {
    const previous = sorted[i - 1];
    if (previous !== undefined && n - previous === 2) result.push(previous + 1);
    else if (previous !== undefined && n - previous > 2) result.push(null);
    result.push(n);
  }
  return result;
}

/** The URL of another page of the same listing: every other parameter (filters, size) is kept. */
export function pageHref(search: string, page: number): string {
  const params = new URLSearchParams(search);
  if (page <= 1) params.delete('page');
  else params.set('page', String(page));
  const query = params.toString();
  return query ? `?${query}` : '?';
}
