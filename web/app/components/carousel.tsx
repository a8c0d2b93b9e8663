import { Children, useEffect, useRef, type ReactNode } from 'react';
import { mountCarousel, type CarouselSettings } from './carousel-controller';
import { useI18n } from '../i18n/i18n';
import { PlayPauseButton } from './play-pause-button';
import 'swiper/css';
import '../styles/carousel.css';

/** Slides shown from a minimum viewport width (px) up; key 0 is the smallest screens. */
export type PerView = Readonly<Record<number, number>>;

export interface CarouselProps {
  /** Accessible name of the carousel region, e.g. "Events & Updates". */
  label: string;
  /** One node per slide. */
  children: ReactNode[];
  perView?: PerView;
  /** Gap between slides in px. */
  spaceBetween?: number;
  /** Dots under the slides (one per slide). */
  pagination?: boolean;
  className?: string;
}

function sortedPerView(perView: PerView): Array<[number, number]> {
  return Object.entries(perView)
    .map(([width, count]): [number, number] => [Number(width), count])
    .sort((a, b) => a[0] - b[0]);
}

/**
 * The server-rendered slide widths: exactly what Swiper sets once it runs, so that the first
 * slides are in the HTML at their final size and nothing shifts when Swiper takes over.
 */
function slideWidthCss(className: string, perView: Array<[number, number]>, gap: number): string {
  return perView
    .map(([width, count]) => {
      const rule = `.${className} .swiper-slide{width:calc((100% - ${(count - 1) * gap}px) / ${count});margin-right:${gap}px}`;
      return width > 0 ? `@media (min-width:${width}px){${rule}}` : rule;
    })
    .join('');
}

/**
 * A reusable, accessible carousel on Swiper. The slides are plain server-rendered markup; its
 * behaviour (components/carousel-controller.ts) runs on that markup from the home page's island or,
 * where React renders the carousel in the browser, from an effect. Until it runs the strip scrolls.
 */
export function Carousel({ label, children, perView = { 0: 1 }, spaceBetween = 16, pagination = false, className }: CarouselProps) {
  const slides = Children.toArray(children);
  const count = slides.length;
  const steps = sortedPerView(perView);
  const key = `carousel-${steps.map(([w, n]) => `${w}-${n}`).join('_')}-g${spaceBetween}`;
  const { t, locale } = useI18n();
  // English keeps Swiper's words as they were (the controller's defaults): no extra markup.
  const words =
    locale === 'en'
      ? undefined
      : {
          slide: t('media.carousel.slideRole'),
          slideLabel: t('media.carousel.slide', { n: '{{index}}', count: '{{slidesLength}}' }),
          bullet: t('media.carousel.bullet', { index: '{{index}}', label }),
        };
  const settings: CarouselSettings = { label, steps, spaceBetween, pagination, ...(words ? { words } : {}) };
  const sectionRef = useRef<HTMLElement>(null);

  // Rebuilt only when the slides or the layout change (`key` encodes perView and spaceBetween).
  // oxlint-disable-next-line react-hooks/exhaustive-deps, react/exhaustive-effect-dependencies
  useEffect(() => (sectionRef.current ? mountCarousel(sectionRef.current) : undefined), [count, key, pagination, label]);

  if (count === 0) return null;
  return (
    <section
      ref={sectionRef}
      className={`carousel ${key}${className ? ` ${className}` : ''}`}
      aria-roledescription={t('media.carousel.role')}
      aria-label={label}
      data-carousel={JSON.stringify(settings)}
    >
      <style href={key} precedence="default">
        {slideWidthCss(key, steps, spaceBetween)}
      </style>
      {/* Until Swiper starts, the strip scrolls natively: keyboard users must be able to reach it. */}
      {/* oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div className="swiper" tabIndex={0}>
        <div className="swiper-wrapper" aria-live="off">
          {slides.map((slide, i) => (
            <div
              className="swiper-slide"
              // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role -- the APG carousel pattern: each slide is a group
              role="group"
              aria-roledescription={t('media.carousel.slideRole')}
              aria-label={t('media.carousel.slide', { n: i + 1, count })}
              key={i}
            >
              {slide}
            </div>
          ))}
        </div>
      </div>
      {count > 1 ? (
        <div className="carousel__bar">
          {pagination ? <div className="carousel__dots" /> : null}
          <div className="carousel__controls">
            <button type="button" className="carousel__button carousel__prev" aria-label={t('media.carousel.previous', { label })}>
              <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
                <path d="M15 5l-7 7 7 7" />
              </svg>
            </button>
            <PlayPauseButton playing what={label} className="carousel__button carousel__play" />
            <button type="button" className="carousel__button carousel__next" aria-label={t('media.carousel.next', { label })}>
              <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
                <path d="M9 5l7 7-7 7" />
              </svg>
            </button>
          </div>
        </div>
      ) : null}
    </section>
  );
}
