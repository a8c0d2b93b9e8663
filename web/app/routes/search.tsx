import { Fragment } from 'react';
import { data } from 'react-router';
import {
  SEARCH_MESSAGES,
  SEARCH_PAGE_MAX,
  SEARCH_QUERY_MAX,
  type SearchAnswer,
  type SearchResult,
  type SearchSegment,
} from '@sthsm/contract/search';
import type { Route } from './+types/search';
import { PageHeader, PageHeaderError } from '../components/page-header';
import { Pagination } from '../components/listing/pagination';
import { safeLink } from '../components/home/data';
import { searchSite } from '../lib/api.server';
import { useI18n, type Translate } from '../i18n/i18n';
import { i18nFor } from '../i18n/i18n.server';
import { isoDay } from '../lib/dates';
import { NO_HYDRATION } from '../lib/hydration';
import { answerPaging, readSearchRequest, searchHref } from '../lib/search';
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

/**
 * Why words cannot be searched for, in the page's language: the contract's messages (the API's and
 * the page's own reading of the address) have keys; any other stays as the API wrote it.
 */
function refusal(t: Translate, message: string): string {
  if (message === SEARCH_MESSAGES.empty) return t('lists.search.empty');
  if (message === SEARCH_MESSAGES.tooLong) return t('lists.search.tooLong', { max: String(SEARCH_QUERY_MAX) });
  if (message === SEARCH_MESSAGES.page) return t('lists.search.page', { max: String(SEARCH_PAGE_MAX) });
  if (message === 'These words cannot be searched for.') return t('lists.search.refused');
  return message;
}

type View =
  { state: 'form' } | { state: 'refused' | 'limited'; message: string } | { state: 'failed' } | { state: 'answered'; answer: SearchAnswer };

export async function loader({ request }: Route.LoaderArgs) {
  const { q, query, error } = readSearchRequest(new URL(request.url).searchParams);
  // The search is asked for beside the page's words (each waits at most one API time-out).
  const searching = query === null ? null : searchSite(currentSchool(request), query, request.headers.get('x-forwarded-for') ?? undefined);
  const { t } = await i18nFor(request);
  const seo = q.trim() ? { seo: { title: t('lists.search.title', { q: q.trim() }) } } : {};
  const page = (view: View, status = 200) => data({ q, view, ...seo }, { status });
  if (error !== null) return page({ state: 'refused', message: refusal(t, error) }, 400);
  if (query === null) return page({ state: 'form' });
  // X-Forwarded-For is the visitor's address as api/src/site.ts resolved it (as the alumni action passes it).
  const outcome = await (searching ?? searchSite(currentSchool(request), query, request.headers.get('x-forwarded-for') ?? undefined));
  if (outcome.status === 'refused') return page({ state: 'refused', message: refusal(t, outcome.message) }, 400);
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
  const { t, path } = useI18n();
  return (
    <form method="get" action={path('/search')} className="search-form" noValidate>
      <div className={`field${error ? ' field--invalid' : ''}`}>
        <label htmlFor={FIELD_ID}>{t('lists.search.for')}</label>
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
            {t('lists.search.button')}
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
  const { t, path, contentLang, contentDir, longDate } = useI18n();
  const link = safeLink(result.path);
  // A page of the site in the page's language; anything else (a file) as it is.
  const href = link?.startsWith('/') ? path(link) : link;
  const title = <Marked parts={result.titleParts} fallback={result.title} />;
  return (
    <li className="search-result">
      <p className="search-result__kind">{t(`lists.kind.${result.kind}`)}</p>
      <h2 className="search-result__title" lang={contentLang} dir={contentDir}>
        {href ? <a href={href}>{title}</a> : title}
      </h2>
      {result.date ? (
        <p className="search-result__date">
          <time dateTime={isoDay(result.date)}>{longDate(result.date)}</time>
        </p>
      ) : null}
      {result.snippet.length ? (
        <p className="search-result__snippet" lang={contentLang} dir={contentDir}>
          <Marked parts={result.snippet} />
        </p>
      ) : null}
    </li>
  );
}

function Answer({ q, answer }: { q: string; answer: SearchAnswer }) {
  const { t, rich, path, contentLang, contentDir, number } = useI18n();
  // The visitor's words, searched for in the school's English text.
  const quoted = `“${q.trim()}”`;
  const words = contentLang ? (
    <span lang={contentLang} dir={contentDir}>
      {quoted}
    </span>
  ) : (
    quoted
  );
  if (answer.total === 0) {
    return (
      <div className="search-none">
        <p className="search-summary">{rich('lists.search.none', { words })}</p>
        {answer.suggestions.length ? (
          <p className="search-suggestions">
            {t('lists.search.didYouMean')}{' '}
            {answer.suggestions.map((suggestion, i) => (
              <Fragment key={suggestion}>
                {i ? ', ' : null}
                <a href={path(searchHref(suggestion))} lang={contentLang} dir={contentDir}>
                  {suggestion}
                </a>
              </Fragment>
            ))}
          </p>
        ) : (
          <p>{t('lists.search.tryOther')}</p>
        )}
      </div>
    );
  }
  const paging = answerPaging(answer);
  return (
    <>
      <p className="search-summary" id={SUMMARY_ID}>
        {rich('lists.search.results', { count: answer.total, n: number(answer.total), words })}
      </p>
      {answer.results.length ? (
        <ol className="search-results" aria-labelledby={SUMMARY_ID}>
          {answer.results.map((result) => (
            <ResultItem key={`${result.kind}-${result.id}`} result={result} />
          ))}
        </ol>
      ) : (
        <p>
          {rich('lists.search.emptyPage', {
            page: String(answer.page),
            first: <a href={path(searchHref(q.trim()))}>{t('lists.search.firstPage')}</a>,
          })}
        </p>
      )}
      <Pagination paging={paging} label={t('lists.search.pages')} />
    </>
  );
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { q, view } = loaderData;
  const { locale, t } = useI18n();
  return (
    <>
      <PageHeader />
      <div className="container page-body search-page">
        <SearchForm q={q} error={view.state === 'refused' ? view.message : null} />
        {view.state === 'failed' ? <p className="listing__notice">{t('lists.search.unavailable')}</p> : null}
        {view.state === 'limited' ? (
          <p className="listing__notice">
            {/* The API's own sentence is English: another language says the same in its words. */}
            {locale === 'en' ? view.message : t('lists.search.wait')} {t('lists.search.limited')}
          </p>
        ) : null}
        {view.state === 'answered' ? <Answer q={q} answer={view.answer} /> : null}
      </div>
    </>
  );
}

export function ErrorBoundary() {
  const { t } = useI18n();
  return <PageHeaderError message={t('lists.search.unavailable')} />;
}
