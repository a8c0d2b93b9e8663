import { siteImages, type SiteImage } from '@sthsm/content/media-catalog';
import { Link } from 'react-router';
import { CatalogImg, Img } from './cards';
import type { HomeGallery } from './data';
import { SectionHead } from './SectionHead';

interface Tile {
  title: string;
  image: SiteImage;
  /** Inner page, when the tile has one (Smart Classes has none, SPEC §2). */
  to?: string;
}

const FACILITIES: Tile[] = [
  { title: 'Smart Classes', image: siteImages.facilities.smartClass },
  { title: 'Library', image: siteImages.facilities.library, to: '/library' },
  { title: 'Computer Lab', image: siteImages.facilities.computerLab, to: '/computer-lab' },
  { title: 'Chemistry Lab', image: siteImages.facilities.chemistry, to: '/laboratory' },
  { title: 'Biology Lab', image: siteImages.facilities.biology, to: '/laboratory' },
  { title: 'Physics Lab', image: siteImages.facilities.physics, to: '/laboratory' },
];

const ACTIVITIES: Tile[] = [
  { title: 'Parliament', image: siteImages.activities.parliament, to: '/activities' },
  { title: 'Morning Assembly & Prayer', image: siteImages.activities.assembly, to: '/activities' },
  { title: 'Art & Craft', image: siteImages.activities.artCraft, to: '/activities' },
  { title: 'Clubs & Association', image: siteImages.activities.clubs, to: '/clubs-association' },
];

const TILE_SIZES = '(min-width: 1232px) 280px, (min-width: 992px) 23vw, (min-width: 600px) 31vw, 46vw';

function Tiles({ tiles }: { tiles: Tile[] }) {
  return (
    <ul className="home-tiles">
      {tiles.map((tile) => {
        const content = (
          <>
            <CatalogImg image={tile.image} sizes={TILE_SIZES} alt="" className="home-tiles__image" />
            <span className="home-tiles__title">{tile.title}</span>
          </>
        );
        return (
          <li key={tile.title}>
            {tile.to ? (
              <Link className="home-tiles__tile" to={tile.to} prefetch="intent">
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

export function FacilitiesSection() {
  return (
    <section className="home-section home-facilities" aria-labelledby="home-facilities">
      <div className="container">
        <SectionHead id="home-facilities" title="School Facilities" />
        <Tiles tiles={FACILITIES} />
      </div>
    </section>
  );
}

export function ActivitiesSection() {
  return (
    <section className="home-section home-activities" aria-labelledby="home-activities">
      <div className="container">
        <SectionHead id="home-activities" title="School Activities" />
        <Tiles tiles={ACTIVITIES} />
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
                  <Img src={ref} width={640} height={480} maxWidth={1280} sizes="(min-width: 1232px) 290px, (min-width: 768px) 23vw, 46vw" alt={`${gallery.title || 'Album'}, photo ${i + 1}`} />
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
