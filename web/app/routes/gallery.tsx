import { PHOTO_GALLERY } from '@sthsm/contract/images';
import { Link } from 'react-router';
import type { Route } from './+types/gallery';
import { ApiImage, CARD_SIZES } from '../components/api-image';
import { DatedListing } from '../components/listing/dated-listing';
import { schoolApi } from '../lib/api.server';
import { formatDashed, isoDay } from '../lib/dates';
import { galleryDefaultYear } from '../lib/filters';
import { datedListing } from '../lib/listing.server';
import { currentSchool } from '../lib/school.server';
import { NO_HYDRATION } from '../lib/hydration';

/** No React in the browser (docs/decisions/0075): the filters are the shell script's (lib/enhance.server.ts). */
export const handle = NO_HYDRATION;

export async function loader({ request }: Route.LoaderArgs) {
  const albums = await schoolApi(currentSchool(request)).allGallery();
  return datedListing(request, albums && albums.filter((album) => album.category === PHOTO_GALLERY), {
    defaultYear: (all) => galleryDefaultYear(all, new Date()),
    // SPEC §4: the gallery's months run January to December.
    monthOrder: 'calendar',
    // The cover and the photo count, not every photo.
    card: (a) => ({
      _id: a._id,
      title: a.title,
      description: a.description,
      date: a.date ?? null,
      cover: a.attachments[0] ?? null,
      count: a.attachments.length,
    }),
  });
}

export default function Gallery({ loaderData }: Route.ComponentProps) {
  return (
    <DatedListing
      data={loaderData}
      nouns={['album', 'albums']}
      searchLabel="Filter albums"
      failedWhat="photo albums"
      listClass="card-grid"
      label="Albums"
      renderItem={(album) => (
        <article className="list-card list-card--media">
          {album.cover ? (
            <ApiImage className="list-card__image" src={album.cover} width={640} height={427} maxWidth={1024} sizes={CARD_SIZES} alt="" />
          ) : null}
          <div className="list-card__body">
            <h2 className="list-card__title">{album.title}</h2>
            {album.description ? <p className="list-card__text">{album.description}</p> : null}
            <p className="list-card__meta">
              {album.date ? <time dateTime={isoDay(album.date)}>{formatDashed(album.date)}</time> : null}
              <span>
                {album.count} {album.count === 1 ? 'photo' : 'photos'}
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
      )}
    />
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
