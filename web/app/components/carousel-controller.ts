// The Carousel's behaviour on its server-rendered markup (components/carousel.tsx), with no React:
// the home page runs it from its island (islands/home.ts, docs/decisions/0078) and the Carousel
// component from an effect when React renders it in the browser. Swiper is loaded with a dynamic
// import() once the carousel comes near the screen; autoplay pauses while the pointer is over the
// slides or focus is in them, stops with the visible pause button, and never starts when the
// visitor prefers reduced motion (WCAG 2.2.2).
import type { Swiper as SwiperInstance } from 'swiper';

// Carousel timings of SPEC §9: every carousel autoplays with this delay and transition speed, and loops.
export const CAROUSEL_DELAY_MS = 2000;
export const CAROUSEL_SPEED_MS = 1000;
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/** What the markup carries in `data-carousel` for the controller. */
export interface CarouselSettings {
  label: string;
  /** [minimum viewport width px, slides per view], smallest first. */
  steps: Array<[number, number]>;
  spaceBetween: number;
  pagination: boolean;
  /** Swiper's words for screen readers, in the page's language (a slide, its position, a dot). */
  words?: { slide: string; slideLabel: string; bullet: string };
}

/** Swiper set-ups queue up and run one per task, so a page of carousels is not one long task on a slow phone. */
let setUpQueue: Promise<void> = Promise.resolve();
function ownTask(): Promise<void> {
  const turn = setUpQueue.then(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
  setUpQueue = turn;
  return turn;
}

/**
 * A play/pause button's state: its name ("Pause …" while moving, in the page's language: the
 * server wrote both in `data-pause` and `data-play`) and which icon shows (carousel.css).
 */
export function setPlayPause(button: HTMLElement, playing: boolean): void {
  button.dataset.playing = String(playing);
  const name = playing ? button.dataset.pause : button.dataset.play;
  if (name) button.setAttribute('aria-label', name);
}

/**
 * Moving content waits while the pointer is over `el` or focus is in it (WCAG 2.2.2): returns
 * whether it is held now, and calls `changed` after each change.
 */
export function watchHold(el: HTMLElement, signal: AbortSignal, changed: () => void): () => boolean {
  let hovered = false;
  let focused = false;
  const on = (type: string, apply: (event: Event) => void) =>
    el.addEventListener(
      type,
      (event) => {
        apply(event);
        changed();
      },
      { signal },
    );
  on('mouseenter', () => (hovered = true));
  on('mouseleave', () => (hovered = false));
  on('focusin', () => (focused = true));
  on('focusout', (event) => (focused = el.contains((event as FocusEvent).relatedTarget as Node | null)));
  return () => hovered || focused;
}

function settingsOf(section: HTMLElement): CarouselSettings | null {
  try {
    const value = JSON.parse(section.dataset.carousel ?? '') as CarouselSettings;
    return Array.isArray(value.steps) && typeof value.label === 'string' ? value : null;
  } catch {
    return null;
  }
}

/** Gives the carousel in `section` its behaviour; returns what undoes it. */
export function mountCarousel(section: HTMLElement): () => void {
  const settings = settingsOf(section);
  const viewport = section.querySelector<HTMLElement>('.swiper');
  const wrapper = viewport?.querySelector<HTMLElement>('.swiper-wrapper');
  if (!settings || !viewport || !wrapper) return () => undefined;
  const { label, steps, spaceBetween, pagination, words } = settings;
  const dots = section.querySelector<HTMLElement>('.carousel__dots');
  const toggle = section.querySelector<HTMLElement>('.carousel__play');
  const previous = section.querySelector<HTMLElement>('.carousel__prev');
  const next = section.querySelector<HTMLElement>('.carousel__next');
  const count = wrapper.children.length;
  const maxPerView = Math.max(...steps.map(([, n]) => n));
  const reduced = window.matchMedia(REDUCED_MOTION_QUERY);
  const listeners = new AbortController();
  const on = <K extends keyof HTMLElementEventMap>(el: HTMLElement | null, type: K, fn: (e: HTMLElementEventMap[K]) => void) =>
    el?.addEventListener(type, fn, { signal: listeners.signal });

  let swiper: SwiperInstance | null = null;
  let cancelled = false;
  let onScreen = false;
  let wanted = false;
  let userPlaying: boolean | null = null;
  const playing = () => count > 1 && (userPlaying ?? !reduced.matches);
  // Pointer over the slides or focus in them holds autoplay (events come after `update` exists).
  const held = watchHold(viewport, listeners.signal, () => update());

  /** Brings the button, the live region and Swiper's autoplay in line with the state. */
  const update = () => {
    const now = playing();
    if (toggle) setPlayPause(toggle, now);
    wrapper.setAttribute('aria-live', now ? 'off' : 'polite');
    if (!swiper || swiper.destroyed) return;
    swiper.params.speed = reduced.matches ? 0 : CAROUSEL_SPEED_MS;
    const run = now && !held() && onScreen;
    if (run && !swiper.autoplay.running) swiper.autoplay.start();
    else if (!run && swiper.autoplay.running) swiper.autoplay.stop();
  };

  const setUp = () => {
    if (wanted || count === 0) return;
    wanted = true;
    import('./carousel-swiper')
      .then(async (swiperModule) => {
        await ownTask();
        return swiperModule;
      })
      .then(({ Swiper, A11y, Autoplay, Pagination }) => {
        if (cancelled) return;
        // Loop needs more slides than are ever shown at once; with fewer, wrap around instead.
        const loop = count > maxPerView;
        swiper = new Swiper(viewport, {
          modules: pagination ? [A11y, Autoplay, Pagination] : [A11y, Autoplay],
          slidesPerView: steps[0]?.[1] ?? 1,
          spaceBetween,
          breakpoints: Object.fromEntries(steps.filter(([w]) => w > 0).map(([w, n]) => [w, { slidesPerView: n }])),
          speed: reduced.matches ? 0 : CAROUSEL_SPEED_MS,
          loop,
          rewind: !loop,
          autoplay: { delay: CAROUSEL_DELAY_MS, disableOnInteraction: false },
          pagination: pagination && dots ? { el: dots, clickable: true, bulletElement: 'button' } : false,
          a11y: {
            containerMessage: null,
            containerRoleDescriptionMessage: null,
            itemRoleDescriptionMessage: words?.slide ?? 'slide',
            slideLabelMessage: words?.slideLabel ?? '{{index}} of {{slidesLength}}',
            paginationBulletMessage: words?.bullet ?? `Show slide {{index}} of ${label}`,
          },
        });
        swiper.autoplay.stop(); // update() starts it when nothing asks it to wait
        // Swiper moves the strip now: it no longer scrolls, so it leaves the tab order.
        viewport.removeAttribute('tabindex');
        update();
      })
      .catch(() => {
        // The Swiper chunk did not load: the slides stay a scrollable strip (see carousel.css).
      });
  };

  /**
   * Swiper is set up when the carousel first comes near the screen, and autoplay runs only while
   * it is (nearly) on screen: setting up and moving slides nobody sees costs a slow phone's CPU.
   */
  let observer: IntersectionObserver | null = null;
  if (typeof IntersectionObserver === 'function') {
    observer = new IntersectionObserver(
      (entries) => {
        onScreen = entries.some((e) => e.isIntersecting);
        if (onScreen) setUp();
        update();
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(viewport);
  } else {
    onScreen = true;
    setUp();
  }

  const go = (direction: 'prev' | 'next') => {
    if (swiper && !swiper.destroyed) {
      if (direction === 'next') swiper.slideNext();
      else swiper.slidePrev();
      return;
    }
    // Right to left (an Urdu page), the next slide is to the left: scrolling there is negative.
    const forward = getComputedStyle(viewport).direction === 'rtl' ? -1 : 1;
    viewport.scrollBy({ left: (direction === 'next' ? forward : -forward) * viewport.clientWidth, behavior: 'smooth' });
  };
  on(previous, 'click', () => go('prev'));
  on(next, 'click', () => go('next'));
  on(toggle, 'click', () => {
    userPlaying = !playing();
    update();
  });
  reduced.addEventListener('change', update, { signal: listeners.signal });
  // Ready: the controls show (carousel.css hides them until something answers them).
  section.dataset.ready = '';
  update();

  return () => {
    delete section.dataset.ready;
    cancelled = true;
    listeners.abort();
    observer?.disconnect();
    swiper?.destroy(true, true);
    swiper = null;
    viewport.setAttribute('tabindex', '0');
  };
}
