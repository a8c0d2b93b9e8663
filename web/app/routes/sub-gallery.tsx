import { Link, redirect } from 'react-router';
import type { Route } from './+types/sub-gallery';
import { EnglishNote } from '../components/english-note';
import { PageHeader } from '../components/page-header';
import { PhotoGrid, type Photo } from '../components/photo-grid';
import { ShareButton } from '../components/share-button';
import { getSubGallery, requestLocale } from '../lib/api.server';
import { formatBritish, formatDashed, isoDay } from '../lib/dates';
import { albumPath, shareImageUrl } from '../lib/item-links';
import { siteUrlFor } from '../lib/school.server';
import { pageMeta } from '../lib/seo';
import { previewText } from '../lib/share';
import '../styles/listings.css';
import '../styles/share.css';
import type { HydrationHandle } from '../lib/hydration';
import { useI18n } from '../i18n/i18n';
import { i18nFor } from '../i18n/i18n.server';

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
  const album = await getSubGallery(id, requestLocale(request));
  if (!album) throw redirect('/error');
  // The album's own title, description and cover (1200×630) for its head and share previews (lib/seo.ts).
  const origin = siteUrlFor(request);
  const path = albumPath(album._id);
  const cover = album.attachments[0];
  const { t } = await i18nFor(request);
  const seo = {
    title: album.title,
    description: previewText(album.description, t('media.album.preview', { count: album.attachments.length, title: album.title })),
    path,
    type: 'article' as const,
    ...(cover ? { image: shareImageUrl(cover, origin), imageAlt: album.title } : {}),
  };
  return { album, seo, shareUrl: `${origin}${path}` };
}

export default function SubGallery({ loaderData }: Route.ComponentProps) {
  const { album, shareUrl } = loaderData;
  const { t, path, number, textLang, textDir } = useI18n();
  // The album's text: in the page's language when the school translated it (`lang`), else English.
  const contentLang = textLang(album.lang);
  const contentDir = textDir(album.lang);
  const when = album.date ? formatDashed(album.date) : '';
  // A library photo's own alt text and caption where the server sends them (the optional `photos`
  // extension); otherwise, and for a decorative photo (it is a link's only content), the album's words.
  const stored = new Map((album.photos ?? []).map((p) => [p.ref, p]));
  const photos: Photo[] = album.attachments.map((ref, i) => {
    const own = stored.get(ref);
    const place = { title: album.title, n: i + 1, total: album.attachments.length };
    return {
      src: ref,
      // On other languages' pages our alt leaves out the album's title (an alt cannot mark it English; the page's heading has it).
      alt:
        (!own?.decorative && own?.alt.trim()) ||
        (contentLang
          ? t('media.album.photoShort', place)
          : when
            ? t('media.album.photoAltDated', { ...place, date: when })
            : t('media.album.photoAlt', place)),
      width: LAYOUT_WIDTH,
      height: LAYOUT_HEIGHT,
      caption: own?.caption.trim() || `${album.title} (${i + 1}/${album.attachments.length})`,
      exactSize: false,
    };
  });
  return (
    <>
      <PageHeader title={album.title} titleLang={contentLang} />
      <div className="container listing album">
        <p>
          <Link to={path('/gallery')} className="back-link">
            <span aria-hidden="true">← </span>
            {t('media.album.back')}
          </Link>
        </p>
        <dl className="album__facts">
          <div>
            <dt>{t('media.album.eventDate')}</dt>
            <dd>{album.date ? <time dateTime={isoDay(album.date)}>{formatBritish(album.date)}</time> : t('media.album.notGiven')}</dd>
          </div>
          <div>
            <dt>{t('media.album.updatedOn')}</dt>
            <dd>
              {album.updatedOn ? (
                <time dateTime={isoDay(album.updatedOn)}>{formatBritish(album.updatedOn)}</time>
              ) : (
                t('media.album.notGiven')
              )}
            </dd>
          </div>
          <div>
            <dt>{t('media.album.totalPhotos')}</dt>
            <dd>{number(album.attachments.length)}</dd>
          </div>
        </dl>
        <EnglishNote lang={album.lang} />
        {album.description ? (
          <p className="album__description" lang={contentLang} dir={contentDir}>
            {album.description}
          </p>
        ) : null}
        <ShareButton url={shareUrl} title={album.title} titleLang={album.lang} />
        {photos.length > 0 ? (
          <PhotoGrid
            photos={photos}
            label={contentLang ? t('media.album.gridLabelShort') : t('media.album.gridLabel', { title: album.title })}
          />
        ) : (
          <p>{t('media.album.empty')}</p>
        )}
      </div>
    </>
  );
}

export function ErrorBoundary() {
  const { t, path } = useI18n();
  return (
    <div className="container listing">
      <h1>{t('media.album.errorTitle')}</h1>
      <p>{t('media.album.errorText')}</p>
      <p>
        <Link to={path('/gallery')}>{t('media.album.back')}</Link>
      </p>
    </div>
  );
}
