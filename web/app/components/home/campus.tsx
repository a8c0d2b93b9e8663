import type { PageContent } from '@sthsm/contract/pages';
import { Link } from 'react-router';
import { ApiImage } from '../api-image';
import type { HomeGallery } from './data';
import { SectionHead } from './section-head';

/** A picture tile with the page it leads to (Smart Classes has none, SPEC §2). */
type Tile = PageContent<'home'>['facilities'][number];

const TILE_SIZES = '(min-width: 1232px) 280px, (min-width: 992px) 23vw, (min-width: 600px) 31vw, 46vw';

function Tiles({ tiles }: { tiles: Tile[] }) {
  return (
    <ul className="home-tiles">
      {tiles.map((tile) => {
        const content = (
          <>
            <ApiImage image={tile.image} sizes={TILE_SIZES} alt="" className="home-tiles__image" />
            <span className="home-tiles__title">{tile.title}</span>
          </>
        );
        return (
          <li key={tile.title}>
            {tile.link ? (
              <Link className="home-tiles__tile" to={tile.link} prefetch="intent">
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
  return (
    <section className="home-section home-facilities" aria-labelledby="home-facilities">
      <div className="container">
        <SectionHead id="home-facilities" title="School Facilities" />
        <Tiles tiles={tiles} />
      </div>
    </section>
  );
}

/** SPEC §2's School Activities tiles. */
export function ActivitiesSection({ tiles }: { tiles: Tile[] }) {
  return (
    <section className="home-section home-activities" aria-labelledby="home-activities">
      <div className="container">
        <SectionHead id="home-activities" title="School Activities" />
        <Tiles tiles={tiles} />
      </div>
    </section>
  );
}

/** The first album's first four photos; SPEC §8's placeholder card when there is none. */
export function GalleryTeaser({ gallery }: { gallery: HomeGallery | null }) {
  return (
    <section className="home-section home-gallery" aria-labelledby="home-gallery">
      <div className="container">
        <SectionHead id="home-gallery" title="Gallery" link={{ to: '/gallery', label: 'View the photo gallery' }} />
        {gallery ? (
          <>
            {gallery.title ? (
              <p className="home-gallery__album">
                From the album{' '}
                <Link to={`/SubGallery?id=${encodeURIComponent(gallery.albumId)}`} prefetch="intent">
                  {gallery.title}
                </Link>
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
                    alt={`${gallery.title || 'Album'}, photo ${i + 1}`}
                  />
                </li>
              ))}
            </ul>
          </>
        ) : (
          <article className="home-card home-gallery__placeholder">
            <h3>News Heading</h3>
            <p>Stay connected for more updates!</p>
          </article>
        )}
      </div>
    </section>
  );
}
