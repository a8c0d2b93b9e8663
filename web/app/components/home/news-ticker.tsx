import { useEffect, useRef } from 'react';
import { useI18n } from '../../i18n/i18n';
import { isoDay } from '../../lib/dates';
import { PlayPauseButton } from '../play-pause-button';
import type { HomeNewsItem } from './data';
import { mountTicker } from './ticker-controller';

/**
 * The Latest News ticker (SPEC §2): the server-rendered list and its pause button (hidden until the
 * list moves). Its motion (ticker-controller.ts) runs from the home page's island, or from the
 * effect below where React renders it in the browser.
 */
export function NewsTicker({ items }: { items: HomeNewsItem[] }) {
  const { t, longDate, textLang, textDir } = useI18n();
  const rootRef = useRef<HTMLDivElement>(null);
  useEffect(() => (rootRef.current ? mountTicker(rootRef.current) : undefined), []);

  if (items.length === 0) {
    return <p className="news-ticker__empty">{t('media.home.noNews')}</p>;
  }
  return (
    <div className="news-ticker" ref={rootRef}>
      {/* A scrollable region must be focusable (it scrolls by keyboard when still); hover and focus pause it. */}
      {/* oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <section className="news-ticker__viewport" aria-label={t('media.home.newsRegion')} tabIndex={0}>
        <div className="news-ticker__track">
          <ul className="news-ticker__list">
            {items.map((item) => (
              <li key={item.id}>
                {item.date ? <time dateTime={isoDay(item.date)}>{longDate(item.date)}</time> : null}
                <span lang={textLang(item.lang)} dir={textDir(item.lang)}>
                  {item.title}
                </span>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <PlayPauseButton playing what={t('media.home.newsTicker')} className="carousel__button news-ticker__toggle" hidden />
    </div>
  );
}
