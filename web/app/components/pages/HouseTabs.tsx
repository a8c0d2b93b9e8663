import { useRef, useState, type KeyboardEvent } from 'react';
import type { House } from '@sthsm/content/pages/house';
import type { SiteImage } from '@sthsm/content/media-catalog';
import { imageSrcSet, imageUrl } from '../../lib/images';

// WAI-ARIA tabs (https://www.w3.org/WAI/ARIA/apg/patterns/tabs/) with automatic activation:
// arrows, Home and End move focus and select. All four panels are in the server HTML; the
// unselected ones carry `hidden`, and a <noscript> style shows them all (and hides the
// tablist, whose buttons need JavaScript) so the page is complete without scripts.
const NOSCRIPT_CSS = '.house-tabs [role="tablist"]{display:none}.house-tabs [role="tabpanel"][hidden]{display:grid}';

export interface HouseWithImage extends House {
  image: SiteImage;
}

export function HouseTabs({ houses }: { houses: HouseWithImage[] }) {
  const [selected, setSelected] = useState(0);
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);

  function select(index: number) {
    setSelected(index);
    tabs.current[index]?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const last = houses.length - 1;
    const next: Record<string, number> = {
      ArrowRight: selected === last ? 0 : selected + 1,
      ArrowLeft: selected === 0 ? last : selected - 1,
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
      <noscript>
        <style>{NOSCRIPT_CSS}</style>
      </noscript>
      <div role="tablist" aria-label="School houses" className="house-tablist">
        {houses.map((house, index) => (
          <button
            key={house.id}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`house-tab-${house.id}`}
            aria-controls={`house-panel-${house.id}`}
            aria-selected={index === selected}
            tabIndex={index === selected ? 0 : -1}
            className="house-tab"
            style={{ '--house-colour': house.swatch } as React.CSSProperties}
            onClick={() => select(index)}
            onKeyDown={onKeyDown}
          >
            <span className="house-swatch" aria-hidden="true" />
            {house.name}
          </button>
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
          className="house-panel"
          style={{ '--house-colour': house.swatch } as React.CSSProperties}
        >
          <img
            src={imageUrl(house.image.path, 480)}
            srcSet={imageSrcSet(house.image.path, 800)}
            sizes="(min-width: 768px) 320px, 100vw"
            alt={house.image.alt}
            width={house.image.width}
            height={house.image.height}
            loading={index === 0 ? 'eager' : 'lazy'}
          />
          <div>
            <h2>{house.name} House</h2>
            <dl className="house-facts">
              <div>
                <dt>Colour</dt>
                <dd>
                  <span className="house-swatch" aria-hidden="true" /> {house.colour}
                </dd>
              </div>
              <div>
                <dt>Motto</dt>
                <dd>{house.motto}</dd>
              </div>
            </dl>
            <p>{house.text}</p>
          </div>
        </div>
      ))}
    </div>
  );
}
