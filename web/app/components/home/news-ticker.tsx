import { useEffect, useRef, useState } from 'react';
import { formatLong, isoDay } from '../../lib/dates';
import { usePrefersReducedMotion } from '../carousel';
import { PlayPauseButton } from '../play-pause-button';
import type { HomeNewsItem } from './data';
import { TICKER_PX_PER_MS } from './motion';

/**
 * The Latest News ticker (SPEC §2): the list moves upward at SPEC §9's speed, pauses while the
 * pointer is over it or it has keyboard focus, stops with its pause button, and stays still (and
 * scrollable) when the visitor prefers reduced motion. The motion is one infinite Web Animation of
 * `transform` (run by the compositor, not a requestAnimationFrame loop on the main thread, which
 * on a slow phone kept the CPU busy and delayed every tap); pausing keeps its place.
 */
export function NewsTicker({ items }: { items: HomeNewsItem[] }) {
  const viewportRef = useRef<HTMLElement>(null);
  const trackRef = useRef<HTMLDivElement>(null);
  const animation = useRef<Animation | null>(null);
  /** The offset (px) reached so far, carried over when the animation is rebuilt after a resize. */
  const offset = useRef(0);
  /** How many copies of the list fill the box plus one, and one list's height (0 until measured after hydration). */
  const [copies, setCopies] = useState(0);
  const [period, setPeriod] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [userPlaying, setUserPlaying] = useState<boolean | null>(null);
  const reduced = usePrefersReducedMotion();
  const playing = userPlaying ?? !reduced;
  const animated = copies > 0 && !reduced;
  const moving = animated && playing && !hovered && !focused;
  /** Read by the effect that (re)builds the animation; runs before it in the same commit. */
  const movingNow = useRef(moving);
  useEffect(() => {
    movingNow.current = moving;
  });

  useEffect(() => {
    const viewport = viewportRef.current;
    const track = trackRef.current;
    if (!viewport || !track) return;
    const measure = () => {
      const list = track.firstElementChild as HTMLElement | null;
      const height = list?.offsetHeight ?? 0;
      setPeriod(height);
      setCopies(height > 0 ? Math.ceil(viewport.clientHeight / height) + 1 : 0);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(viewport);
    if (track.firstElementChild) observer.observe(track.firstElementChild);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const track = trackRef.current;
    if (!animated || !track || period <= 0 || typeof track.animate !== 'function') {
      offset.current = 0;
      return;
    }
    // One full list height later the copy below stands exactly where the list began.
    const duration = period / TICKER_PX_PER_MS;
    const run = track.animate([{ transform: 'translateY(0)' }, { transform: `translateY(${-period}px)` }], {
      duration,
      iterations: Infinity,
    });
    run.currentTime = (offset.current % period) / TICKER_PX_PER_MS;
    if (!movingNow.current) run.pause();
    animation.current = run;
    return () => {
      const time = Number(run.currentTime ?? 0);
      offset.current = (time % duration) * TICKER_PX_PER_MS;
      run.cancel();
      if (animation.current === run) animation.current = null;
    };
  }, [animated, period]);

  useEffect(() => {
    const run = animation.current;
    if (!run) return;
    if (moving) run.play();
    else run.pause();
  }, [moving]);

  if (items.length === 0) {
    return <p className="news-ticker__empty">No current news updates available.</p>;
  }

  // Copies after the first (aria-hidden) let the list loop without a gap.
  const list = (copy: number) => (
    <ul className="news-ticker__list" key={copy} aria-hidden={copy > 0 || undefined}>
      {items.map((item) => (
        <li key={item.id}>
          {item.date ? <time dateTime={isoDay(item.date)}>{formatLong(item.date)}</time> : null}
          <span>{item.title}</span>
        </li>
      ))}
    </ul>
  );

  return (
    <div className={`news-ticker${animated ? ' is-animated' : ''}`}>
      {/* A scrollable region must be focusable (it scrolls by keyboard when still); hover and focus pause it. */}
      {/* oxlint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <section
        className="news-ticker__viewport"
        ref={viewportRef}
        aria-label="Latest news headlines"
        // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
      >
        <div className="news-ticker__track" ref={trackRef}>
          {list(0)}
          {animated ? Array.from({ length: copies - 1 }, (_, i) => list(i + 1)) : null}
        </div>
      </section>
      {animated ? (
        <PlayPauseButton
          playing={playing}
          what="news ticker"
          onToggle={() => setUserPlaying(!playing)}
          className="carousel__button news-ticker__toggle"
        />
      ) : null}
    </div>
  );
}
