import { useEffect, useRef, useState } from 'react';
import { formatLong, isoDay } from '../../lib/dates';
import { usePrefersReducedMotion } from '../Carousel';
import type { HomeNewsItem } from './data';
import { TICKER_PX_PER_MS } from './motion';

/** Longest frame we advance in one step, so a background tab does not make the list jump. */
const MAX_FRAME_MS = 100;

/**
 * The Latest News ticker (SPEC §2): the list moves upward at SPEC §9's speed, pauses while the
 * pointer is over it or it has keyboard focus, stops with its pause button, and stays still (and
 * scrollable) when the visitor prefers reduced motion.
 */
export function NewsTicker({ items }: { items: HomeNewsItem[] }) {
  const viewportRef = useRef<HTMLElement>(null);
  const trackRef = useRef<HTMLDivElement>(null);
  const copyRef = useRef<HTMLUListElement>(null);
  const offset = useRef(0);
  /** How many copies of the list fill the box plus one (0 until measured after hydration). */
  const [copies, setCopies] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [userPlaying, setUserPlaying] = useState<boolean | null>(null);
  const reduced = usePrefersReducedMotion();
  const playing = userPlaying ?? !reduced;
  const animated = copies > 0 && !reduced;
  const moving = animated && playing && !hovered && !focused;

  useEffect(() => {
    const viewport = viewportRef.current;
    const track = trackRef.current;
    if (!viewport || !track) return;
    const measure = () => {
      const list = track.firstElementChild as HTMLElement | null;
      const height = list?.offsetHeight ?? 0;
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
    if (!track) return;
    if (!animated) {
      offset.current = 0;
      track.style.transform = '';
    }
  }, [animated]);

  useEffect(() => {
    const track = trackRef.current;
    if (!moving || !track) return;
    let last = performance.now();
    let frame = requestAnimationFrame(function step(now) {
      // One full list height later the copy below stands exactly where the list began.
      const period = copyRef.current?.offsetTop ?? 0;
      offset.current += Math.min(now - last, MAX_FRAME_MS) * TICKER_PX_PER_MS;
      if (period > 0) offset.current %= period;
      last = now;
      track.style.transform = `translateY(${-offset.current}px)`;
      frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
  }, [moving]);

  if (items.length === 0) {
    return <p className="news-ticker__empty">No current news updates available.</p>;
  }

  // Copies after the first (aria-hidden) let the list loop without a gap.
  const list = (copy: number) => (
    <ul className="news-ticker__list" key={copy} ref={copy === 1 ? copyRef : undefined} aria-hidden={copy > 0 || undefined}>
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
        <button
          type="button"
          className="carousel__button news-ticker__toggle"
          aria-label={`${playing ? 'Pause' : 'Play'} news ticker`}
          onClick={() => setUserPlaying(!playing)}
        >
          {playing ? (
            <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20"><path d="M8 5v14M16 5v14" /></svg>
          ) : (
            <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20"><path d="M7 5l12 7-12 7z" className="fill" /></svg>
          )}
        </button>
      ) : null}
    </div>
  );
}
