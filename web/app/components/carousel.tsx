import { Children, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { Swiper as SwiperInstance } from 'swiper';
import { PlayPauseButton } from './play-pause-button';
import 'swiper/css';
import '../styles/carousel.css';

// Carousel timings of SPEC §9: every carousel autoplays with this delay and transition speed, and loops.
export const CAROUSEL_DELAY_MS = 2000;
export const CAROUSEL_SPEED_MS = 1000;

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

const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/** True when the visitor asks for reduced motion; false on the server and until hydration. */
export function usePrefersReducedMotion(): boolean {
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    const query = window.matchMedia(REDUCED_MOTION_QUERY);
    const update = () => setReduced(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return reduced;
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

/** Swiper set-ups queue up and run one per task, so a page of carousels is not one long task on a slow phone. */
let setUpQueue: Promise<void> = Promise.resolve();
function ownTask(): Promise<void> {
  const turn = setUpQueue.then(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
  setUpQueue = turn;
  return turn;
}

/**
 * A reusable, accessible carousel on Swiper. The slides are plain server-rendered markup; Swiper
 * is loaded with a dynamic import() after hydration. Autoplay pauses while the pointer is over
 * the slides or focus is in them, stops with the visible pause button, and never starts when
 * the visitor prefers reduced motion (WCAG 2.2.2).
 */
export function Carousel({ label, children, perView = { 0: 1 }, spaceBetween = 16, pagination = false, className }: CarouselProps) {
  const slides = Children.toArray(children);
  const count = slides.length;
  const steps = sortedPerView(perView);
  const maxPerView = Math.max(...steps.map(([, n]) => n));
  const key = `carousel-${steps.map(([w, n]) => `${w}-${n}`).join('_')}-g${spaceBetween}`;

  const viewportRef = useRef<HTMLDivElement>(null);
  const dotsRef = useRef<HTMLDivElement>(null);
  const swiperRef = useRef<SwiperInstance | null>(null);
  const [ready, setReady] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  /**
   * Swiper is set up when the carousel first comes near the screen, and autoplay runs only while
   * it is (nearly) on screen: setting up and moving slides nobody sees costs a slow phone's CPU
   * (six carousels set up at once were most of the home page's blocking time).
   */
  const [onScreen, setOnScreen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const [userPlaying, setUserPlaying] = useState<boolean | null>(null);
  const reduced = usePrefersReducedMotion();
  const canMove = count > 1;
  const playing = canMove && (userPlaying ?? !reduced);

  useEffect(() => {
    const el = viewportRef.current;
    if (!el || count === 0 || !wanted) return;
    let cancelled = false;
    let instance: SwiperInstance | null = null;
    import('./carousel-swiper')
      .then(async (swiperModule) => {
        await ownTask();
        return swiperModule;
      })
      .then(({ Swiper, A11y, Autoplay, Pagination }) => {
        if (cancelled) return;
        // Loop needs more slides than are ever shown at once; with fewer, wrap around instead.
        const loop = count > maxPerView;
        instance = new Swiper(el, {
          modules: pagination ? [A11y, Autoplay, Pagination] : [A11y, Autoplay],
          slidesPerView: steps[0]?.[1] ?? 1,
          spaceBetween,
          breakpoints: Object.fromEntries(steps.filter(([w]) => w > 0).map(([w, n]) => [w, { slidesPerView: n }])),
          speed: window.matchMedia(REDUCED_MOTION_QUERY).matches ? 0 : CAROUSEL_SPEED_MS,
          loop,
          rewind: !loop,
          autoplay: { delay: CAROUSEL_DELAY_MS, disableOnInteraction: false },
          pagination: pagination && dotsRef.current ? { el: dotsRef.current, clickable: true, bulletElement: 'button' } : false,
          a11y: {
            containerMessage: null,
            containerRoleDescriptionMessage: null,
            itemRoleDescriptionMessage: 'slide',
            slideLabelMessage: '{{index}} of {{slidesLength}}',
            paginationBulletMessage: `Show slide {{index}} of ${label}`,
          },
        });
        instance.autoplay.stop(); // the effect below starts it when nothing asks it to wait
        swiperRef.current = instance;
        setReady(true);
      })
      .catch(() => {
        // The Swiper chunk did not load: the slides stay a scrollable strip (see carousel.css).
      });
    return () => {
      cancelled = true;
      instance?.destroy(true, true);
      swiperRef.current = null;
      setReady(false);
    };
    // Rebuilt only when the slides or the layout change (`key` encodes perView and spaceBetween).
    // oxlint-disable-next-line react-hooks/exhaustive-deps, react/exhaustive-effect-dependencies
  }, [count, key, pagination, wanted]);

  useEffect(() => {
    const el = viewportRef.current;
    if (!el || typeof IntersectionObserver !== 'function') {
      setOnScreen(true);
      setWanted(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        const near = entries.some((e) => e.isIntersecting);
        setOnScreen(near);
        if (near) setWanted(true);
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const swiper = swiperRef.current;
    if (!ready || !swiper || swiper.destroyed) return;
    swiper.params.speed = reduced ? 0 : CAROUSEL_SPEED_MS;
    const run = playing && !hovered && !focused && onScreen;
    if (run && !swiper.autoplay.running) swiper.autoplay.start();
    else if (!run && swiper.autoplay.running) swiper.autoplay.stop();
  }, [ready, playing, hovered, focused, reduced, onScreen]);

  const onBlur = useCallback((event: React.FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  }, []);

  if (count === 0) return null;
  const go = (direction: 'prev' | 'next') => {
    const swiper = swiperRef.current;
    if (swiper && !swiper.destroyed) {
      if (direction === 'next') swiper.slideNext();
      else swiper.slidePrev();
      return;
    }
    const el = viewportRef.current;
    el?.scrollBy({ left: (direction === 'next' ? 1 : -1) * el.clientWidth, behavior: 'smooth' });
  };

  return (
    <section className={`carousel ${key}${className ? ` ${className}` : ''}`} aria-roledescription="carousel" aria-label={label}>
      <style href={key} precedence="default">
        {slideWidthCss(key, steps, spaceBetween)}
      </style>
      <div
        className="swiper"
        ref={viewportRef}
        // Until Swiper starts, the strip scrolls natively: keyboard users must be able to reach it.
        tabIndex={ready ? undefined : 0}
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
        onFocus={() => setFocused(true)}
        onBlur={onBlur}
      >
        <div className="swiper-wrapper" aria-live={playing ? 'off' : 'polite'}>
          {slides.map((slide, i) => (
            // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role -- the APG carousel pattern: each slide is a group
            <div className="swiper-slide" role="group" aria-roledescription="slide" aria-label={`${i + 1} of ${count}`} key={i}>
              {slide}
            </div>
          ))}
        </div>
      </div>
      {canMove ? (
        <div className="carousel__bar">
          {pagination ? <div className="carousel__dots" ref={dotsRef} /> : null}
          <div className="carousel__controls">
            <button type="button" className="carousel__button" aria-label={`Previous slide of ${label}`} onClick={() => go('prev')}>
              <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
                <path d="M15 5l-7 7 7 7" />
              </svg>
            </button>
            <PlayPauseButton playing={playing} what={label} onToggle={() => setUserPlaying(!playing)} />
            <button type="button" className="carousel__button" aria-label={`Next slide of ${label}`} onClick={() => go('next')}>
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
