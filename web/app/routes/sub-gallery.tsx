import { Link, redirect } from 'react-router';
import type { Route } from './+types/sub-gallery';
import { PageHeader } from '../components/PageHeader';
import { PhotoGrid, type Photo } from '../components/PhotoGrid';
import { api } from '../lib/api.server';
import { formatBritish, formatDashed, isoDay } from '../lib/dates';
import { schoolNameFrom } from '../lib/root-data';
import { pageMeta, siteUrlFrom } from '../lib/seo';
import '../styles/listings.css';

/** Album photos come without sizes: a 3:2 box for layout until each loads. */
const LAYOUT_WIDTH = 1200;
const LAYOUT_HEIGHT = 800;

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const album = loaderData?.album;
  return pageMeta(
    {
      title: album ? album.title : 'Album',
      description: album?.description || 'A photo album of the school gallery.',
      path: album ? `/SubGallery?id=${encodeURIComponent(album._id)}` : '/SubGallery',
    },
    siteUrlFrom(matches),
    schoolNameFrom(matches),
  );
}

export async function loader({ request }: Route.LoaderArgs) {
  const id = new URL(request.url).searchParams.get('id')?.trim();
  // SPEC §8: a missing, unknown or failing album sends the visitor to /error.
  if (!id) throw redirect('/error');
  const album = await api.subGallery(id);
  if (!album || typeof album.title !== 'string' || !Array.isArray(album.attachments)) throw redirect('/error');
  return { album };
}

export default function SubGallery({ loaderData }: Route.ComponentProps) {
  const { album } = loaderData;
  const when = album.date ? formatDashed(album.date) : '';
  const photos: Photo[] = album.attachments.map((ref, i) => ({
    src: ref,
    alt: `${album.title}, photo ${i + 1} of ${album.attachments.length}${when ? ` (${when})` : ''}`,
    width: LAYOUT_WIDTH,
    height: LAYOUT_HEIGHT,
    caption: `${album.title} (${i + 1}/${album.attachments.length})`,
    exactSize: false,
  }));
  return (
    <>
      <PageHeader title={album.title} section={{ label: 'Photo Gallery', to: '/gallery' }} />
      <div className="container listing album">
        <p>
          <Link to="/gallery" className="back-link">
            <span aria-hidden="true">← </span>Back to Gallery
          </Link>
        </p>
        <dl className="album__facts">
          <div>
            <dt>Event Date</dt>
            <dd>{album.date ? <time dateTime={isoDay(album.date)}>{formatBritish(album.date)}</time> : 'Not given'}</dd>
          </div>
          <div>
            <dt>Updated On</dt>
            <dd>{album.updatedOn ? <time dateTime={isoDay(album.updatedOn)}>{formatBritish(album.updatedOn)}</time> : 'Not given'}</dd>
          </div>
          <div>
            <dt>Total Photos</dt>
            <dd>{album.attachments.length}</dd>
          </div>
        </dl>
        {album.description ? <p className="album__description">{album.description}</p> : null}
        {photos.length > 0 ? (
          <PhotoGrid photos={photos} label={`${album.title} photos`} />
        ) : (
          <p>This album has no photos yet.</p>
        )}
      </div>
    </>
  );
}

export function ErrorBoundary() {
  return (
    <div className="container listing">
      <h1>Album</h1>
      <p>This album could not be shown just now.</p>
      <p>
        <Link to="/gallery">Back to Gallery</Link>
      </p>
    </div>
  );
}
