import type { PageContent } from '@sthsm/contract/pages';
import { Link } from 'react-router';
import { useI18n } from '../../i18n/i18n';
import { ApiImage } from '../api-image';
import type { HomeGallery } from './data';
import { SectionHead } from './section-head';

/** A picture tile with the page it leads to (Smart Classes has none, SPEC §2). */
type Tile = PageContent<'home'>['facilities'][number];

const TILE_SIZES = '(min-width: 1232px) 280px, (min-width: 992px) 23vw, (min-width: 600px) 31vw, 46vw';

function Tiles({ tiles }: { tiles: Tile[] }) {
  const { path, contentLang, contentDir } = useI18n();
  return (
    <ul className="home-tiles">
      {tiles.map((tile) => {
        const content = (
          <>
            <ApiImage image={tile.image} sizes={TILE_SIZES} alt="" className="home-tiles__image" />
            <span className="home-tiles__title" lang={contentLang} dir={contentDir}>
              {tile.title}
            </span>
          </>
        );
        return (
          <li key={tile.title}>
            {tile.link ? (
              <Link className="home-tiles__tile" to={path(tile.link)} prefetch="intent">
                {content}
              </Link>
            ) : (
              <div className="home-tiles__tile">{content}</div>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** SPEC §2's School Facilities tiles (the school's home-page record). */
export function FacilitiesSection({ tiles }: { tiles: Tile[] }) {
  const { t } = useI18n();
  return (
    <section className="home-section home-facilities" aria-labelledby="home-facilities">
      <div className="container">
        <SectionHead id="home-facilities" title={t('media.home.facilities')} />
        <Tiles tiles={tiles} />
      </div>
    </section>
  );
}

/** SPEC §2's School Activities tiles. */
export function ActivitiesSection({ tiles }: { tiles: Tile[] }) {
  const { t } = useI18n();
  return (
    <section className="home-section home-activities" aria-labelledby="home-activities">
      <div className="container">
        <SectionHead id="home-activities" title={t('media.home.activities')} />
        <Tiles tiles={tiles} />
      </div>
    </section>
  );
}

/** The first album's first four photos; SPEC §8's placeholder card when there is none. */
export function GalleryTeaser({ gallery }: { gallery: HomeGallery | null }) {
  const { t, rich, path, contentLang, contentDir } = useI18n();
  return (
    <section className="home-section home-gallery" aria-labelledby="home-gallery">
      <div className="container">
        <SectionHead id="home-gallery" title={t('media.home.gallery')} link={{ to: '/gallery', label: t('media.home.galleryLink') }} />
        {gallery ? (
          <>
            {gallery.title ? (
              <p className="home-gallery__album">
                {rich('media.home.fromAlbum', {
                  album: (
                    <Link
                      to={path(`/SubGallery?id=${encodeURIComponent(gallery.albumId)}`)}
                      prefetch="intent"
                      lang={contentLang}
                      dir={contentDir}
                    >
                      {gallery.title}
                    </Link>
                  ),
                })}
              </p>
            ) : null}
            <ul className="home-gallery__grid">
              {gallery.images.map((ref, i) => (
                <li key={`${ref}-${i}`}>
                  <ApiImage
                    src={ref}
                    width={640}
                    height={480}
                    maxWidth={1280}
                    sizes="(min-width: 1232px) 290px, (min-width: 768px) 23vw, 46vw"
                    alt={
                      contentLang
                        ? t('media.album.photoShort', { n: i + 1, total: gallery.images.length })
                        : t('media.home.albumPhoto', { album: gallery.title || t('media.home.album'), n: i + 1 })
                    }
                  />
                </li>
              ))}
            </ul>
          </>
        ) : (
          <article className="home-card home-gallery__placeholder">
            <h3>{t('media.home.galleryPlaceholderTitle')}</h3>
            <p>{t('media.home.galleryPlaceholderText')}</p>
          </article>
        )}
      </div>
    </section>
  );
}
