import { useState, type CSSProperties } from 'react';
import type { Highlight } from '@sthsm/contract';
import { imageUrl } from '../../lib/images';

/** SPEC §8: what the ticker shows when there are no highlights or the call failed. */
export const NO_HIGHLIGHTS_TEXT = 'Stay tuned for latest updates';
const NO_HIGHLIGHTS_COPIES = 3;
/** Ticker speed: seconds per character of text, with a floor so short lists stay readable. */
const SECONDS_PER_CHAR = 0.22;
const MIN_DURATION_S = 18;

interface Item {
  key: string;
  text: string;
  href?: string;
}

function itemsOf(highlights: Highlight[] | null): Item[] {
  const usable = (highlights ?? []).filter((h) => h.description?.trim());
  if (usable.length === 0) {
    return Array.from({ length: NO_HIGHLIGHTS_COPIES }, (_, i) => ({ key: `placeholder-${i}`, text: NO_HIGHLIGHTS_TEXT }));
  }
  return usable.map((h, i) => ({
    key: `highlight-${i}`,
    text: h.description.trim(),
    href: h.attachments?.[0] ? imageUrl(h.attachments[0]) : undefined,
  }));
}

function TickerList({ items, clone }: { items: Item[]; clone?: boolean }) {
  return (
    <ul className={clone ? 'ticker__list ticker__list--clone' : 'ticker__list'} aria-hidden={clone ? true : undefined}>
      {items.map((item) => (
        <li key={item.key} className="ticker__item">
          {item.href ? (
            <a href={item.href} target="_blank" rel="noopener noreferrer" tabIndex={clone ? -1 : undefined}>
              {item.text}
              {clone ? null : <span className="visually-hidden"> (opens in a new tab)</span>}
            </a>
          ) : (
            <span>{item.text}</span>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * The Announcements strip (SPEC §2): highlights scrolling as a CSS ticker. It pauses on hover
 * and while focus is inside it, has a visible pause/play button (WCAG 2.2.2), and is a static
 * list when the visitor prefers reduced motion. The second copy of the list makes the loop
 * seamless and is hidden from assistive technology.
 */
export function Announcements({ highlights }: { highlights: Highlight[] | null }) {
  const [paused, setPaused] = useState(false);
  const items = itemsOf(highlights);
  const chars = items.reduce((sum, item) => sum + item.text.length, 0);
  const style = { '--ticker-duration': `${Math.max(MIN_DURATION_S, Math.round(chars * SECONDS_PER_CHAR))}s` } as CSSProperties;
  return (
    <section className="announcements" aria-labelledby="announcements-title">
      <div className="container announcements__inner">
        <h2 id="announcements-title" className="announcements__title">Announcements</h2>
        <div className="ticker" data-paused={paused ? 'true' : 'false'}>
          <div className="ticker__track" style={style}>
            <TickerList items={items} />
            <TickerList items={items} clone />
          </div>
        </div>
        <button
          type="button"
          className="ticker__toggle"
          onClick={() => setPaused((value) => !value)}
        >
          {paused ? 'Play' : 'Pause'}
          <span className="visually-hidden"> announcements</span>
        </button>
      </div>
    </section>
  );
}
