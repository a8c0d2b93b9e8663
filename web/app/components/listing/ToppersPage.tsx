import { siteImages } from '@sthsm/content/media-catalog';
import { PageHeader } from '../PageHeader';
import { imageSrcSet, imageUrl } from '../../lib/images';
import { ALL } from '../../lib/filters';
import { FilterForm } from './FilterForm';
import { ListingResults } from './ListingResults';
import { listingPage, summaryText } from './listing';
import type { ToppersData } from './toppers.server';

const TOPPER_PHOTO = { width: 400, height: 500 };

/** The page body shared by /Toppers (class X) and /ToppersXII (class XII). */
export function ToppersPage({ path, data }: { path: string; data: ToppersData }) {
  const { items, totalInSession, sessions, filters, failed, topperClass } = data;
  const { title, section } = listingPage(path);
  const clearTo = `${path}?session=All`;
  const trophy = siteImages.trophy;
  return (
    <>
      <PageHeader title={title} section={section} />
      <div className="container listing">
        <FilterForm
          selects={[
            {
              name: 'session',
              label: 'Session',
              value: filters.session,
              options: [{ value: ALL, label: 'All' }, ...sessions.map((s) => ({ value: s, label: s }))],
            },
          ]}
          q={filters.q}
          searchLabel={`Filter class ${topperClass} toppers`}
          searchFieldLabel="Search by name"
          summary={summaryText(items.length, totalInSession, 'topper', 'toppers') + (filters.session === ALL ? '' : ` in ${filters.session}`)}
          clearTo={clearTo}
        />
        <ListingResults
          items={items}
          failed={failed}
          failedWhat="toppers"
          what="toppers"
          clearTo={clearTo}
          listClass="topper-grid"
          label={`Class ${topperClass} toppers`}
          renderItem={(topper) => {
            const photo = topper.attachments?.[0];
            return (
              <article className="topper-card">
                {photo ? (
                  <img
                    className="topper-card__photo"
                    src={imageUrl(photo, 320)}
                    srcSet={imageSrcSet(photo, 640)}
                    sizes="(min-width: 992px) 25vw, (min-width: 600px) 33vw, 50vw"
                    alt={topper.name}
                    width={TOPPER_PHOTO.width}
                    height={TOPPER_PHOTO.height}
                    loading="lazy"
                    decoding="async"
                  />
                ) : (
                  <img
                    className="topper-card__photo topper-card__photo--trophy"
                    src={imageUrl(trophy.path)}
                    alt=""
                    width={trophy.width}
                    height={trophy.height}
                    loading="lazy"
                    decoding="async"
                  />
                )}
                <h2 className="topper-card__name">{topper.name}</h2>
                {topper.stream ? <p className="topper-card__stream">{topper.stream}</p> : null}
                <p className="topper-card__division">
                  <span className="visually-hidden">Division: </span>
                  {topper.division}
                </p>
                <p className="topper-card__session">{topper.sessionYear}</p>
              </article>
            );
          }}
        />
      </div>
    </>
  );
}
