import { useLocation } from 'react-router';
import type { Route } from './+types/video-gallery';
import { ApiImage, CARD_SIZES } from '../components/api-image';
import { FilterForm, NoMatches } from '../components/listing/filter-form';
import { summaryText, yearSelect } from '../components/listing/listing';
import { PageHeader } from '../components/page-header';
import { schoolApi, requestLocale } from '../lib/api.server';
import { isoDay } from '../lib/dates';
import { ALL, applyFilters, parseListFilters, sortNewestFirst, withSelected, yearsOf } from '../lib/filters';
import { currentSchool } from '../lib/school.server';
import { findPage } from '../lib/site-map';
import { NO_HYDRATION } from '../lib/hydration';
import { EnglishNote } from '../components/english-note';
import { useI18n } from '../i18n/i18n';

/** Only web links open from a card: a javascript: or data: URL from the data is never followed. */
function safeLink(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.toString() : null;
  } catch {
    return null;
  }
}

/** No React in the browser (docs/decisions/0075): the filters are the shell script's (lib/enhance.server.ts). */
export const handle = NO_HYDRATION;

export async function loader({ request }: Route.LoaderArgs) {
  const videos = await schoolApi(currentSchool(request), requestLocale(request)).videos();
  const all = sortNewestFirst(videos ?? []);
  // The video gallery has no default year: it starts on All, with no month filter (SPEC §2).
  const { year, q } = parseListFilters(new URL(request.url).searchParams, ALL);
  const filters = { year, month: ALL, q } as const;
  return {
    items: applyFilters(all, filters).map((v) => ({ ...v, link: safeLink(v.videoUrl) })),
    total: all.length,
    years: withSelected(yearsOf(all), year, 'descending'),
    filters,
  };
}

export default function VideoGallery({ loaderData }: Route.ComponentProps) {
  const { items, total, years, filters } = loaderData;
  const { pathname } = useLocation();
  const { t, longDate, textLang, textDir } = useI18n();
  // The video gallery starts on All: clearing the filters is its plain address.
  const clearTo = findPage(pathname)?.path ?? pathname;
  return (
    <>
      <PageHeader />
      <div className="container listing">
        <FilterForm
          selects={[yearSelect(years, filters.year, t('lists.year'), t('lists.all'))]}
          q={filters.q}
          searchLabel={t('media.videos.filter')}
          summary={summaryText(items.length, total, t('media.videos.video'), t('media.videos.videos'))}
          clearTo={clearTo}
        />
        {total === 0 ? (
          // SPEC §2: with no videos, one placeholder card titled 'Video Title'.
          <ul className="card-grid" aria-label={t('media.videos.label')}>
            <li>
              <article className="list-card list-card--media video-card video-card--placeholder">
                <div className="video-card__thumb video-card__thumb--empty" aria-hidden="true">
                  <span className="video-card__play" />
                </div>
                <div className="list-card__body">
                  <h2 className="list-card__title">{t('media.videos.placeholderTitle')}</h2>
                  <p className="list-card__text">{t('media.videos.placeholderText')}</p>
                </div>
              </article>
            </li>
          </ul>
        ) : items.length === 0 ? (
          <NoMatches what={t('media.videos.videos')} clearTo={clearTo} />
        ) : (
          <>
            {items.some((video) => textLang(video.lang)) ? <EnglishNote /> : null}
            <ul className="card-grid" aria-label={t('media.videos.label')}>
              {items.map((video) => {
                const thumb = video.attachments[0];
                const body = (
                  <>
                    <div className="video-card__thumb">
                      {thumb ? <ApiImage src={thumb} width={640} height={360} maxWidth={1024} sizes={CARD_SIZES} alt="" /> : null}
                      <span className="video-card__play" aria-hidden="true" />
                    </div>
                    <div className="list-card__body">
                      <h2 className="list-card__title" lang={textLang(video.lang)} dir={textDir(video.lang)}>
                        {video.title}
                      </h2>
                      {video.date ? (
                        <p className="list-card__date">
                          <time dateTime={isoDay(video.date)}>{longDate(video.date)}</time>
                        </p>
                      ) : null}
                    </div>
                  </>
                );
                return (
                  <li key={video._id}>
                    <article className="list-card list-card--media video-card">
                      {video.link ? (
                        <a className="video-card__link" href={video.link} target="_blank" rel="noopener">
                          {body}
                          <span className="visually-hidden">{t('shell.newTab')}</span>
                        </a>
                      ) : (
                        body
                      )}
                    </article>
                  </li>
                );
              })}
            </ul>
          </>
        )}
      </div>
    </>
  );
}

export function ErrorBoundary() {
  const { t } = useI18n();
  return (
    <div className="container listing">
      <h1>{t('media.videos.errorTitle')}</h1>
      <p>{t('media.videos.errorText')}</p>
    </div>
  );
}
