// The Latest News ticker's behaviour on its server-rendered markup (news-ticker.tsx), with no React
// (docs/decisions/0078): the list moves upward at SPEC §9's speed, pauses while the pointer is over
// it or it has keyboard focus, stops with its pause button, and stays still (and scrollable) when
// the visitor prefers reduced motion. The motion is one infinite Web Animation of `transform` (run
// by the compositor, not a requestAnimationFrame loop on the main thread, which on a slow phone kept
// the CPU busy and delayed every tap); pausing keeps its place.
import { REDUCED_MOTION_QUERY, setPlayPause, watchHold } from '../carousel-controller';
import { TICKER_PX_PER_MS } from './motion';

/** Gives the ticker in `root` (.news-ticker) its motion; returns what undoes it. */
export function mountTicker(root: HTMLElement): () => void {
  const viewport = root.querySelector<HTMLElement>('.news-ticker__viewport');
  const track = root.querySelector<HTMLElement>('.news-ticker__track');
  const list = track?.querySelector<HTMLElement>('.news-ticker__list');
  /** The pause button (PlayPauseButton), shown only while the list moves. */
  const toggle = root.querySelector<HTMLButtonElement>('.news-ticker__toggle');
  if (!viewport || !track || !list || !toggle || typeof track.animate !== 'function') return () => undefined;
  const reduced = window.matchMedia(REDUCED_MOTION_QUERY);
  const listeners = new AbortController();
  let run: Animation | null = null;
  /** The offset (px) reached so far, carried over when the animation is rebuilt after a resize. */
  let offset = 0;
  let period = 0;
  let userPlaying: boolean | null = null;
  const playing = () => userPlaying ?? !reduced.matches;
  const held = watchHold(viewport, listeners.signal, () => update());

  const update = () => {
    setPlayPause(toggle, playing());
    if (!run) return;
    if (playing() && !held()) run.play();
    else run.pause();
  };

  /** Copies after the first (aria-hidden) let the list loop without a gap; one list's height is one period. */
  const build = () => {
    if (run) {
      const duration = period / TICKER_PX_PER_MS;
      offset = (Number(run.currentTime ?? 0) % duration) * TICKER_PX_PER_MS;
      run.cancel();
      run = null;
    }
    for (const copy of Array.from(track.children).slice(1)) copy.remove();
    const height = list.offsetHeight;
    const animated = height > 0 && !reduced.matches;
    root.classList.toggle('is-animated', animated);
    if (!animated) {
      offset = 0;
      period = height;
      toggle.hidden = true;
      return;
    }
    // A list shorter than the viewport (a new school's one headline) goes round like a marquee: its
    // copy follows a viewport's height below it, so it leaves at the top before the copy comes in at
    // the bottom, never shown several times at once. (Set through the CSSOM, which the page's CSP allows.)
    const gap = height < viewport.clientHeight ? viewport.clientHeight : 0;
    period = height + gap;
    const copies = Math.ceil(viewport.clientHeight / period) + 1;
    for (let i = 1; i < copies; i++) {
      const copy = list.cloneNode(true) as HTMLElement;
      copy.setAttribute('aria-hidden', 'true');
      if (gap > 0) copy.style.marginTop = `${gap}px`;
      track.append(copy);
    }
    toggle.hidden = false;
    // One full list height later the copy below stands exactly where the list began.
    run = track.animate([{ transform: 'translateY(0)' }, { transform: `translateY(${-period}px)` }], {
      duration: period / TICKER_PX_PER_MS,
      iterations: Infinity,
    });
    run.currentTime = (offset % period) / TICKER_PX_PER_MS;
    update();
  };

  let measured = { height: -1, list: -1 };
  const observer = new ResizeObserver(() => {
    const now = { height: viewport.clientHeight, list: list.offsetHeight };
    if (now.height === measured.height && now.list === measured.list) return;
    measured = now;
    build();
  });
  observer.observe(viewport);
  observer.observe(list);
  toggle.addEventListener(
    'click',
    () => {
      userPlaying = !playing();
      update();
    },
    { signal: listeners.signal },
  );
  reduced.addEventListener('change', build, { signal: listeners.signal });

  return () => {
    listeners.abort();
    observer.disconnect();
    run?.cancel();
    toggle.hidden = true;
    for (const copy of Array.from(track.children).slice(1)) copy.remove();
    root.classList.remove('is-animated');
  };
}
