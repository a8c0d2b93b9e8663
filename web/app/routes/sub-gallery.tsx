import { Link, redirect } from 'react-router';
import type { Route } from './+types/sub-gallery';
import { PageHeader } from '../components/page-header';
import { PhotoGrid, type Photo } from '../components/photo-grid';
import { ShareButton } from '../components/share-button';
import { getSubGallery } from '../lib/api.server';
import { formatBritish, formatDashed, isoDay } from '../lib/dates';
import { albumPath, shareImageUrl } from '../lib/item-links';
import { siteUrlFor } from '../lib/school.server';
import { pageMeta } from '../lib/seo';
import { previewText } from '../lib/share';
import '../styles/listings.css';
import '../styles/share.css';
import type { HydrationHandle } from '../lib/hydration';

/** Album photos come without sizes: a 3:2 box for layout until each loads. */
const LAYOUT_WIDTH = 1200;
const LAYOUT_HEIGHT = 800;

export const meta = pageMeta;

/** No React in the browser (docs/decisions/0077): the photos' lightbox is an island (islands/photos.ts), Share the shell script's. */
export const handle: HydrationHandle = { hydrate: false, island: 'photos' };

export async function loader({ request }: Route.LoaderArgs) {
  const id = new URL(request.url).searchParams.get('id')?.trim();
  // SPEC §8: a missing, unknown or failing album sends the visitor to /error.
  if (!id) throw redirect('/error');
  const album = await getSubGallery(id);
  if (!album) throw redirect('/error');
  // The album's own title, description and cover (1200×630) for its head and share previews (lib/seo.ts).
  const origin = siteUrlFor(request);
  const path = albumPath(album._id);
  const cover = album.attachments[0];
  const seo = {
    title: album.title,
    description: previewText(album.description, `${album.attachments.length} photos of ${album.title}.`),
    path,
    type: 'article' as const,
    ...(cover ? { image: shareImageUrl(cover, origin), imageAlt: album.title } : {}),
  };
  return { album, seo, shareUrl: `${origin}${path}` };
}

export default function SubGallery({ loaderData }: Route.ComponentProps) {
  const { album, shareUrl } = loaderData;
  const when = album.date ? formatDashed(album.date) : '';
  // A library photo's own alt text and caption where the server sends them (the optional `photos`
  // extension); otherwise, and for a decorative photo (it is a link's only content), the album's words.
  const stored = new Map((album.photos ?? []).map((p) => [p.ref, p]));
  const photos: Photo[] = album.attachments.map((ref, i) => {
    const own = stored.get(ref);
    return {
      src: ref,
      alt:
        (!own?.decorative && own?.alt.trim()) || `${album.title}, photo ${i + 1} of ${album.attachments.length}${when ? ` (${when})` : ''}`,
      width: LAYOUT_WIDTH,
      height: LAYOUT_HEIGHT,
      caption: own?.caption.trim() || `${album.title} (${i + 1}/${album.attachments.length})`,
      exactSize: false,
    };
  });
  return (
    <>
      <PageHeader title={album.title} />
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
        <ShareButton url={shareUrl} title={album.title} />
        {photos.length > 0 ? <PhotoGrid photos={photos} label={`${album.title} photos`} /> : <p>This album has no photos yet.</p>}
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
