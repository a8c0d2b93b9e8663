import { SEARCH_PAGE_SIZE, type SearchAnswer } from '@sthsm/contract/search';
import type { SearchRepository } from './repository.ts';
import { suggestionsFor } from './repository.ts';
import { beginsWords, markTerms, snippetOf, termsOf } from './text.ts';

// GET /api/search/{code} and the site's /search page: one page of results with their marked
// titles and snippets, and "did you mean" when nothing was found (docs/search.md).

export interface SearchRequest {
  code: string;
  q: string;
  page: number;
  lang: string;
  now: Date;
  today: string;
}

export async function searchSite(repo: SearchRepository, r: SearchRequest): Promise<SearchAnswer> {
  const terms = termsOf(r.q);
  const answer: SearchAnswer = { query: r.q, terms, page: r.page, pageSize: SEARCH_PAGE_SIZE, total: 0, results: [], suggestions: [] };
  // A query of punctuation alone has no words: nothing matches it.
  if (terms.length === 0) return answer;
  const scope = { code: r.code, lang: r.lang, now: r.now, today: r.today };
  const found = await repo.search({ ...scope, terms, limit: SEARCH_PAGE_SIZE, offset: (r.page - 1) * SEARCH_PAGE_SIZE });
  answer.total = found.total;
  answer.results = found.rows.map((row) => ({
    kind: row.kind,
    id: row.item_id,
    title: row.title,
    titleParts: markTerms(row.title, terms),
    snippet: snippetOf(row.body, terms),
    date: row.date,
    path: row.path,
    titleMatch: beginsWords(row.title, terms),
  }));
  if (found.total === 0) {
    const vocabulary = await repo.vocabulary(scope);
    // Only a spelling that finds something is offered.
    for (const suggestion of suggestionsFor(terms, vocabulary)) {
      const check = await repo.search({ ...scope, terms: termsOf(suggestion), limit: 1, offset: 0 });
      if (check.total > 0) answer.suggestions.push(suggestion);
    }
  }
  return answer;
}
