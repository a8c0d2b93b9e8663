import { SEARCH_PAGE_MAX, searchQuerySchema, type SearchAnswer, type SearchQuery } from '@sthsm/contract/search';
import type { Paging } from './paging';

// The /search page's reading of its address and of the API's answer. Pure: no React, no I/O.

/** What /search?q=&page=&lang= asks: nothing yet (no words), a query to send, or why the words cannot be sent. */
export type SearchRequest =
  { q: string; query: null; error: null } | { q: string; query: SearchQuery; error: null } | { q: string; query: null; error: string };

/** A page number or language that cannot be had is left out (the first page, English), as a listing ignores one. */
const optional = (value: string | null, pattern: RegExp) => (value !== null && pattern.test(value) ? value : undefined);

export function readSearchRequest(params: URLSearchParams): SearchRequest {
  const q = params.get('q') ?? '';
  if (!q.trim()) return { q, query: null, error: null };
  const page = optional(params.get('page'), /^\d{1,6}$/);
  const parsed = searchQuerySchema.safeParse({
    q,
    page: page === undefined ? undefined : Math.min(Math.max(1, Number(page)), SEARCH_PAGE_MAX),
    lang: optional(params.get('lang'), /^[a-z]{2}$/),
  });
  if (parsed.success) return { q, query: parsed.data, error: null };
  return { q, query: null, error: parsed.error.issues[0]?.message ?? 'These words cannot be searched for.' };
}

/** The pages of an answer as a listing's pagination reads them (never past the API's last page). */
export function answerPaging(answer: Pick<SearchAnswer, 'page' | 'pageSize' | 'total'>): Paging {
  const size = Math.max(1, answer.pageSize);
  const pages = Math.max(1, Math.min(Math.ceil(answer.total / size), SEARCH_PAGE_MAX));
  return { page: answer.page, pages, size, matched: answer.total, first: (answer.page - 1) * size };
}

/** "1 result", "12 results". */
export const resultCount = (total: number) => (total === 1 ? '1 result' : `${total.toLocaleString('en-IN')} results`);

/** The address of the search for other words (a suggestion's link). */
export const searchHref = (q: string) => `/search?${new URLSearchParams({ q })}`;
