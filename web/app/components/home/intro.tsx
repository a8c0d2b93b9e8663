import { siteImages } from '@sthsm/content/media-catalog';
import { Link } from 'react-router';
import { Carousel } from '../Carousel';
import { CatalogImg } from './cards';
import type { HomeNotification } from './data';
import { SLIDER_PER_VIEW, SLIDER_SPACE_BETWEEN_PX } from './motion';
import { NotificationModal } from './NotificationModal';
import { SectionHead } from './SectionHead';

export interface HomeSchool {
  name: string;
  tagline: string;
  motto: string;
  vision: string;
  about: string;
  established: number;
  board: string;
}

/** The banner, with the page's one h1, and the notification modal's "Notices" button. */
export function HomeBanner({ school, notifications }: { school: HomeSchool; notifications: HomeNotification[] }) {
  return (
    <section className="home-banner" aria-labelledby="home-title">
      {/* Above the fold on every screen: loaded at once, not lazily (issue 8: LCP). */}
      <CatalogImg image={siteImages.banner} sizes="100vw" className="home-banner__image" eager />
      <div className="home-banner__band">
        <div className="container home-banner__inner">
          <div>
            <h1 id="home-title">{school.name}</h1>
            <p className="home-banner__tagline">{school.tagline}</p>
          </div>
          <NotificationModal items={notifications} />
        </div>
      </div>
    </section>
  );
}

/** The home slider: 17 photos, one at a time, autoplay, loop, dots, 10 px apart (SPEC §2). */
export function HomeSlider() {
  return (
    <section className="home-slider" aria-label="Photos of school life">
      <Carousel label="School photos" perView={SLIDER_PER_VIEW} spaceBetween={SLIDER_SPACE_BETWEEN_PX} pagination>
        {siteImages.slider.map((image, i) => (
          <div className="home-slider__slide" key={image.path}>
            <CatalogImg image={image} sizes="(min-width: 1920px) 1920px, 100vw" eager={i === 0} />
          </div>
        ))}
      </Carousel>
    </section>
  );
}

export function VisionStatement({ school }: { school: HomeSchool }) {
  return (
    <section className="home-vision" aria-labelledby="home-vision">
      <div className="container">
        <h2 id="home-vision">Our Vision</h2>
        <blockquote>
          <p>{school.vision}</p>
        </blockquote>
        <p className="home-vision__motto">{school.motto}</p>
      </div>
    </section>
  );
}

export function AboutSchool({ school }: { school: HomeSchool }) {
  return (
    <section className="home-section home-about" aria-labelledby="home-about">
      <div className="container home-about__grid">
        <CatalogImg image={siteImages.aboutSchool} sizes="(min-width: 992px) 560px, 92vw" className="home-about__image" />
        <div>
          <SectionHead id="home-about" kicker={`Since ${school.established} · ${school.board}`} title="About School" />
          <p>{school.about}</p>
          <Link className="btn" to="/about-us" prefetch="intent">
            Read more about the school
          </Link>
        </div>
      </div>
    </section>
  );
}
