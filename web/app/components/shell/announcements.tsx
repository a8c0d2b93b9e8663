import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { Highlight } from '@sthsm/contract';
import { imageUrl } from '../../lib/images';
import { useI18n } from '../../i18n/i18n';
/** SPEC §8: "three copies". They are the same words, so they never rotate. */
const NO_HIGHLIGHTS_COPIES = 3;
/** How long each announcement stays before the next one scrolls in. */
export const ANNOUNCEMENT_MS = 5_000;

interface Item {
  key: string;
  text: string;
  href?: string;
  /** The text's language when the school translated it (the API's `lang`). */
  lang?: string | undefined;
}

/** The strip's items; `none` is what it shows when there are no highlights or the call failed (SPEC §8). */
function itemsOf(highlights: Highlight[] | null, none: string): Item[] {
  const usable = (highlights ?? []).filter((h) => h.description?.trim());
  if (usable.length === 0) {
    return Array.from({ length: NO_HIGHLIGHTS_COPIES }, (_, i) => ({ key: `placeholder-${i}`, text: none }));
  }
  return usable.map((h, i) => ({
    key: `highlight-${i}`,
    text: h.description.trim(),
    href: h.attachments?.[0] ? imageUrl(h.attachments[0]) : undefined,
    lang: h.lang,
  }));
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
const reducedMotion = () => typeof window !== 'undefined' && window.matchMedia(REDUCED_MOTION).matches;
const subscribeMotion = (onChange: () => void) => {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};
const noSubscription = () => () => {};

/**
 * The Announcements strip (SPEC §2), readable on a phone (issue 17): one announcement at a time,
 * whole, in a horizontal scroll-snap list — so without JavaScript (or before it starts) a visitor
 * swipes or scrolls through them. Once started, the next one scrolls in every few seconds; it
 * pauses on hover and while focus is inside, and has its own Pause/Play, Previous and Next buttons
 * (WCAG 2.2.2). With reduced motion nothing moves by itself: one item shows, the buttons step.
 * Every item stays in the accessibility tree (no duplicate copies).
 */
export function Announcements({ highlights }: { highlights: Highlight[] | null }) {
  const { t, textLang, textDir, dir } = useI18n();
  // Right to left the list scrolls leftwards from 0: its scrollLeft runs 0, −width, −2 × width …
  const forward = dir === 'rtl' ? -1 : 1;
  const items = itemsOf(highlights, t('shell.noAnnouncements'));
  // Only different announcements take turns; identical placeholders simply stand.
  const count = new Set(items.map((item) => item.text)).size > 1 ? items.length : 1;
  const listRef = useRef<HTMLUListElement>(null);
  const [index, setIndex] = useState(0);
  // The item on its way in: two quick taps on Next step twice even before React has re-rendered.
  const latest = useRef(0);
  // While a scroll we started is under way, the scroll events it fires pass through the items in
  // between: they must not pull the counter (and the next step) back to where the list is passing.
  const scrolling = useRef<number | null>(null);
  // Stopped or started by the visitor (null: not chosen — reduced motion decides); held while the
  // pointer or focus is inside. `started` is false in the server HTML and true once hydrated.
  const [choice, setChoice] = useState<'stopped' | 'playing' | null>(null);
  const [held, setHeld] = useState(false);
  const started = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const prefersStill = useSyncExternalStore(subscribeMotion, reducedMotion, () => false);
  const stopped = choice === null ? prefersStill : choice === 'stopped';

  function show(next: number) {
    const list = listRef.current;
    if (!list || count < 2) return;
    const target = ((next % count) + count) % count;
    scrolling.current = target;
    latest.current = target;
    setIndex(target);
    list.scrollTo({ left: forward * target * list.clientWidth, behavior: reducedMotion() ? 'auto' : 'smooth' });
  }

  useEffect(() => {
    if (!started || stopped || held || count < 2) return;
    const timer = setInterval(() => show(latest.current + 1), ANNOUNCEMENT_MS);
    return () => clearInterval(timer);
    // `show` reads only refs and the item count.
    // oxlint-disable-next-line react-hooks/exhaustive-deps, react/exhaustive-effect-dependencies
  }, [started, stopped, held, count]);

  // A swipe or a scroll by the visitor moves the list itself: follow it, so the counter and the
  // next step agree. Our own scroll is followed once it has arrived (or stopped short).
  const follow = () => {
    const list = listRef.current;
    if (!list || list.clientWidth === 0) return;
    const at = Math.abs(list.scrollLeft) / list.clientWidth;
    if (scrolling.current !== null) {
      if (Math.abs(at - scrolling.current) > 0.01) return;
      scrolling.current = null;
    }
    const shown = Math.min(count - 1, Math.round(at));
    latest.current = shown;
    setIndex(shown);
  };
  const onScrollEnd = () => {
    scrolling.current = null;
    follow();
  };
  const byHand = () => {
    scrolling.current = null;
  };

  const playing = started && !stopped && count > 1;
  return (
    // oxlint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- pointer and focus only hold the rotation (SPEC §2)
    <section
      className="announcements"
      aria-labelledby="announcements-title"
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setHeld(false);
      }}
    >
      <div className="container announcements__inner">
        <h2 id="announcements-title" className="announcements__title">
          {t('shell.announcements')}
        </h2>
        {/* oxlint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- scroll only mirrors the position */}
        <ul
          ref={listRef}
          // Identical placeholders (SPEC §8's three copies) stand still: nothing to scroll to, so no
          // scroll box without a focusable item in it (axe scrollable-region-focusable).
          className={count > 1 ? 'announcements__list' : 'announcements__list announcements__list--still'}
          onScroll={follow}
          onScrollEnd={onScrollEnd}
          onPointerDown={byHand}
          onWheel={byHand}
          data-playing={playing ? 'true' : 'false'}
        >
          {items.map((item, i) => (
            <li key={item.key} className="announcements__item" aria-current={count > 1 && i === index ? 'true' : undefined}>
              {item.href ? (
                <a href={item.href} target="_blank" rel="noopener noreferrer">
                  <span lang={textLang(item.lang)} dir={textDir(item.lang)}>
                    {item.text}
                  </span>
                  <span className="visually-hidden">{t('shell.newTab')}</span>
                </a>
              ) : (
                <span
                  lang={item.key.startsWith('placeholder') ? undefined : textLang(item.lang)}
                  dir={item.key.startsWith('placeholder') ? undefined : textDir(item.lang)}
                >
                  {item.text}
                </span>
              )}
            </li>
          ))}
        </ul>
        {count > 1 ? (
          <div className="announcements__controls">
            <span className="announcements__count">
              {index + 1} / {count}
            </span>
            <button type="button" className="announcements__button" onClick={() => show(latest.current - 1)} disabled={!started}>
              <span aria-hidden="true">‹</span>
              <span className="visually-hidden">{t('shell.previousAnnouncement')}</span>
            </button>
            <button
              type="button"
              className="announcements__button announcements__button--toggle"
              onClick={() => setChoice(playing ? 'stopped' : 'playing')}
              disabled={!started}
              // The words the shell's script (lib/enhance.server.ts) switches between on a page without React.
              data-pause={t('shell.pause')}
              data-play={t('shell.play')}
            >
              {playing ? t('shell.pause') : t('shell.play')}
              <span className="visually-hidden">{t('shell.announcementsHidden')}</span>
            </button>
            <button type="button" className="announcements__button" onClick={() => show(latest.current + 1)} disabled={!started}>
              <span aria-hidden="true">›</span>
              <span className="visually-hidden">{t('shell.nextAnnouncement')}</span>
            </button>
          </div>
        ) : null}
      </div>
    </section>
  );
}
