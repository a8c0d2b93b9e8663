import type { SiteImage } from '@sthsm/contract/school-fields';
import { Link } from 'react-router';
import { EnglishNote } from '../english-note';
import { useI18n } from '../../i18n/i18n';
import { ApiImage } from '../api-image';
import { Carousel } from '../carousel';
import type { HomeNotification } from './data';
import { SLIDER_PER_VIEW, SLIDER_SPACE_BETWEEN_PX } from './motion';
import { NotificationModal } from './notification-modal';
import { SectionHead } from './section-head';

/** What the top of the home page says about the school (from its profile; the code alone when that failed). */
export interface HomeSchool {
  name: string;
  tagline: string;
  motto: string;
  vision: string;
  about: string;
  established: number | null;
  board: string;
}

/** The banner, with the page's one h1, and the notification modal's "Notices" button. */
export function HomeBanner({
  school,
  image,
  notifications,
}: {
  school: HomeSchool;
  image: SiteImage | null;
  notifications: HomeNotification[];
}) {
  const { contentLang, contentDir } = useI18n();
  return (
    <section className="home-banner" aria-labelledby="home-title">
      {/* Above the fold on every screen: loaded at once, at high priority (LCP). */}
      {image ? <ApiImage image={image} sizes="100vw" className="home-banner__image" loading="priority" /> : null}
      <div className="home-banner__band">
        <div className="container home-banner__inner">
          <div>
            <h1 id="home-title" lang={contentLang} dir={contentDir}>
              {school.name}
            </h1>
            {school.tagline ? (
              <p className="home-banner__tagline" lang={contentLang} dir={contentDir}>
                {school.tagline}
              </p>
            ) : null}
          </div>
          <NotificationModal items={notifications} />
        </div>
      </div>
    </section>
  );
}

/** The home slider: the school's photos (17 on the demo school), one at a time, autoplay, loop, dots, 10 px apart (SPEC §2). */
export function HomeSlider({ images }: { images: SiteImage[] }) {
  const { t } = useI18n();
  if (images.length === 0) return null;
  return (
    <section className="home-slider" aria-label={t('media.home.sliderRegion')}>
      <Carousel label={t('media.home.sliderLabel')} perView={SLIDER_PER_VIEW} spaceBetween={SLIDER_SPACE_BETWEEN_PX} pagination>
        {images.map((image, i) => (
          <div className="home-slider__slide" key={image.path}>
            <ApiImage image={image} sizes="(min-width: 1920px) 1920px, 100vw" loading={i === 0 ? 'priority' : 'lazy'} />
          </div>
        ))}
      </Carousel>
    </section>
  );
}

export function VisionStatement({ school }: { school: HomeSchool }) {
  const { t, contentLang, contentDir } = useI18n();
  if (!school.vision) return null;
  return (
    <section className="home-vision" aria-labelledby="home-vision">
      <div className="container">
        <h2 id="home-vision">{t('media.home.vision')}</h2>
        <EnglishNote />
        <blockquote lang={contentLang} dir={contentDir}>
          <p>{school.vision}</p>
        </blockquote>
        {school.motto ? (
          <p className="home-vision__motto" lang={contentLang} dir={contentDir}>
            {school.motto}
          </p>
        ) : null}
      </div>
    </section>
  );
}

/** `readMore`: the About Us page is published (a link to it otherwise would be a 404). */
export function AboutSchool({ school, image, readMore = true }: { school: HomeSchool; image: SiteImage | null; readMore?: boolean }) {
  const { t, path, contentLang, contentDir } = useI18n();
  const since = school.established ? t('media.home.since', { year: String(school.established) }) : '';
  const kicker = [since, school.board].filter(Boolean).join(' · ') || undefined;
  return (
    <section className="home-section home-about" aria-labelledby="home-about">
      <div className="container home-about__grid">
        {image ? <ApiImage image={image} sizes="(min-width: 992px) 560px, 92vw" className="home-about__image" /> : null}
        <div>
          <SectionHead id="home-about" kicker={kicker} title={t('media.home.about')} />
          {school.about ? (
            <p lang={contentLang} dir={contentDir}>
              {school.about}
            </p>
          ) : null}
          {readMore ? (
            <Link className="btn" to={path('/about-us')} prefetch="intent">
              {t('media.home.aboutMore')}
            </Link>
          ) : null}
        </div>
      </div>
    </section>
  );
}
