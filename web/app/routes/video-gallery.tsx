import type { Route } from './+types/video-gallery';
import { PageHeader } from '../components/PageHeader';
import { FilterForm, NoMatches } from '../components/listing/FilterForm';
import { listingMeta, listingPage, summaryText, yearSelect } from '../components/listing/listing';
import { api } from '../lib/api.server';
import { formatLong, isoDay } from '../lib/dates';
import { ALL, applyFilters, parseListFilters, sortNewestFirst, withSelected, yearsOf } from '../lib/filters';
import { imageSrcSet, imageUrl } from '../lib/images';

const PATH = '/VideoGallery';
const CLEAR_TO = PATH;

/** Only web links open from a card: a javascript: or data: URL from the data is never followed. */
function safeLink(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.toString() : null;
  } catch {
    return null;
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return listingMeta(PATH, matches, 'Videos of school events and programmes: filter by year or search by title.');
}

export async function loader({ request }: Route.LoaderArgs) {
  const videos = await api.videos();
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
  const { title, section } = listingPage(PATH);
  return (
    <>
      <PageHeader title={title} section={section} />
      <div className="container listing">
        <FilterForm
          selects={[yearSelect(years, filters.year)]}
          q={filters.q}
          searchLabel="Filter videos"
          summary={summaryText(items.length, total, 'video', 'videos')}
          clearTo={CLEAR_TO}
        />
        {total === 0 ? (
          // SPEC §2: with no videos, one placeholder card titled 'Video Title'.
          <ul className="card-grid" aria-label="Videos">
            <li>
              <article className="list-card list-card--media video-card video-card--placeholder">
                <div className="video-card__thumb video-card__thumb--empty" aria-hidden="true">
                  <span className="video-card__play" />
                </div>
                <div className="list-card__body">
                  <h2 className="list-card__title">Video Title</h2>
                  <p className="list-card__text">Videos of school events will appear here soon.</p>
                </div>
              </article>
            </li>
          </ul>
        ) : items.length === 0 ? (
          <NoMatches what="videos" clearTo={CLEAR_TO} />
        ) : (
          <ul className="card-grid" aria-label="Videos">
            {items.map((video) => {
              const thumb = video.attachments?.[0];
              const body = (
                <>
                  <div className="video-card__thumb">
                    {thumb ? (
                      <img
                        src={imageUrl(thumb, 640)}
                        srcSet={imageSrcSet(thumb, 1024)}
                        sizes="(min-width: 992px) 33vw, (min-width: 600px) 50vw, 100vw"
                        alt=""
                        width={640}
                        height={360}
                        loading="lazy"
                        decoding="async"
                      />
                    ) : null}
                    <span className="video-card__play" aria-hidden="true" />
                  </div>
                  <div className="list-card__body">
                    <h2 className="list-card__title">{video.title}</h2>
                    {video.date ? (
                      <p className="list-card__date">
                        <time dateTime={isoDay(video.date)}>{formatLong(video.date)}</time>
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
                        <span className="visually-hidden"> (opens in a new tab)</span>
                      </a>
                    ) : (
                      body
                    )}
                  </article>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </>
  );
}

export function ErrorBoundary() {
  return (
    <div className="container listing">
      <h1>Video Gallery</h1>
      <p>The videos could not be shown just now. Please try again in a moment.</p>
    </div>
  );
}
