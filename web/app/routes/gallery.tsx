import { Link } from 'react-router';
import { PHOTO_GALLERY } from '@sthsm/contract';
import type { Route } from './+types/gallery';
import { PageHeader } from '../components/PageHeader';
import { DatedFilterForm } from '../components/listing/DatedFilterForm';
import { ListingResults } from '../components/listing/ListingResults';
import { listingMeta, listingPage, summaryText } from '../components/listing/listing';
import { api } from '../lib/api.server';
import { formatDashed, isoDay } from '../lib/dates';
import {
  applyFilters, filterChoices, galleryDefaultYear, parseListFilters, sortNewestFirst,
} from '../lib/filters';
import { imageSrcSet, imageUrl } from '../lib/images';

const PATH = '/gallery';
const CLEAR_TO = `${PATH}?year=All`;

export function meta({ matches }: Route.MetaArgs) {
  return listingMeta(PATH, matches, 'Photo albums of school events, newest first: filter by year and month or search by title.');
}

export async function loader({ request }: Route.LoaderArgs) {
  const albums = await api.allGallery();
  const all = sortNewestFirst((albums ?? []).filter((album) => album.category === PHOTO_GALLERY));
  const filters = parseListFilters(new URL(request.url).searchParams, galleryDefaultYear(all, new Date()));
  return {
    // Only what a card shows: the cover and the photo count, not every photo (issue 8).
    items: applyFilters(all, filters).map((a) => ({
      _id: a._id,
      title: a.title,
      description: a.description ?? null,
      date: a.date ?? null,
      cover: a.attachments?.[0] ?? null,
      count: a.attachments?.length ?? 0,
    })),
    total: all.length,
    // SPEC §4: the gallery's months run January to December.
    ...filterChoices(all, filters, 'calendar'),
    filters,
    failed: albums === null,
  };
}

export default function Gallery({ loaderData }: Route.ComponentProps) {
  const { items, total, years, months, filters, failed } = loaderData;
  const { title, section } = listingPage(PATH);
  return (
    <>
      <PageHeader title={title} section={section} />
      <div className="container listing">
        <DatedFilterForm
          years={years}
          months={months}
          filters={filters}
          searchLabel="Filter albums"
          summary={summaryText(items.length, total, 'album', 'albums')}
          clearTo={CLEAR_TO}
        />
        <ListingResults
          items={items}
          failed={failed}
          failedWhat="photo albums"
          what="albums"
          clearTo={CLEAR_TO}
          listClass="card-grid"
          label="Albums"
          renderItem={(album) => {
            const { cover, count } = album;
            return (
              <article className="list-card list-card--media">
                {cover ? (
                  <img
                    className="list-card__image"
                    src={imageUrl(cover, 640)}
                    srcSet={imageSrcSet(cover, 1024)}
                    sizes="(min-width: 992px) 33vw, (min-width: 600px) 50vw, 100vw"
                    alt=""
                    width={640}
                    height={427}
                    loading="lazy"
                    decoding="async"
                  />
                ) : null}
                <div className="list-card__body">
                  <h2 className="list-card__title">{album.title}</h2>
                  {album.description ? <p className="list-card__text">{album.description}</p> : null}
                  <p className="list-card__meta">
                    {album.date ? <time dateTime={isoDay(album.date)}>{formatDashed(album.date)}</time> : null}
                    <span>
                      {count} {count === 1 ? 'photo' : 'photos'}
                    </span>
                  </p>
                  <Link
                    className="list-card__action"
                    to={`/SubGallery?id=${encodeURIComponent(album._id)}`}
                    aria-label={`View Album: ${album.title}`}
                  >
                    View Album
                  </Link>
                </div>
              </article>
            );
          }}
        />
      </div>
    </>
  );
}

export function ErrorBoundary() {
  return (
    <div className="container listing">
      <h1>Photo Gallery</h1>
      <p>The photo gallery could not be shown just now. Please try again in a moment.</p>
    </div>
  );
}
