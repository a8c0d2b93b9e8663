import { useLocation } from 'react-router';
import { ALL } from '../../lib/filters';
import { findPage } from '../../lib/site-map';
import { PageHeader } from '../page-header';
import { TopperPhoto, TopperResult } from '../topper-parts';
import { FilterForm } from './filter-form';
import { ListingResults } from './listing-results';
import { summaryText } from './listing';
import type { ToppersData } from '../../lib/toppers.server';

const TOPPER_PHOTO = { width: 400, height: 500 };

/** The page body shared by /Toppers (class X) and /ToppersXII (class XII). */
export function ToppersPage({ data }: { data: ToppersData }) {
  const { items, totalInSession, sessions, filters, failed, topperClass } = data;
  const { pathname } = useLocation();
  const clearTo = `${findPage(pathname)?.path ?? pathname}?session=All`;
  return (
    <>
      <PageHeader />
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
          summary={
            summaryText(items.length, totalInSession, 'topper', 'toppers') + (filters.session === ALL ? '' : ` in ${filters.session}`)
          }
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
            return (
              <article className="topper-card">
                <TopperPhoto
                  photo={topper.attachments[0]}
                  width={TOPPER_PHOTO.width}
                  height={TOPPER_PHOTO.height}
                  maxWidth={640}
                  sizes="(min-width: 992px) 25vw, (min-width: 600px) 33vw, 50vw"
                  alt={topper.name}
                />
                <h2 className="topper-card__name">{topper.name}</h2>
                <TopperResult stream={topper.stream} division={topper.division} />
                <p className="topper-card__session">{topper.sessionYear}</p>
              </article>
            );
          }}
        />
      </div>
    </>
  );
}
