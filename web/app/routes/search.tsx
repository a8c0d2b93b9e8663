import { Fragment } from 'react';
import { data } from 'react-router';
import { SEARCH_KIND_LABELS, type SearchAnswer, type SearchResult, type SearchSegment } from '@sthsm/contract/search';
import type { Route } from './+types/search';
import { PageHeader, PageHeaderError } from '../components/page-header';
import { Pagination } from '../components/listing/pagination';
import { safeLink } from '../components/home/data';
import { searchSite } from '../lib/api.server';
import { formatLong, isoDay } from '../lib/dates';
import { NO_HYDRATION } from '../lib/hydration';
import { answerPaging, readSearchRequest, resultCount, searchHref } from '../lib/search';
import { currentSchool } from '../lib/school.server';
import { pageMeta } from '../lib/seo';
import '../styles/forms.css';
import '../styles/listings.css';
import '../styles/search.css';

/**
 * /search?q=: every kind of content a visitor can see, found by the API (GET /api/search/{code}) and
 * shown as one server-rendered page of results. No React in the browser (docs/decisions/0075): the
 * form is a plain GET form, the pages plain links. The header's box on every page sends here.
 */
export const handle = NO_HYDRATION;

/** Its title names the words searched for ("Search: sports day"); the rest is the page table's. */
export const meta = pageMeta;

const FIELD_ID = 'search-q';
const ERROR_ID = `${FIELD_ID}-error`;
const SUMMARY_ID = 'search-summary';
const UNAVAILABLE = 'Search is not available just now. Please try again in a moment.';

type View =
  { state: 'form' } | { state: 'refused' | 'limited'; message: string } | { state: 'failed' } | { state: 'answered'; answer: SearchAnswer };

export async function loader({ request }: Route.LoaderArgs) {
  const { q, query, error } = readSearchRequest(new URL(request.url).searchParams);
  const seo = q.trim() ? { seo: { title: `Search: ${q.trim()}` } } : {};
  const page = (view: View, status = 200) => data({ q, view, ...seo }, { status });
  if (error !== null) return page({ state: 'refused', message: error }, 400);
  if (query === null) return page({ state: 'form' });
  // X-Forwarded-For is the visitor's address as api/src/site.ts resolved it (as the alumni action passes it).
  const outcome = await searchSite(currentSchool(request), query, request.headers.get('x-forwarded-for') ?? undefined);
  if (outcome.status === 'refused') return page({ state: 'refused', message: outcome.message }, 400);
  if (outcome.status === 'limited') return page({ state: 'limited', message: outcome.message }, 429);
  if (outcome.status === 'failed') return page({ state: 'failed' }, 503);
  return page({ state: 'answered', answer: outcome.answer });
}

/** Marked pieces of a title or snippet as React text: the words searched for in <mark>. */
function Marked({ parts, fallback = '' }: { parts: readonly SearchSegment[]; fallback?: string }) {
  if (parts.length === 0) return fallback;
  // The pieces have no ids of their own; their order never changes.
  return parts.map((part, i) => (part.mark ? <mark key={i}>{part.text}</mark> : <Fragment key={i}>{part.text}</Fragment>));
}

function SearchForm({ q, error }: { q: string; error: string | null }) {
  return (
    <form method="get" action="/search" className="search-form" noValidate>
      <div className={`field${error ? ' field--invalid' : ''}`}>
        <label htmlFor={FIELD_ID}>Search for</label>
        <div className="search-form__row">
          <input
            id={FIELD_ID}
            type="search"
            name="q"
            defaultValue={q}
            enterKeyHint="search"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? ERROR_ID : undefined}
          />
          <button type="submit" className="btn">
            Search
          </button>
        </div>
        {error ? (
          <p className="field-error" id={ERROR_ID}>
            <span aria-hidden="true">! </span>
            {error}
          </p>
        ) : null}
      </div>
    </form>
  );
}

function ResultItem({ result }: { result: SearchResult }) {
  const href = safeLink(result.path);
  const title = <Marked parts={result.titleParts} fallback={result.title} />;
  return (
    <li className="search-result">
      <p className="search-result__kind">{SEARCH_KIND_LABELS[result.kind]}</p>
      <h2 className="search-result__title">{href ? <a href={href}>{title}</a> : title}</h2>
      {result.date ? (
        <p className="search-result__date">
          <time dateTime={isoDay(result.date)}>{formatLong(result.date)}</time>
        </p>
      ) : null}
      {result.snippet.length ? (
        <p className="search-result__snippet">
          <Marked parts={result.snippet} />
        </p>
      ) : null}
    </li>
  );
}

function Answer({ q, answer }: { q: string; answer: SearchAnswer }) {
  const words = `“${q.trim()}”`;
  if (answer.total === 0) {
    return (
      <div className="search-none">
        <p className="search-summary">No results for {words}.</p>
        {answer.suggestions.length ? (
          <p className="search-suggestions">
            Did you mean:{' '}
            {answer.suggestions.map((suggestion, i) => (
              <Fragment key={suggestion}>
                {i ? ', ' : null}
                <a href={searchHref(suggestion)}>{suggestion}</a>
              </Fragment>
            ))}
          </p>
        ) : (
          <p>Try other words, or fewer of them.</p>
        )}
      </div>
    );
  }
  const paging = answerPaging(answer);
  return (
    <>
      <p className="search-summary" id={SUMMARY_ID}>
        {resultCount(answer.total)} for {words}
      </p>
      {answer.results.length ? (
        <ol className="search-results" aria-labelledby={SUMMARY_ID}>
          {answer.results.map((result) => (
            <ResultItem key={`${result.kind}-${result.id}`} result={result} />
          ))}
        </ol>
      ) : (
        <p>
          There are no results on page {answer.page}. <a href={searchHref(q.trim())}>See the first page of results</a>.
        </p>
      )}
      <Pagination paging={paging} label="Pages of results" />
    </>
  );
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { q, view } = loaderData;
  return (
    <>
      <PageHeader />
      <div className="container page-body search-page">
        <SearchForm q={q} error={view.state === 'refused' ? view.message : null} />
        {view.state === 'failed' ? <p className="listing__notice">{UNAVAILABLE}</p> : null}
        {view.state === 'limited' ? (
          <p className="listing__notice">{view.message} Many searches came from your address in the last minute.</p>
        ) : null}
        {view.state === 'answered' ? <Answer q={q} answer={view.answer} /> : null}
      </div>
    </>
  );
}

export function ErrorBoundary() {
  return <PageHeaderError message={UNAVAILABLE} />;
}
