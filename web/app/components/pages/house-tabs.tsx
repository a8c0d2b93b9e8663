import { useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { PageContent } from '@sthsm/contract/pages';
import { useI18n } from '../../i18n/i18n';
import { ApiImage } from '../api-image';
import { SchoolText } from './info-page';

// WAI-ARIA tabs (https://www.w3.org/WAI/ARIA/apg/patterns/tabs/) with automatic activation:
// arrows, Home and End move focus and select. All four panels are in the server HTML; the
// unselected ones carry `hidden`. Each tab is a link to `?house=<id>`, which the server renders
// with that house selected: a tab works without JavaScript and before the page has started on a
// slow phone (the click is a normal navigation), and a shared or reloaded URL keeps the house
// (docs/decisions/0070). Once started, a click selects in place and only replaces the URL.

/** The URL parameter naming the selected house. */
export const HOUSE_PARAM = 'house';

type House = PageContent<'house'>['houses'][number];

export function HouseTabs({ houses }: { houses: House[] }) {
  const { t, rich, contentLang, contentDir, tag, dir } = useI18n();
  // The panel is the school's text (its photo's description too), around our words in the page's language.
  const ours = contentLang ? tag : undefined;
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const fromUrl = Math.max(
    0,
    houses.findIndex((house) => house.id === searchParams.get(HOUSE_PARAM)),
  );
  const [selected, setSelected] = useState(fromUrl);
  const [seenUrl, setSeenUrl] = useState(fromUrl);
  // Back/Forward to another ?house= selects that house (React's "state from props" pattern).
  if (fromUrl !== seenUrl) {
    setSeenUrl(fromUrl);
    setSelected(fromUrl);
  }
  const tabs = useRef<Array<HTMLAnchorElement | null>>([]);

  function select(index: number) {
    const house = houses[index];
    if (!house) return;
    setSelected(index);
    tabs.current[index]?.focus();
    void navigate({ search: `?${HOUSE_PARAM}=${encodeURIComponent(house.id)}` }, { replace: true, preventScrollReset: true });
  }

  function onClick(event: MouseEvent<HTMLAnchorElement>, index: number) {
    // A new tab or window (modifier keys, middle button) keeps the link's normal behaviour.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    select(index);
  }

  function onKeyDown(event: KeyboardEvent<HTMLAnchorElement>) {
    const last = houses.length - 1;
    // Right to left the next tab is the one on the left (WAI-ARIA tabs).
    const next: Record<string, number> = {
      [dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight']: selected === last ? 0 : selected + 1,
      [dir === 'rtl' ? 'ArrowRight' : 'ArrowLeft']: selected === 0 ? last : selected - 1,
      Home: 0,
      End: last,
    };
    const target = next[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target);
  }

  return (
    <div className="house-tabs">
      <div role="tablist" aria-label={t('info.houses.tabs')} className="house-tablist">
        {houses.map((house, index) => (
          <a
            key={house.id}
            href={`?${HOUSE_PARAM}=${encodeURIComponent(house.id)}`}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            role="tab"
            lang={contentLang}
            dir={contentDir}
            id={`house-tab-${house.id}`}
            aria-controls={`house-panel-${house.id}`}
            aria-selected={index === selected}
            tabIndex={index === selected ? 0 : -1}
            className="house-tab"
            style={{ '--house-colour': house.swatch } as React.CSSProperties}
            onClick={(event) => onClick(event, index)}
            onKeyDown={onKeyDown}
          >
            <span className="house-swatch" aria-hidden="true" />
            {house.name}
          </a>
        ))}
      </div>
      {houses.map((house, index) => (
        <div
          key={house.id}
          role="tabpanel"
          id={`house-panel-${house.id}`}
          aria-labelledby={`house-tab-${house.id}`}
          tabIndex={0}
          hidden={index !== selected}
          lang={contentLang}
          className="house-panel"
          style={{ '--house-colour': house.swatch } as React.CSSProperties}
        >
          <ApiImage image={house.image} sizes="(min-width: 768px) 320px, 100vw" loading={index === 0 ? 'eager' : 'lazy'} />
          <div>
            <h2 lang={ours}>{rich('info.houses.heading', { house: <SchoolText>{house.name}</SchoolText> })}</h2>
            <dl className="house-facts">
              <div>
                <dt lang={ours}>{t('info.houses.colour')}</dt>
                <dd lang={contentLang} dir={contentDir}>
                  <span className="house-swatch" aria-hidden="true" /> {house.colour}
                </dd>
              </div>
              <div>
                <dt lang={ours}>{t('info.houses.motto')}</dt>
                <dd lang={contentLang} dir={contentDir}>
                  {house.motto}
                </dd>
              </div>
            </dl>
            <p lang={contentLang} dir={contentDir}>
              {house.text}
            </p>
          </div>
        </div>
      ))}
    </div>
  );
}
