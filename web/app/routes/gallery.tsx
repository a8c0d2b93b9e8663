import { PHOTO_GALLERY } from '@sthsm/contract/images';
import { Link } from 'react-router';
import type { Route } from './+types/gallery';
import { ApiImage, CARD_SIZES } from '../components/api-image';
import { DatedListing } from '../components/listing/dated-listing';
import { schoolApi, requestLocale } from '../lib/api.server';
import { formatDashed, isoDay } from '../lib/dates';
import { galleryDefaultYear } from '../lib/filters';
import { datedListing } from '../lib/listing.server';
import { currentSchool } from '../lib/school.server';
import { NO_HYDRATION } from '../lib/hydration';
import { useI18n } from '../i18n/i18n';

/** No React in the browser (docs/decisions/0075): the filters are the shell script's (lib/enhance.server.ts). */
export const handle = NO_HYDRATION;

export async function loader({ request }: Route.LoaderArgs) {
  const albums = await schoolApi(currentSchool(request), requestLocale(request)).allGallery();
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
      lang: a.lang,
    }),
  });
}

export default function Gallery({ loaderData }: Route.ComponentProps) {
  const { t, path, textLang, textDir } = useI18n();
  return (
    <DatedListing
      data={loaderData}
      nouns={[t('media.gallery.album'), t('media.gallery.albums')]}
      searchLabel={t('media.gallery.filter')}
      failedWhat={t('media.gallery.failedWhat')}
      listClass="card-grid"
      label={t('media.gallery.label')}
      renderItem={(album) => {
        const contentLang = textLang(album.lang);
        const contentDir = textDir(album.lang);
        return (
          <article className="list-card list-card--media">
            {album.cover ? (
              <ApiImage className="list-card__image" src={album.cover} width={640} height={427} maxWidth={1024} sizes={CARD_SIZES} alt="" />
            ) : null}
            <div className="list-card__body">
              <h2 className="list-card__title" lang={contentLang} dir={contentDir}>
                {album.title}
              </h2>
              {album.description ? (
                <p className="list-card__text" lang={contentLang} dir={contentDir}>
                  {album.description}
                </p>
              ) : null}
              <p className="list-card__meta">
                {album.date ? <time dateTime={isoDay(album.date)}>{formatDashed(album.date)}</time> : null}
                <span>{t('media.gallery.photos', { count: album.count })}</span>
              </p>
              <Link
                className="list-card__action"
                to={path(`/SubGallery?id=${encodeURIComponent(album._id)}`)}
                // An aria-label cannot mark the album's title English: on other languages' pages it is hidden text.
                aria-label={contentLang ? undefined : t('media.gallery.viewNamed', { title: album.title })}
              >
                {t('media.gallery.view')}
                {contentLang ? (
                  <span className="visually-hidden">
                    {': '}
                    <span lang={contentLang} dir={contentDir}>
                      {album.title}
                    </span>
                  </span>
                ) : null}
              </Link>
            </div>
          </article>
        );
      }}
    />
  );
}

export function ErrorBoundary() {
  const { t } = useI18n();
  return (
    <div className="container listing">
      <h1>{t('media.gallery.errorTitle')}</h1>
      <p>{t('media.gallery.errorText')}</p>
    </div>
  );
}
